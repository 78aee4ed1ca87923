import { KOZA_STYLES } from "@lagon/contracts/koza";
import { describe, expect, it } from "vitest";
import { writeFrenchSite } from "./french-site-writer.ts";
import { SiteContent } from "./site-content.ts";
import { answers } from "./test-support.ts";

const everything = (site: SiteContent) => JSON.stringify(site);

describe("the embedded French writer", () => {
  it.each(KOZA_STYLES)("writes every section of the five pages in the %s style", (style) => {
    const site = writeFrenchSite(answers({ style }));
    expect(SiteContent.parse(site)).toEqual(site);
    expect(site.services.items.map((s) => s.title)).toEqual([
      "Pain au levain",
      "Gâteaux sur commande",
      "Livraison aux restaurants",
    ]);
    const text = everything(site);
    for (const expected of [
      "Boulangerie Payet",
      "boulangerie artisanale",
      "Pains au levain et viennoiseries faits maison chaque matin.",
      "des farines locales et une cuisson au feu de bois",
      "les familles et les gourmands de l'Ouest",
      "à Saint-Paul",
      "0262 00 00 00",
    ]) {
      expect(text.toLowerCase(), expected).toContain(expected.toLowerCase());
    }
    // French, not a template left half-filled.
    expect(text).not.toMatch(/undefined|\$\{|\bthe\b|\byour\b/);
  });

  it("is deterministic: the same answers always give the same words", () => {
    for (const style of KOZA_STYLES) {
      expect(writeFrenchSite(answers({ style }))).toEqual(writeFrenchSite(answers({ style })));
    }
  });

  it("speaks in the chosen style's voice", () => {
    const voices = KOZA_STYLES.map((style) => writeFrenchSite(answers({ style })));
    expect(new Set(voices.map((v) => v.home.servicesTitle)).size).toBe(4);
    expect(new Set(voices.map((v) => v.tagline)).size).toBe(4);
    expect(voices[1]?.about.values.map((v) => v.title)).toEqual(["Savoir-faire", "Rigueur", "Confiance"]);
  });

  it("varies its sentences from one business to another", () => {
    const names = ["Boulangerie Payet", "Garage Hoarau", "Salon Zoé", "Ti Kaz Créole", "Plomberie Grondin"];
    const headlines = names.map((businessName) =>
      writeFrenchSite(answers({ businessName, style: "modern" })),
    );
    const shapes = headlines.map((h, i) => h.home.headline.replace(names[i] as string, "…"));
    expect(new Set(shapes).size).toBeGreaterThan(1);
  });

  it("names the town properly and leaves out what was not answered", () => {
    const port = writeFrenchSite(
      answers({
        targetAudience: "",
        contactInfo: { phone: "0262 11 11 11", email: "a@b.re", address: "1 quai Ouest, Le Port" },
      }),
    );
    expect(everything(port)).toContain("au Port");
    expect(everything(port)).not.toMatch(/Notre clientèle|Pour qui/);
    const noTown = writeFrenchSite(
      answers({ contactInfo: { phone: "0262 11 11 11", email: "a@b.re", address: "Chemin des Cafés" } }),
    );
    expect(everything(noTown)).not.toMatch(/ à Chemin| à \./);
  });
});
