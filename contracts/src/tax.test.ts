import { describe, expect, it } from "vitest";
import { COUNTRIES } from "./checkout.ts";
import { DEFAULT_TAX_SETTINGS, isBusinessBuyer, taxLabel, taxRuleFor } from "./tax.ts";

describe("tax by territory", () => {
  it.each([
    ["Réunion", false, "dom", 850, null],
    ["Réunion", true, "dom", 850, null],
    ["Guadeloupe", false, "dom", 850, null],
    ["Martinique", true, "dom", 850, null],
    ["Guyane", false, "art-294", 0, "TVA non applicable, art. 294 du CGI"],
    ["Mayotte", true, "art-294", 0, "TVA non applicable, art. 294 du CGI"],
    ["France (mainland)", false, "dom", 850, null],
    ["Autre", true, "hors-champ", 0, "TVA non applicable, art. 259-1 du CGI"],
    ["Atlantide", false, "dom", 850, null], // unknown: treated as "Autre"
  ])("%s, business %s -> %s", (territory, business, id, rate, mention) => {
    expect(taxRuleFor(territory, business, DEFAULT_TAX_SETTINGS)).toMatchObject({
      id,
      rateBasisPoints: rate,
      mention,
    });
  });

  it("covers every territory the checkout offers", () => {
    for (const c of COUNTRIES) expect(taxRuleFor(c.value, false, DEFAULT_TAX_SETTINGS).id).toBeTruthy();
  });

  it("takes mainland France and Autre from the settings", () => {
    const settings = {
      ...DEFAULT_TAX_SETTINGS,
      TAX_RULE_MAINLAND_PRIVATE: "metropole",
      TAX_RULE_MAINLAND_BUSINESS: "autoliquidation",
    } as const;
    expect(taxRuleFor("France (mainland)", false, settings).rateBasisPoints).toBe(2000);
    expect(taxRuleFor("France (mainland)", true, settings)).toMatchObject({
      rateBasisPoints: 0,
      mention: "Autoliquidation",
    });
    expect(taxRuleFor("Réunion", true, settings).rateBasisPoints).toBe(850);
  });

  it("names the tax line", () => {
    expect(taxLabel(taxRuleFor("Réunion", false, DEFAULT_TAX_SETTINGS))).toBe("TVA 8,5 %");
    expect(taxLabel(taxRuleFor("Mayotte", false, DEFAULT_TAX_SETTINGS))).toBe(
      "TVA non applicable, art. 294 du CGI",
    );
  });

  it("counts a buyer with a SIRET or a VAT number as a business", () => {
    expect(isBusinessBuyer({ siret: "12345678900012" })).toBe(true);
    expect(isBusinessBuyer({ vat_number: "FR40123456789" })).toBe(true);
    expect(isBusinessBuyer({ siret: "", vat_number: " " })).toBe(false);
  });
});
