import { describe, expect, it } from "vitest";
import { formatEuros, quote } from "./pricing.ts";

describe("quote", () => {
  it("adds 8.5 % VAT to the monthly price", () => {
    expect(quote("business", 0, false)).toEqual({
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
    const q = quote("starter", 10, true);
    expect(q.discountCents).toBe(200);
    expect(q.monthlyNetCents).toBe(1800);
    expect(q.monthlyVatCents).toBe(153);
    expect(q.monthlyTotalCents).toBe(1953);
    expect(q.kozaCents).toBe(5000);
    expect(q.kozaVatCents).toBe(425);
    expect(q.kozaTotalCents).toBe(5425);
    expect(q.vatCents).toBe(153 + 425);
    expect(q.firstPaymentCents).toBe(1953 + 5425);
  });

  it("rounds each amount to the nearest cent, halves up", () => {
    // 15 € − 33 % = 10,05 € (4,95 € off); VAT 85,425 c -> 85 c.
    expect(quote("libre", 33, false)).toMatchObject({
      discountCents: 495,
      monthlyNetCents: 1005,
      monthlyVatCents: 85,
      monthlyTotalCents: 1090,
    });
    // 20 € − 95 % = 1 €; VAT 8,5 c -> 9 c. 20 € − 12,5 % = 17,50 € (2,50 € off exactly).
    expect(quote("starter", 95, false)).toMatchObject({ monthlyNetCents: 100, monthlyVatCents: 9 });
    expect(quote("starter", 12.5, false)).toMatchObject({ discountCents: 250, monthlyVatCents: 149 });
  });

  it("prices Koza bought alone, and a full discount", () => {
    expect(quote(null, 0, true)).toMatchObject({
      monthlyCents: 0,
      monthlyTotalCents: 0,
      vatCents: 425,
      firstPaymentCents: 5425,
    });
    expect(quote("business", 100, false)).toMatchObject({ monthlyTotalCents: 0, firstPaymentCents: 0 });
  });

  it("refuses a percentage outside 0-100", () => {
    expect(() => quote("starter", 120, false)).toThrow(RangeError);
    expect(() => quote("starter", -5, false)).toThrow(RangeError);
  });

  it("formats euros the French way", () => {
    expect(formatEuros(5425).replace(/\s/g, " ")).toBe("54,25 €");
  });
});
