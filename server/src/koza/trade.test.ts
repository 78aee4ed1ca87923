import { describe, expect, it } from "vitest";
import { answers } from "./test-support.ts";
import { tradeKind, tradeOf } from "./trade.ts";

const kindOf = (businessType: string, businessName = "Chez Zoé") =>
  tradeKind(answers({ businessType, businessName, services: ["Conseil", "Étude", "Suivi"] }));

describe("the trade of a business", () => {
  it.each([
    ["Boulangerie artisanale", "shop"],
    ["Pâtisserie", "shop"],
    ["Épicerie fine", "shop"],
    ["Fleuriste", "shop"],
    ["Restaurant créole", "restaurant"],
    ["Snack", "restaurant"],
    ["Food truck", "restaurant"],
    ["Salon de coiffure", "appointment"],
    ["Barbier", "appointment"],
    ["Institut de beauté", "appointment"],
    ["Garage automobile", "appointment"],
    ["Électricien", "callout"],
    ["Climatisation", "callout"],
    ["Plombier chauffagiste", "callout"],
    ["Jardinier paysagiste", "callout"],
    ["Agence de communication", "service"],
    ["Comptable", "service"],
  ])("%s: %s", (activity, kind) => {
    expect(kindOf(activity)).toBe(kind);
  });

  it("goes by the activity first, then the name, then the services", () => {
    expect(kindOf("Boulangerie", "Le Bar à Pains")).toBe("shop");
    expect(kindOf("Artisan", "Mayotte Clim")).toBe("callout");
    expect(
      tradeKind(
        answers({
          businessType: "Artisan",
          businessName: "Zoé",
          services: ["Coupe", "Coiffure enfant", "Barbe"],
        }),
      ),
    ).toBe("appointment");
    expect(
      tradeKind(
        answers({
          businessType: "Artisan",
          businessName: "Zoé",
          services: ["Vidange", "Carrosserie", "Pneus"],
        }),
      ),
    ).toBe("appointment");
  });

  it("names the shop's button after what the contact page shows", () => {
    expect(tradeOf(answers()).action).toBe("Adresse et horaires");
    const noHours = answers({
      contactInfo: { phone: "0262 00 00 00", email: "a@b.re", address: "Saint-Paul" },
    });
    expect(tradeOf(noHours).action).toBe("Nous trouver");
  });
});
