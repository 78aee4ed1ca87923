import { describe, expect, it } from "vitest";
import { vatOf } from "./money.ts";
import { planIds } from "./plans.ts";
import { checkoutLines, formatEuros, quote } from "./pricing.ts";
import { TAX_RULES, type TaxRuleId } from "./tax.ts";

const rule = (id: TaxRuleId) => ({ id, ...TAX_RULES[id] });
const dom = rule("dom");

describe("quote", () => {
  it("adds 8.5 % VAT to the monthly price", () => {
    expect(quote({ planId: "business", percentOff: 0, koza: false }, dom)).toMatchObject({
      monthlyCents: 5000,
      discountCents: 0,
      monthlyNetCents: 5000,
      monthlyVatCents: 425,
      monthlyTotalCents: 5425,
      kozaCents: 0,
      kozaVatCents: 0,
      kozaTotalCents: 0,
      vatCents: 425,
      firstPaymentCents: 5425,
    });
  });

  it("applies the discount to the subscription and adds Koza once, with its own VAT", () => {
    const q = quote({ planId: "starter", percentOff: 10, koza: true }, dom);
    expect(q).toMatchObject({
      discountCents: 200,
      monthlyNetCents: 1800,
      monthlyVatCents: 153,
      monthlyTotalCents: 1953,
      kozaCents: 5000,
      kozaVatCents: 425,
      kozaTotalCents: 5425,
      vatCents: 153 + 425,
      firstPaymentCents: 1953 + 5425,
    });
  });

  it("rounds each amount to the nearest cent, halves up", () => {
    // 15 € − 33 % = 10,05 € (4,95 € off); VAT 85,425 c -> 85 c.
    expect(quote({ planId: "libre", percentOff: 33, koza: false }, dom)).toMatchObject({
      discountCents: 495,
      monthlyNetCents: 1005,
      monthlyVatCents: 85,
      monthlyTotalCents: 1090,
    });
    expect(quote({ planId: "starter", percentOff: 95, koza: false }, dom)).toMatchObject({
      monthlyNetCents: 100,
      monthlyVatCents: 9,
    });
    expect(quote({ planId: "starter", percentOff: 12.5, koza: false }, dom)).toMatchObject({
      discountCents: 250,
      monthlyVatCents: 149,
    });
  });

  it("follows the buyer's rule: no VAT in Guyane and Mayotte, 20 % when configured", () => {
    expect(quote({ planId: "business", percentOff: 0, koza: true }, rule("art-294"))).toMatchObject({
      vatCents: 0,
      firstPaymentCents: 10000,
    });
    expect(quote({ planId: "business", percentOff: 0, koza: false }, rule("metropole"))).toMatchObject({
      monthlyVatCents: 1000,
      firstPaymentCents: 6000,
    });
  });

  it("prices Koza bought alone, and a full discount", () => {
    expect(quote({ planId: null, percentOff: 0, koza: true }, dom)).toMatchObject({
      monthlyCents: 0,
      monthlyTotalCents: 0,
      vatCents: 425,
      firstPaymentCents: 5425,
    });
    expect(quote({ planId: "business", percentOff: 100, koza: false }, dom)).toMatchObject({
      monthlyTotalCents: 0,
      firstPaymentCents: 0,
    });
  });

  it("charges what a provider taxing line by line charges (Stripe): Koza's VAT is whole cents", () => {
    for (const planId of planIds) {
      for (let tenths = 0; tenths <= 1000; tenths += 5) {
        const items = { planId, percentOff: tenths / 10, koza: true };
        const perLine = checkoutLines(items, dom).reduce(
          (sum, l) => sum + vatOf(l.unitCents - (l.discountCents ?? 0), l.vatRateBasisPoints),
          0,
        );
        expect(quote(items, dom).vatCents, `${planId} −${tenths / 10} %`).toBe(perLine);
      }
    }
  });

  it("refuses a percentage outside 0-100", () => {
    expect(() => quote({ planId: "starter", percentOff: 120, koza: false }, dom)).toThrow(RangeError);
    expect(() => quote({ planId: "starter", percentOff: -5, koza: false }, dom)).toThrow(RangeError);
  });

  it("formats euros the French way", () => {
    expect(formatEuros(5425).replace(/\s/g, " ")).toBe("54,25 €");
  });
});
