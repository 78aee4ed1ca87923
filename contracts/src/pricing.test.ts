import { describe, expect, it } from "vitest";
import { formatEuros, quote } from "./pricing.ts";

describe("quote", () => {
  it("adds 8.5 % VAT to the monthly price", () => {
    expect(quote("business", 0, false)).toMatchObject({
      monthlyCents: 5000,
      monthlyVatCents: 425,
      monthlyTotalCents: 5425,
      firstPaymentCents: 5425,
    });
  });

  it("applies the discount to the subscription and adds Koza once", () => {
    const q = quote("starter", 10, true);
    expect(q.discountCents).toBe(200);
    expect(q.monthlyNetCents).toBe(1800);
    expect(q.monthlyVatCents).toBe(153);
    expect(q.kozaTotalCents).toBe(5425);
    expect(q.firstPaymentCents).toBe(1800 + 153 + 5425);
  });

  it("rounds to the cent", () => {
    expect(quote("libre", 33, false)).toMatchObject({
      discountCents: 495,
      monthlyNetCents: 1005,
      monthlyVatCents: 85,
    });
  });

  it("formats euros the French way", () => {
    expect(formatEuros(5425).replace(/\s/g, " ")).toBe("54,25 €");
  });
});
