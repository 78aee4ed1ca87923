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
    ["Agence de communication", "business"],
    ["Comptable", "business"],
    ["Cabinet d'expertise comptable", "business"],
    ["Dépannage informatique à domicile", "callout"],
    ["Informatique pour les entreprises", "business"],
    ["Consultante en ressources humaines", "business"],
    ["Couturière", "service"],
    ["Association culturelle", "service"],
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

  it("invites each kind of trade in its own words, and an unknown one in neutral words", () => {
    const trade = (businessType: string) =>
      tradeOf(answers({ businessType, businessName: "Chez Zoé", services: ["Conseil", "Étude", "Suivi"] }));
    expect(
      ["Boulangerie", "Restaurant", "Salon de coiffure", "Électricien", "Comptable", "Couturière"].map(
        (activity) => trade(activity).action,
      ),
    ).toEqual([
      "Adresse et horaires",
      "Réserver une table",
      "Prendre rendez-vous",
      "Demander un devis",
      "Prendre contact",
      // A trade named as a person, whose owner writes no "nous": one person's business.
      "Me contacter",
    ]);
    expect(trade("Comptable").steps.map((s) => s.title)).toEqual([
      "Un premier échange",
      "Une proposition écrite",
      "Un suivi au fil de l'eau",
    ]);
  });
});
