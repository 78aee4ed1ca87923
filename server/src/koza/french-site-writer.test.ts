import { KOZA_STYLES } from "@lagon/contracts/koza";
import type { KozaData } from "@lagon/contracts/koza-schemas";
import { describe, expect, it } from "vitest";
import { writeFrenchSite } from "./french-site-writer.ts";
import { fold } from "./image-motifs.ts";
import { SiteContent } from "./site-content.ts";
import { answers, TRADES } from "./test-support.ts";
import { tradeKind } from "./trade.ts";

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
      // A phone number never breaks across two lines.
      "0262\u00a000\u00a000\u00a000",
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
      // The customer's pitch opens the home page; each service says what that kind of service involves.
      expect(site.home.intro).toContain("Pains au levain et viennoiseries faits maison chaque matin.");
      expect(texts[0]).toMatch(/à retrouver en boutique/);
      expect(texts[1]).toMatch(/ce que vous souhaitez/);
      expect(texts[2]).toMatch(/livraison/);
      // The phone is in the page's invitation, right below: no service says it again.
      expect(texts.join(" ")).not.toContain("0262\u00a000\u00a000\u00a000");
      expect(site.services.callToAction.text).toContain("0262\u00a000\u00a000\u00a000");
      // What sets the business apart and its clientele are said once, elsewhere, not in every service.
      expect(texts.join(" ")).not.toMatch(/farines locales|gourmands de l'Ouest/);
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

  it("never gives a service on the services page the home page's words alone", () => {
    const unknown = ["Conseil en décoration", "Retouches express", "Tissus wax", "Broderie"];
    for (const data of [
      ...Object.values(TRADES),
      // A description that speaks of no service, and services of no known kind.
      answers({ businessDescription: "Un atelier au cœur de la ville.", services: unknown.slice(1) }),
      answers({ businessDescription: "Un atelier.", services: unknown.slice(0, 3) }),
      answers({ businessName: "Les Délices de Zoé", services: ["Tissus wax", "Broderie", "Retouches"] }),
    ]) {
      for (const site of everyStyle(data)) {
        const texts = site.services.items.map((s) => s.text);
        site.home.serviceTeasers.forEach((teaser, i) => {
          expect(texts[i], teaser).not.toBe(teaser);
          expect(texts[i]).toContain(teaser);
        });
        // The page says each sentence once.
        const sentences = texts.join(" ").match(/[^.!?]+[.!?]/g) ?? [];
        expect(new Set(sentences.map((s) => s.trim())).size).toBe(sentences.length);
      }
    }
  });

  it("never says an inclusive « on »: the site speaks as « nous » or « je » to a « vous »", () => {
    for (const data of Object.values(TRADES)) {
      for (const solo of [false, true]) {
        const owner = solo
          ? { ...data, businessDescription: "Je travaille seul.", uniqueValue: "Je prends le temps" }
          : { ...data, businessDescription: "Nous travaillons en équipe.", uniqueValue: "Notre accueil" };
        for (const site of everyStyle(owner)) {
          expect(plain(site).match(/.{30}(?<!\p{L})on(?!\p{L})/iu)?.[0]).toBeUndefined();
        }
      }
    }
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
      expect(plumber.home.intro).toContain("Je répare les fuites et j'installe les chauffe-eau dans l'Est.");
      expect(plumber.services.items[1]?.text).toMatch(/mise en service/);
      // A bathroom is not a dining room: "salle de bain" says nothing of a meal.
      expect(plumber.services.items[2]?.text).toMatch(/travaux se définissent avec vous/);
    }
    expect(everything(writeFrenchSite(answers({ style: "classic" })))).not.toContain("Notre maison");
  });
});

/** Every style of each business: the trade decides the invitations, whatever the voice. */
const everyStyle = (data: KozaData) => KOZA_STYLES.map((style) => writeFrenchSite({ ...data, style }));
const plain = (site: SiteContent) => everything(site).replaceAll("\u00a0", " ");

describe("the embedded French writer, for five trades", () => {
  it("tells the trades apart: come by, book, ask for a quote", () => {
    expect(Object.entries(TRADES).map(([name, data]) => [name, tradeKind(data)])).toEqual([
      ["bakery", "shop"],
      ["hairdresser", "appointment"],
      ["garage", "appointment"],
      ["electrician", "callout"],
      ["restaurant", "restaurant"],
      ["aircon", "callout"],
      ["accountant", "business"],
    ]);
  });

  it.each([
    [
      "bakery",
      [/Passez nous voir/, /boutique/, /du mardi au dimanche, 6h-19h/, /Une commande/],
      /rendez-vous|devis|chantier|intervention|projet|réserver une table/i,
    ],
    [
      "hairdresser",
      [/prendre rendez-vous/i, /créneau/, /La teinte se choisit avec vous/, /cheveux/],
      /devis|chantier|Passez nous voir|boutique|table|projet/i,
    ],
    [
      "garage",
      [/prendre rendez-vous/i, /créneau/, /réparation/, /véhicule/],
      /chantier|Passez nous voir|boutique|table|ressemble|projet/i,
    ],
    [
      "electrician",
      [/devis/, /intervention/, /chantier/, /normes en vigueur/],
      /rendez-vous|Passez nous voir|boutique|table|projet/i,
    ],
    [
      "restaurant",
      [/Venez nous voir/, /Pour réserver une table/, /servi à table/, /à l'heure convenue/, /Nos formules/],
      /rendez-vous|devis|chantier|intervention|projet|boutique|prestations/i,
    ],
    [
      "accountant",
      [/votre activité/, /premier échange/, /déclaration vous est expliquée/, /création vous est expliquée/],
      /rendez-vous|devis|chantier|intervention|boutique|\btable\b|Régalez/i,
    ],
  ] as const)("invites to the %s in words that fit it", (trade, fitting, misfitting) => {
    for (const site of everyStyle(TRADES[trade])) {
      const text = plain(site);
      for (const words of fitting) expect(text, `${site.home.headline}: ${words}`).toMatch(words);
      expect(text.match(misfitting)?.[0], site.home.headline).toBeUndefined();
    }
  });

  it("opens the home page with the owner's pitch and gives a service the sentence that speaks of it", () => {
    const salon = writeFrenchSite(TRADES.hairdresser);
    expect(salon.home.intro).toContain("Coupes, couleurs et soins pour femmes, hommes et enfants.");
    expect(salon.services.items[2]?.text).toContain("Nous prenons soin des cheveux bouclés et crépus.");
  });

  it("never says « Prenons rendez-vous » to a bakery, in any style", () => {
    for (const site of everyStyle(TRADES.bakery)) expect(plain(site)).not.toMatch(/rendez-vous/i);
  });

  it.each(Object.keys(TRADES) as (keyof typeof TRADES)[])(
    "says each of the %s's answers once, whole, and invents nothing",
    (trade) => {
      const data = TRADES[trade];
      for (const site of everyStyle(data)) {
        expect(SiteContent.parse(site)).toEqual(site);
        const text = plain(site);
        const count = (needle: string) => text.toLowerCase().split(needle.toLowerCase()).length - 1;
        // Each sentence of the description, what sets the business apart, its clientele: once each.
        for (const sentence of data.businessDescription.match(/[^.!?]+[.!?]/g) ?? []) {
          expect(count(sentence.trim()), sentence).toBe(1);
        }
        expect(count(data.uniqueValue), data.uniqueValue).toBe(1);
        if (data.targetAudience) expect(count(data.targetAudience), data.targetAudience).toBe(1);
        // No leftover of a template, no stray spacing.
        expect(text).not.toMatch(/undefined|null|NaN|\$\{|\{\{|\[object| {2}| \.|\.\.|\b(de|que) [AÉEIOU]/);
        // No figure, year or claim that is not in the answers.
        const answered = JSON.stringify(data);
        for (const figure of text.match(/\d+/g) ?? []) expect(answered, figure).toContain(figure);
        expect(text).not.toMatch(/depuis toujours|reconnu|certifi|garanti|avis|étoiles|satisfaits|n° ?1\b/i);
      }
    },
  );

  it("leaves out the trade's stock reason when the owner's own words already give it", () => {
    // Mayotte Clim: "…du devis au dépannage", then no stock sentence about the quote.
    const own = TRADES.aircon;
    for (const site of everyStyle(own)) expect(fold(site.home.why).match(/devis/g)).toHaveLength(1);
    // Without a quote in the owner's words, the stock sentence says it.
    const other = { ...own, uniqueValue: "Je m'occupe moi-même de chaque chantier" };
    for (const site of everyStyle(other)) expect(site.home.why).toContain("dans un devis");
  });

  it("writes French typography: a no-break space before : ; ! ? and inside « »", () => {
    for (const data of Object.values(TRADES)) {
      for (const site of everyStyle(data)) {
        const text = everything(site);
        expect(text).not.toMatch(/ [:;!?»]|« /);
        expect(text).toMatch(/\u00a0[:?]/);
        // The phone, wherever it is said, stays on one line.
        const phone = data.contactInfo.phone;
        expect(text).toContain(phone.replaceAll(" ", "\u00a0"));
        expect(text).not.toContain(phone);
      }
    }
  });

  it("never claims experience, prices, awards, reviews, certifications or speed the answers did not give", () => {
    const claims =
      /réponse rapide|répon\p{L}* (rapidement|vite)|promis\b|ans d'expérience|expérience|depuis \d|€|euros?\b|tarif|prix (bas|imbattable|clairs)|meilleurs? (prix|tarifs?)|le meilleur \p{L}+ d|récompens|primé|label|médaille|avis|témoign|étoiles|certifi|diplôm|agréé|garanti|n° ?1\b|leader/iu;
    for (const data of Object.values(TRADES)) {
      // What the owner wrote may say it ("ouvert depuis 1998"): only the writer's own words are checked.
      const answered = [...(data.businessDescription.match(/[^.!?]+[.!?]/g) ?? []), data.uniqueValue];
      for (const site of everyStyle(data)) {
        const own = answered.reduce((text, a) => text.replaceAll(a.trim(), ""), plain(site));
        expect(own.match(claims)?.[0], site.home.headline).toBeUndefined();
      }
    }
    // Said when the owner says it, in their words.
    const said = writeFrenchSite({ ...TRADES.electrician, uniqueValue: "20 ans d'expérience dans le Sud" });
    expect(plain(said)).toContain("20 ans d'expérience dans le Sud");
  });

  it("names a business by its article when its name starts with a common noun", () => {
    const bakery = plain(writeFrenchSite({ ...TRADES.bakery, style: "modern" }));
    expect(bakery).toMatch(/Bienvenue à la Boulangerie Payet|la Boulangerie Payet/);
    expect(bakery).not.toMatch(/(chez|de|que|appelez) Boulangerie Payet/i);
    const accountant = plain(writeFrenchSite(TRADES.accountant));
    expect(accountant).toContain("au Cabinet Técher");
    expect(accountant).toContain("appelez le Cabinet Técher");
    expect(accountant).not.toMatch(/(chez|de|que|appelez) Cabinet Técher/i);
    // A proper name stays bare, elided where French elides.
    const electrician = plain(writeFrenchSite(TRADES.electrician));
    expect(electrician).toContain("d'Élec Grondin");
    expect(electrician).not.toMatch(/l'Élec|le Élec|de Élec/);
  });

  it.each([
    ["Le Fournil", "au Fournil", "du Fournil", "appelez le Fournil", "Le Fournil"],
    ["Les Délices de Zoé", "aux Délices de Zoé", "des Délices de Zoé", "appelez les Délices", "Les Délices"],
    ["La Fournée", "à la Fournée", "de la Fournée", "appelez la Fournée", "La Fournée"],
    ["L'Épi d'Or", "à l'Épi d'Or", "de l'Épi d'Or", "appelez l'Épi d'Or", "L'Épi d'Or"],
    [
      "Boulangerie Payet",
      "à la Boulangerie Payet",
      "de la Boulangerie Payet",
      "appelez la Boulangerie",
      "La Boulangerie",
    ],
    ["Chez Marie", "chez Chez Marie", "de Chez Marie", "appelez Chez Marie", "Chez Marie"],
  ])("contracts « à » and « de » with the article of %s", (businessName, at, of, call, subject) => {
    const sites = everyStyle({ ...TRADES.bakery, businessName });
    const text = sites.map(plain).join("\n");
    // Each form is said somewhere across the styles: "Bienvenue au Fournil", "les prestations du Fournil"…
    if (!businessName.startsWith("Chez")) expect(text).toContain(at);
    expect(text).toContain(of);
    expect(text).toContain(call);
    expect(text).toContain(`${subject} `);
    // Never the article kept after a preposition that takes it in: "chez Le Fournil", "de Le Fournil".
    expect(text).not.toMatch(/\b(chez|de|à|que|appelez) (Le|La|Les|L') ?\p{Lu}/u);
    expect(text).not.toMatch(/\b(à|de) (le|les) /);
  });

  it("makes the verbs agree with a name in the plural", () => {
    for (const data of Object.values(TRADES)) {
      const text = everyStyle({ ...data, businessName: "Les Délices de Zoé" })
        .map(plain)
        .join("\n");
      expect(text, data.businessType).not.toMatch(
        /Délices de Zoé,? (vous )?(attend|reçoit|propose|répond|intervient|travaille|est|met|cultive|exerce|a|fait|ne fait)\b/,
      );
      expect(text, data.businessType).not.toMatch(/que les Délices de Zoé (vous )?(propose|fait)\b/);
    }
    const shop = everyStyle({ ...TRADES.bakery, businessName: "Les Délices de Zoé" })
      .map(plain)
      .join("\n");
    expect(shop).toMatch(/Les Délices de Zoé (mettent leur|cultivent|ne font)\b/);
    expect(shop).toMatch(/ce que les Délices de Zoé (vous proposent|font de mieux)\b/);
  });

  it("lists services that hold their own « et » with a comma before the last one", () => {
    const salon = writeFrenchSite(TRADES.hairdresser);
    expect(salon.services.intro).toMatch(
      /^Coupe et brushing, couleur et mèches, et soins des cheveux bouclés/,
    );
    expect(writeFrenchSite(TRADES.bakery).services.intro).toMatch(
      /^Pain au levain, gâteaux sur commande et livraison aux restaurants/,
    );
  });

  it("never calls a trade a playground nor a quality a brand", () => {
    const installer = {
      ...TRADES.electrician,
      businessType: "Installateur de climatisation",
      businessName: "Mayotte Clim Services",
    };
    for (const data of [...Object.values(TRADES), installer]) {
      const text = everyStyle(data).map(plain).join("\n");
      expect(text).not.toMatch(/terrain de jeu|La marque (de|du|d')/);
    }
  });

  it("does not say the activity twice in a headline when the name already says it", () => {
    for (const site of everyStyle(TRADES.bakery)) {
      expect(site.home.headline).not.toMatch(/Boulangerie Payet, boulangerie/i);
    }
  });
  it("says a restaurant's « formule », not a « service », in the services page's added sentences", () => {
    const texts = writeFrenchSite(TRADES.restaurant).services.items.map((i) => i.text);
    expect(texts.join(" ")).not.toMatch(/\bce service\b/);
    expect(texts.join(" ")).toContain("cette formule");
  });

  it("never says « ce que vous souhaitez » twice about one service", () => {
    for (const data of Object.values(TRADES)) {
      for (const item of writeFrenchSite(data).services.items) {
        expect(item.text.match(/souhait/g)?.length ?? 0, item.text).toBeLessThanOrEqual(1);
      }
    }
  });

  it("speaks of an appointment in correct French: a person listens, not the appointment", () => {
    const team = writeFrenchSite(TRADES.hairdresser).about.paragraphs.join(" ");
    expect(team).toContain("À chaque rendez-vous, nous commençons par écouter ce que vous attendez");
    expect(team).not.toMatch(/rendez-vous commence par écouter/);
    const alone = writeFrenchSite(
      answers({ ...TRADES.hairdresser, businessDescription: "Je coiffe seule, à domicile." }),
    ).about.paragraphs.join(" ");
    expect(alone).toContain("je commence par écouter ce que vous attendez, puis je vous explique");
  });

  it("gives a bakery and a restaurant words of their own in the classic style: no « finition », no verb said twice", () => {
    for (const data of [TRADES.bakery, TRADES.restaurant]) {
      const site = writeFrenchSite(answers({ ...data, style: "classic" }));
      expect(everything(site)).not.toContain("finition");
      const { title, text } = site.home.callToAction;
      // "Au plaisir de vous accueillir" above "Nous vous accueillons…" said the same thing twice.
      const verb = fold(title.split(" ").at(-1) as string).slice(0, 5);
      expect(fold(text), title).not.toContain(verb);
    }
  });

  it("never opens the about page by repeating its title's words", () => {
    for (const style of KOZA_STYLES) {
      for (const data of Object.values(TRADES)) {
        const { title, paragraphs } = writeFrenchSite(answers({ ...data, style })).about;
        const type = data.businessType.toLowerCase();
        expect(title.toLowerCase().includes(type) && paragraphs[0]?.toLowerCase().includes(type), title).toBe(
          false,
        );
      }
    }
  });

  it("names the business once in the home page's intro, in every trade and style", () => {
    for (const data of Object.values(TRADES)) {
      for (const style of KOZA_STYLES) {
        const intro = writeFrenchSite({ ...data, style }).home.intro;
        const said = intro.split(data.businessName.replace(/^(le|la|les) /i, "")).length - 1;
        expect(said, intro).toBeLessThanOrEqual(1);
      }
    }
    // The hair salon's opening names it; the sentence after says "nous".
    expect(writeFrenchSite(TRADES.hairdresser).home.intro).toContain("Nous vous recevons sur rendez-vous");
  });

  it("gives the banner a line a restaurant owner is proud of, not « au service de sa clientèle avec sérieux »", () => {
    for (const data of Object.values(TRADES)) {
      for (const style of KOZA_STYLES) {
        expect(writeFrenchSite({ ...data, style }).home.lead).not.toMatch(
          /au service de sa clientèle|avec sérieux/,
        );
      }
    }
    const restaurant = writeFrenchSite(TRADES.restaurant);
    expect(restaurant.home.lead).toBe(
      "Restaurant créole à Saint-Leu\u00a0: de bons petits plats, servis avec le sourire.",
    );
    // Nor "savoir-faire et sérieux" under a restaurant's name.
    expect(restaurant.tagline).toBe("Restaurant créole à Saint-Leu — le goût du partage");
    expect(writeFrenchSite({ ...TRADES.restaurant, style: "minimal" }).tagline).toBe(
      "Restaurant créole à Saint-Leu",
    );
  });
});
