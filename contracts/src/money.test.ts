import { describe, expect, it } from "vitest";
import { computeTotals, netOfTotal, percentOf, vatOf } from "./money.ts";

describe("vatOf: the VAT of an amount, rounded half away from zero", () => {
  it.each([
    // base, rate (basis points), expected VAT
    [0, 850, 0],
    [100, 850, 9], // 8,5 c -> 9 c
    [1005, 850, 85], // 85,425 c -> 85 c
    [1800, 850, 153],
    [5000, 850, 425],
    [5882, 850, 500], // 499,97 -> 500
    [1, 850, 0], // 0,085 c -> 0
    [6, 850, 1], // 0,51 c -> 1
    [1000, 2000, 200],
    [999, 2000, 200], // 199,8 -> 200
    [1234, 0, 0],
    [-1005, 850, -85], // a credit note mirrors its invoice
    [-100, 850, -9],
  ])("%i c at %i bp -> %i c", (base, rate, vat) => {
    expect(vatOf(base, rate)).toBe(vat);
  });

  it("refuses fractions of a cent", () => {
    expect(() => vatOf(10.5, 850)).toThrow(RangeError);
  });
});

describe("percentOf: a discount, rounded half away from zero", () => {
  it.each([
    [2000, 10, 200],
    [1500, 33, 495],
    [2000, 12.5, 250],
    [1500, 12.5, 188], // 187,5 -> 188
    [5000, 100, 5000],
    [5000, 0, 0],
    [1999, 50, 1000], // 999,5 -> 1000
  ])("%i c less %s %% -> %i c off", (cents, percent, off) => {
    expect(percentOf(cents, percent)).toBe(off);
  });

  it("refuses a percentage outside 0-100", () => {
    expect(() => percentOf(100, 120)).toThrow(RangeError);
    expect(() => percentOf(100, -1)).toThrow(RangeError);
  });
});

describe("computeTotals: HT, VAT per rate, TTC", () => {
  const line = (unitCents: number, vatRateBasisPoints: number, discountCents = 0, quantity = 1) => ({
    label: "x",
    quantity,
    unitCents,
    discountCents,
    vatRateBasisPoints,
  });

  it.each([
    {
      name: "one line at 8,5 %",
      lines: [line(5000, 850)],
      net: 5000,
      vat: [{ rateBasisPoints: 850, baseCents: 5000, vatCents: 425 }],
      total: 5425,
    },
    {
      name: "a discounted plan and Koza",
      lines: [line(2000, 850, 200), line(5000, 850)],
      net: 6800,
      vat: [{ rateBasisPoints: 850, baseCents: 6800, vatCents: 578 }],
      total: 7378,
    },
    {
      name: "VAT rounded once per rate, not per line (0,425 + 0,425 c)",
      lines: [line(5, 850), line(5, 850)],
      net: 10,
      vat: [{ rateBasisPoints: 850, baseCents: 10, vatCents: 1 }],
      total: 11,
    },
    {
      name: "two rates, listed in increasing order",
      lines: [line(1000, 2000), line(1000, 850), line(300, 0)],
      net: 2300,
      vat: [
        { rateBasisPoints: 0, baseCents: 300, vatCents: 0 },
        { rateBasisPoints: 850, baseCents: 1000, vatCents: 85 },
        { rateBasisPoints: 2000, baseCents: 1000, vatCents: 200 },
      ],
      total: 2585,
    },
    {
      name: "quantities",
      lines: [line(1500, 850, 0, 3)],
      net: 4500,
      vat: [{ rateBasisPoints: 850, baseCents: 4500, vatCents: 383 }],
      total: 4883,
    },
    {
      name: "a credit note (negative amounts)",
      lines: [line(-1800, 850)],
      net: -1800,
      vat: [{ rateBasisPoints: 850, baseCents: -1800, vatCents: -153 }],
      total: -1953,
    },
    {
      name: "a full discount",
      lines: [line(5000, 850, 5000)],
      net: 0,
      vat: [{ rateBasisPoints: 850, baseCents: 0, vatCents: 0 }],
      total: 0,
    },
  ])("$name", ({ lines, net, vat, total }) => {
    const t = computeTotals(lines);
    expect(t.netCents).toBe(net);
    expect(t.vatByRate).toEqual(vat);
    expect(t.vatCents).toBe(vat.reduce((a, v) => a + v.vatCents, 0));
    expect(t.totalCents).toBe(total);
    expect(t.grossCents - t.discountCents).toBe(t.netCents);
  });

  it("refuses fractional quantities and amounts", () => {
    expect(() => computeTotals([line(10.5, 850)])).toThrow(RangeError);
    expect(() => computeTotals([line(10, 850, 0, 1.5)])).toThrow(RangeError);
  });
});

describe("netOfTotal: the HT of a one-rate TTC amount", () => {
  it.each([
    // TTC, rate (basis points), expected HT
    [5425, 850, 5000],
    [1953, 850, 1800],
    [2170, 850, 2000],
    [1500, 0, 1500],
    [2400, 2000, 2000],
    [-1628, 850, -1500], // a credit note
  ])("%i c at %i bp -> %i c", (total, rate, net) => {
    expect(netOfTotal(total, rate)).toBe(net);
  });

  it("undoes the one-rate VAT of every amount up to 1 000 € at the rates of the tax table", () => {
    for (const rate of [0, 850, 2000]) {
      for (let net = -100_000; net <= 100_000; net++) {
        // computeTotals's total at one rate: the net plus vatOf the net.
        if (netOfTotal(net + vatOf(net, rate), rate) !== net) throw new Error(`${net} c at ${rate} bp`);
      }
    }
  });
});
