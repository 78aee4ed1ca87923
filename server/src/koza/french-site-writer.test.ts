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

  it.each(KOZA_STYLES)(
    "describes each service from the answers, never with a stock sentence (%s)",
    (style) => {
      const site = writeFrenchSite(answers({ style }));
      const texts = site.services.items.map((s) => s.text);
      // The customer's own sentence about their bread, the kind of each other service, their answers.
      expect(texts[0]).toContain("Pains au levain et viennoiseries faits maison chaque matin.");
      expect(texts[0]).toContain("des farines locales et une cuisson au feu de bois");
      expect(texts[1]).toMatch(/ce que vous souhaitez/);
      expect(texts[1]).toContain("les familles et les gourmands de l'Ouest");
      expect(texts[2]).toMatch(/livraison/);
      expect(texts[2]).toContain("0262 00 00 00");
      // No sentence is said twice across the services, in their texts or their teasers.
      const sentences = [...texts, ...site.home.serviceTeasers].flatMap(
        (t) => t.match(/[^.!?]+[.!?]/g) ?? [],
      );
      const inTexts = texts.flatMap((t) => t.match(/[^.!?]+[.!?]/g) ?? []);
      expect(new Set(inTexts).size).toBe(inTexts.length);
      expect(new Set(site.home.serviceTeasers).size).toBe(3);
      expect(sentences.join(" ")).not.toMatch(/règles de l'art|Un service soigné, pensé pour votre besoin/);
    },
  );

  it("gives other services other words, even when the description says nothing of them", () => {
    const site = writeFrenchSite(
      answers({ services: ["Conseil en décoration", "Cours de couture", "Retouches express"] }),
    );
    const [conseil, cours, retouches] = site.services.items.map((s) => s.text);
    expect(conseil).toMatch(/votre situation/);
    expect(cours).toMatch(/séances adaptées/);
    expect(retouches).toContain("Boulangerie Payet");
    expect(new Set(site.home.serviceTeasers).size).toBe(3);
  });

  it("never speaks of a team or a « maison » for someone working alone", () => {
    for (const style of KOZA_STYLES) {
      const plumber = writeFrenchSite(
        answers({
          style,
          businessType: "Plombier",
          businessName: "Grondin Plomberie",
          businessDescription: "Je répare les fuites et j'installe les chauffe-eau dans l'Est.",
          uniqueValue: "Je me déplace dans l'heure",
          services: ["Dépannage de fuites", "Pose de chauffe-eau solaire", "Rénovation de salle de bain"],
        }),
      );
      const text = everything(plumber);
      expect(text).not.toMatch(/Notre maison|équipe/);
      expect(plumber.services.items[0]?.text).toContain(
        "Je répare les fuites et j'installe les chauffe-eau dans l'Est.",
      );
      expect(plumber.services.items[1]?.text).toMatch(/mise en service/);
    }
    expect(everything(writeFrenchSite(answers({ style: "classic" })))).not.toContain("Notre maison");
  });
});
