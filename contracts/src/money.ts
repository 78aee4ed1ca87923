/**
 * Money in integer euro cents, and the one computation of HT, VAT per rate and TTC used by the
 * checkout summary, the payment provider's lines, the invoices and the analytics.
 *
 * Rounding rule: amounts are rounded to the cent, half away from zero (0,5 c -> 1 c, -0,5 c ->
 * -1 c). A line's discount is rounded on its own; the VAT of each rate is computed once on the
 * sum of the net amounts at that rate (EN 16931 rule BR-CO-17), never line by line.
 */

/** One line of a sale: `quantity` × `unitCents` HT, less `discountCents`, taxed at `vatRateBasisPoints`. */
export interface SaleLine {
  label: string;
  quantity: number;
  unitCents: number;
  discountCents?: number;
  /** 850 is 8,5 %. */
  vatRateBasisPoints: number;
}

export interface VatAtRate {
  rateBasisPoints: number;
  /** Net (HT) amount taxed at this rate. */
  baseCents: number;
  vatCents: number;
}

export interface Totals {
  lines: (SaleLine & { discountCents: number; netCents: number })[];
  /** One entry per rate present, in increasing rate order. */
  vatByRate: VatAtRate[];
  /** Gross HT before discounts. */
  grossCents: number;
  discountCents: number;
  /** Total HT. */
  netCents: number;
  /** Total TVA. */
  vatCents: number;
  /** Total TTC. */
  totalCents: number;
}

/** `numerator / denominator` rounded to an integer, half away from zero, in integer arithmetic. */
function divideRounded(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator);
  const abs = Math.abs(numerator);
  return sign * Math.floor((2 * abs + denominator) / (2 * denominator));
}

/** The VAT on `baseCents` at `rateBasisPoints`, rounded to the cent. */
export function vatOf(baseCents: number, rateBasisPoints: number): number {
  assertCents(baseCents);
  return divideRounded(baseCents * rateBasisPoints, 10_000);
}

/** `percent` % of `cents`, rounded to the cent (a percentage may have two decimals: 12,5 %). */
export function percentOf(cents: number, percent: number): number {
  if (!(percent >= 0 && percent <= 100)) throw new RangeError(`percent out of range: ${percent}`);
  assertCents(cents);
  return divideRounded(cents * Math.round(percent * 100), 10_000);
}

/**
 * The HT amount of a TTC amount taxed at one rate, as computeTotals made it. Exact for such an
 * amount: its VAT is off by at most half a cent, which the division shrinks below half a cent.
 */
export function netOfTotal(totalCents: number, rateBasisPoints: number): number {
  assertCents(totalCents);
  return divideRounded(totalCents * 10_000, 10_000 + rateBasisPoints);
}

/** HT, VAT per rate and TTC of a set of lines (negative amounts for a credit note). */
export function computeTotals(lines: readonly SaleLine[]): Totals {
  const priced = lines.map((line) => {
    assertCents(line.unitCents);
    if (!Number.isInteger(line.quantity)) throw new RangeError(`quantity must be whole: ${line.quantity}`);
    const discountCents = line.discountCents ?? 0;
    assertCents(discountCents);
    return { ...line, discountCents, netCents: line.quantity * line.unitCents - discountCents };
  });
  const bases = new Map<number, number>();
  for (const line of priced) {
    bases.set(line.vatRateBasisPoints, (bases.get(line.vatRateBasisPoints) ?? 0) + line.netCents);
  }
  const vatByRate = [...bases]
    .sort(([a], [b]) => a - b)
    .map(([rateBasisPoints, baseCents]) => ({
      rateBasisPoints,
      baseCents,
      vatCents: vatOf(baseCents, rateBasisPoints),
    }));
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const netCents = sum(priced.map((l) => l.netCents));
  const vatCents = sum(vatByRate.map((v) => v.vatCents));
  return {
    lines: priced,
    vatByRate,
    grossCents: sum(priced.map((l) => l.quantity * l.unitCents)),
    discountCents: sum(priced.map((l) => l.discountCents)),
    netCents,
    vatCents,
    totalCents: netCents + vatCents,
  };
}

function assertCents(value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`amount must be whole cents: ${value}`);
}
