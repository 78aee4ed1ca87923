import type { KozaStyle } from "@lagon/contracts/koza";
import type { KozaData } from "@lagon/contracts/koza-schemas";
import { typeset } from "./french-typography.ts";
import { fold } from "./image-motifs.ts";
import { describeServices, sentencesOf } from "./service-words.ts";
import type { SiteContent } from "./site-content.ts";
import { type TradeKind, tradeOf } from "./trade.ts";

/** What changes with the chosen style: the voice of the site. Each list offers variants. */
interface Tone {
  headline: ((w: Words) => string)[];
  lead: ((w: Words, said: TradeWords) => string)[];
  opening: ((w: Words) => string)[];
  servicesTitle: (w: Words) => string;
  whyTitle: (w: Words) => string;
  aboutTitle: ((w: Words) => string)[];
  aboutOpening: ((w: Words) => string)[];
  promise: (w: Words) => string;
  values: (w: Words) => [string, string][];
  /** Ends the list of the three services that opens the services page. */
  servicesIntro: (w: Words) => string;
  contactTitle: (w: Words) => string;
  contactClosing: (w: Words) => string;
  taglineEnd: string;
}

/** The answers, cleaned and ready to slot into sentences. */
interface Words {
  name: string;
  /** The name with its article when it starts with a common noun ("le Garage Hoarau"; `The` to open a sentence). */
  the: string;
  The: string;
  /** The business type as written (`typeInside`: in lower case, for use inside a sentence). */
  type: string;
  typeInside: string;
  /** "à Saint-Paul", "au Port", or "" when the address names no town. */
  inTown: string;
  phone: string;
  /** The opening hours in lower case, or "". */
  hours: string;
  /** Someone working alone (a plumber, "je…"): no "team" is claimed. */
  solo: boolean;
  /** The name already says the activity ("Boulangerie Payet", a bakery): headlines do not say it twice. */
  echoes: boolean;
  /** A name in the plural ("Les Délices de Zoé"): its verbs and possessives agree. */
  plural: boolean;
  /** A garage: what is booked is work on the customer's vehicle. */
  vehicle: boolean;
}

/** The verb (or possessive) that agrees with the business's name: `v(w, "attend", "attendent")`. */
const v = (w: Words, one: string, many: string) => (w.plural ? many : one);
/** The team's words, or those of someone working alone: `we(w, "Nos valeurs", "Mes valeurs")`. */
const we = (w: Words, team: string, alone: string) => (w.solo ? alone : team);

const TONES: Record<KozaStyle, Tone> = {
  modern: {
    headline: [
      (w) => `Bienvenue ${at(w.name)}`,
      (w) => (w.echoes ? w.name + sp(w.inTown) : `${w.name}, votre ${w.typeInside}${sp(w.inTown)}`),
    ],
    lead: [
      (w) => `${w.type}${sp(w.inTown)} : un service simple, proche et efficace.`,
      (w) =>
        `${w.type}${sp(w.inTown)}. ${we(w, "Nous vous écoutons, nous vous conseillons", "Je vous écoute, je vous conseille")}.`,
    ],
    opening: [
      (w) => `${capitalize(at(w.name))}, ${we(w, "nous faisons", "je fais")} les choses simplement et bien.`,
      (w) =>
        `${w.The}, c'est ${w.solo ? "un professionnel disponible" : "une équipe disponible"} et à l'écoute.`,
    ],
    servicesTitle: (w) => we(w, "Ce que nous vous proposons", "Ce que je vous propose"),
    whyTitle: (w) => we(w, "Pourquoi nous choisir ?", "Pourquoi me choisir ?"),
    aboutTitle: [(w) => `${w.name} en quelques mots`, (w) => we(w, "Qui sommes-nous ?", "Qui suis-je ?")],
    aboutOpening: [
      (w) => `${w.The}, ${w.typeInside}${sp(w.inTown)}, c'est d'abord une passion et un métier.`,
      (w) =>
        `${w.The}, ${w.typeInside}${sp(w.inTown)}, ${v(w, "a", "ont")} une idée simple : bien faire ${v(w, "son", "leur")} métier.`,
    ],
    promise: (w) =>
      `${we(w, "Notre", "Ma")} promesse : un travail soigné, des échanges simples et une vraie relation de confiance.`,
    values: (w) => [
      [
        "Écoute",
        `${we(w, "Nous commençons", "Je commence")} toujours par comprendre ce dont vous avez besoin.`,
      ],
      ["Dialogue", "Une question ? Posez-la par téléphone ou par e-mail, simplement."],
      ["Clarté", "Ce qui est prévu vous est expliqué simplement, sans jargon."],
    ],
    servicesIntro: (w) =>
      `voici ce ${w.solo ? "que je vous propose" : `${that(w.name)} vous ${v(w, "propose", "proposent")}`}${sp(w.inTown)}.`,
    contactTitle: (w) => we(w, "Contactez-nous", "Contactez-moi"),
    contactClosing: (w) =>
      `${we(w, "Nous vous répondons", "Je vous réponds")} dans les meilleurs délais. À très vite !`,
    taglineEnd: "simple, proche et efficace",
  },
  classic: {
    headline: [
      (w) => (w.echoes ? w.name + sp(w.inTown) : `${w.name}, ${w.typeInside}${sp(w.inTown)}`),
      (w) => `${w.name}`,
    ],
    lead: [
      () => "Le savoir-faire, la rigueur et le sens du service.",
      // In the trade's own words: a restaurant invites to sit down, a garage says how it works.
      (w, said) => said.lead(w),
    ],
    opening: [
      (w) => `${w.The} ${v(w, "met son", "mettent leur")} savoir-faire à votre service.`,
      (w) => `${w.The} ${v(w, "cultive", "cultivent")} l'exigence du travail bien fait.`,
    ],
    servicesTitle: (w) => we(w, "Nos services", "Mes services"),
    whyTitle: (w) => we(w, "Notre différence", "Ma différence"),
    aboutTitle: [(w) => `Bienvenue ${at(w.name)}`, (w) => `${w.name} et ${v(w, "son", "leur")} métier`],
    aboutOpening: [
      (w) =>
        `${w.The}, ${w.typeInside}${sp(w.inTown)}, ${v(w, "exerce son", "exercent leur")} métier avec sérieux et constance.`,
      (w) => `${w.name} : ${w.typeInside}${sp(w.inTown)}, un métier exercé avec rigueur.`,
    ],
    promise: (w) =>
      `${we(w, "Notre", "Mon")} engagement : un travail soigné, la parole tenue et une relation durable.`,
    values: () => [
      ["Savoir-faire", "Un métier maîtrisé, exercé avec soin."],
      ["Rigueur", "Chaque détail compte, du premier échange jusqu'au bout."],
      ["Confiance", "Une relation durable, fondée sur la parole donnée et tenue."],
    ],
    servicesIntro: (w) =>
      `${w.solo ? "mes services" : `les services ${of(w.name)}`}${sp(w.inTown)}, assurés avec soin.`,
    contactTitle: (w) => we(w, "Nous contacter", "Me contacter"),
    contactClosing: (w) => `${we(w, "Nous vous répondrons", "Je vous répondrai")} dans les meilleurs délais.`,
    taglineEnd: "savoir-faire et sérieux",
  },
  bold: {
    headline: [(w) => `${w.name}. Avec du caractère.`, (w) => `${w.name}, l'exigence en plus`],
    lead: [
      (w) => `${w.type}${sp(w.inTown)}. De l'énergie, de l'exigence, du concret.`,
      (w) => `Pas de demi-mesure : ${we(w, "nous visons", "je vise")} le meilleur, à chaque fois.`,
    ],
    opening: [() => "Ici, pas de demi-mesure.", (w) => `${w.The} ne ${v(w, "fait", "font")} rien à moitié.`],
    servicesTitle: (w) => we(w, "Ce que nous faisons de mieux", "Ce que je fais de mieux"),
    whyTitle: (w) => we(w, "Pourquoi nous ?", "Pourquoi moi ?"),
    aboutTitle: [(w) => we(w, "Qui sommes-nous ?", "Qui suis-je ?"), (w) => `${w.name}, l'énergie en plus`],
    aboutOpening: [
      (w) =>
        `${w.The}, ${w.typeInside}${sp(w.inTown)}, ${v(w, "met toute son énergie dans son", "mettent toute leur énergie dans leur")} métier.`,
      (w) => `${w.name}, ${w.typeInside}${sp(w.inTown)}. ${we(w, "Notre", "Mon")} moteur : vous satisfaire.`,
    ],
    promise: (w) => `${we(w, "Notre", "Ma")} promesse ? Du concret. Pas des excuses.`,
    values: (w) => [
      ["Énergie", `${we(w, "Nous nous donnons", "Je me donne")} à fond, à chaque fois.`],
      ["Exigence", `Le « presque bien » ne ${we(w, "nous", "me")} suffit pas.`],
      ["Résultats", "Ce qui compte, c'est ce que vous obtenez."],
    ],
    servicesIntro: (w) =>
      `voilà ce ${w.solo ? "que je fais" : `${that(w.name)} ${v(w, "fait", "font")}`} de mieux.`,
    contactTitle: () => "Parlons-en !",
    contactClosing: (w) => `${we(w, "Nous vous répondons", "Je vous réponds")} dès que possible.`,
    taglineEnd: "avec énergie et exigence",
  },
  minimal: {
    headline: [(w) => w.name, (w) => `${w.name}.`],
    lead: [
      (w) => `${w.type}${sp(w.inTown)}, l'essentiel bien fait.`,
      () => "L'essentiel, bien fait. Rien de plus.",
    ],
    opening: [() => "L'essentiel, bien fait.", () => "Simple et soigné."],
    servicesTitle: () => "Services",
    whyTitle: (w) => we(w, "Notre différence", "Ma différence"),
    aboutTitle: [() => "À propos", (w) => w.name],
    aboutOpening: [
      (w) => `${w.name} : ${w.typeInside}${sp(w.inTown)}.`,
      (w) => `${w.name}, ${w.typeInside}${sp(w.inTown)}. Avec soin.`,
    ],
    promise: () => "Un travail précis, des échanges clairs.",
    values: () => [
      ["Clarté", "Des échanges simples et des engagements nets."],
      ["Qualité", "Un travail précis, sans superflu."],
      ["Simplicité", "L'essentiel, bien fait, du premier coup."],
    ],
    servicesIntro: (w) => `l'essentiel ${of(w.name)}, en bref.`,
    contactTitle: () => "Contact",
    contactClosing: () => "Par téléphone ou par e-mail, comme vous préférez.",
    taglineEnd: "",
  },
};

/**
 * What changes with the trade: how a visitor becomes a customer (come by, book, ask for a
 * quote, get in touch), said in the invitations, the contact page and the way of working.
 */
interface TradeWords {
  /** The home page's last band, one title per style. */
  ctaTitle: (w: Words) => Record<KozaStyle, string>;
  /** The home page's services section, when the style's title would not fit the trade. */
  servicesTitle?: (w: Words) => string;
  /** Ends the list of services opening the services page, when the style's words would not fit the trade. */
  servicesIntro?: (w: Words) => string;
  ctaText: (w: Words) => string;
  /** How the business works with its customers, on the home page beside what sets it apart. */
  why: (w: Words) => string;
  /** The same, from another angle, on the "about" page. */
  way: (w: Words) => string;
  /**
   * Where and how the business meets its customers, when the home page has little else to say;
   * `named`: the sentence before already named the business, so "nous" (the name said once).
   */
  presence: (w: Words, named: boolean) => string;
  /** The banner's line under the title, in the trade's words (the classic style's second variant). */
  lead: (w: Words) => string;
  /** The end of the site's tagline, when the style's own would not fit the trade. */
  taglineEnd?: string;
  servicesCta: { title: string; text: (w: Words) => string };
  galleryIntro: (w: Words) => string;
  contactIntro: (w: Words) => string;
}

/** "Nous vous servons à Saint-Paul, du mardi au dimanche…", or "Je vous sers…". */
const welcome = (verbs: [team: string, alone: string], w: Words) =>
  `${w.solo ? `Je vous ${verbs[1]}` : `Nous vous ${verbs[0]}`}${sp(w.inTown)}${w.hours ? `, ${w.hours}` : ""}.`;
/**
 * Who acts: "je" for one person, "nous" once the name was just said, else the name with its verb
 * (`acts(w, named, ["Je vous attends", "Nous vous attendons"], ["attend", "attendent"], "vous")`).
 */
const acts = (
  w: Words,
  named: boolean,
  [alone, team]: [string, string],
  verb: [one: string, many: string],
  object = "",
) => (w.solo ? alone : named ? team : `${w.The}${sp(object)} ${v(w, ...verb)}`);
/** "appelez le Garage Hoarau", or "appelez-moi" for one person. */
const call = (w: Words) => (w.solo ? "appelez-moi" : `appelez ${w.the}`);
/** "écrivez", or "écrivez-moi" for one person. */
const write = (w: Words) => (w.solo ? "écrivez-moi" : "écrivez");
/** "nous" or "me", after a verb: "Passez nous voir", "Passez me voir". */
const us = (w: Words) => we(w, "nous", "me");

const TRADES: Record<TradeKind, TradeWords> = {
  shop: {
    ctaTitle: (w) => ({
      modern: `Passez ${us(w)} voir`,
      classic: "Au plaisir de vous accueillir",
      bold: we(w, "Nous vous attendons !", "Je vous attends !"),
      minimal: we(w, "Nous trouver", "Me trouver"),
    }),
    ctaText: (w) => `${welcome(["servons", "sers"], w)} Une commande, une question ? Appelez le ${w.phone}.`,
    why: (w) =>
      `En boutique, ${we(w, "nous prenons", "je prends")} le temps de vous conseiller et de vous servir.`,
    way: () =>
      "Ici, chaque client est servi avec le sourire, qu'il passe en coup de vent ou prenne son temps.",
    presence: (w, named) =>
      `${acts(w, named, ["Je vous attends", "Nous vous attendons"], ["attend", "attendent"], "vous")}${sp(w.inTown)}.`,
    lead: (w) => `${w.type}${sp(w.inTown)} : le goût du travail bien fait.`,
    servicesCta: {
      title: "Une commande particulière ?",
      text: (w) => `Passez à la boutique ou ${call(w)} au ${w.phone}.`,
    },
    galleryIntro: (w) => `Un aperçu de ce qui vous attend ${at(w.name)}${sp(w.inTown)}.`,
    contactIntro: (w) =>
      `Passez ${us(w)} voir : l'adresse${w.hours ? " et les horaires sont" : " est"} ci-dessous. Pour une commande ou une question, appelez ou écrivez.`,
  },
  restaurant: {
    servicesTitle: (w) => we(w, "Nos formules", "Mes formules"),
    servicesIntro: (w) =>
      `voici comment ${w.solo ? "je vous reçois" : `${w.the} vous ${v(w, "reçoit", "reçoivent")}`}${sp(w.inTown)}.`,
    ctaTitle: (w) => ({
      modern: `Passez ${us(w)} voir`,
      classic: "Au plaisir de vous servir",
      bold: "À table !",
      minimal: "Réserver",
    }),
    ctaText: (w) => `${welcome(["recevons", "reçois"], w)} Pour réserver une table, appelez le ${w.phone}.`,
    why: (w) => `Ici, ${we(w, "nous vous recevons", "je vous reçois")} simplement, comme un habitué.`,
    way: () => "Seul, en famille ou entre collègues, chacun trouve ici sa place à table.",
    presence: (w, named) =>
      `${acts(w, named, ["Je vous attends", "Nous vous attendons"], ["attend", "attendent"], "vous")} à table${sp(w.inTown)}.`,
    // Not "Installez-vous…": the way of working and the first formule say it already.
    lead: (w) => `${w.type}${sp(w.inTown)} : de bons petits plats, servis avec le sourire.`,
    taglineEnd: "le goût du partage",
    servicesCta: {
      title: "Une table, un groupe ?",
      text: (w) => `Pour réserver ou pour toute question, ${call(w)} au ${w.phone}.`,
    },
    galleryIntro: (w) => `Un aperçu de ce qui vous attend ${at(w.name)}${sp(w.inTown)}.`,
    contactIntro: (w) =>
      `Venez ${us(w)} voir : l'adresse${w.hours ? " et les horaires sont" : " est"} ci-dessous. Pour réserver une table, appelez-${we(w, "nous", "moi")}.`,
  },
  appointment: {
    ctaTitle: () => ({
      modern: "Prenez rendez-vous",
      classic: "Prenons rendez-vous",
      bold: "Réservez votre créneau !",
      minimal: "Rendez-vous",
    }),
    ctaText: (w) =>
      `Appelez le ${w.phone} ou écrivez-${we(w, "nous : nous convenons ensemble d'un", "moi : je vous propose un")} créneau qui vous arrange.`,
    why: (w) =>
      w.vehicle
        ? "Sur rendez-vous, le jour où vous déposez votre véhicule se décide avec vous."
        : "Sur rendez-vous, le temps qu'il faut vous est réservé, sans précipitation.",
    way: (w) =>
      `À chaque rendez-vous, ${we(w, "nous commençons par écouter ce que vous attendez, puis nous vous expliquons", "je commence par écouter ce que vous attendez, puis je vous explique")} ce qui a été fait.`,
    presence: (w, named) =>
      `${acts(w, named, ["Je vous reçois", "Nous vous recevons"], ["reçoit", "reçoivent"], "vous")} sur rendez-vous${sp(w.inTown)}.`,
    lead: (w) => `${w.type}${sp(w.inTown)} : un métier fait avec soin, sur rendez-vous.`,
    servicesCta: {
      title: "Envie d'un rendez-vous ?",
      text: (w) => `${capitalize(call(w))} au ${w.phone} : un créneau vous est proposé.`,
    },
    galleryIntro: (w) =>
      `Un aperçu du travail ${of(w.name)}${sp(w.inTown)}, et de la façon dont il se déroule.`,
    contactIntro: (w) =>
      `Pour prendre rendez-vous, appelez ou écrivez${w.hours ? ", aux horaires indiqués ci-dessous" : ""} : ${w.solo ? "je vous propose" : `${w.the} vous ${v(w, "propose", "proposent")}`} un créneau.`,
  },
  callout: {
    ctaTitle: () => ({
      modern: "Un devis, une intervention ?",
      classic: "Demandez votre devis",
      bold: "Un chantier ? Parlons-en !",
      minimal: "Devis",
    }),
    ctaText: (w) => `Appelez le ${w.phone} ou ${write(w)} en décrivant votre besoin et le lieu des travaux.`,
    why: () => "Avant toute intervention, le travail à faire et son prix vous sont présentés dans un devis.",
    way: () => "Chaque chantier est mené proprement, et ce qui a été fait vous est expliqué à la fin.",
    presence: (w, named) =>
      `${acts(w, named, ["J'interviens", "Nous intervenons"], ["intervient", "interviennent"])} chez vous, sur devis.`,
    lead: (w) => `${w.type}${sp(w.inTown)} : un travail propre, expliqué et sur devis.`,
    servicesCta: {
      title: "Un devis pour vos travaux ?",
      text: (w) =>
        `${capitalize(call(w))} au ${w.phone} ou ${write(w)} en décrivant votre besoin : le devis suit.`,
    },
    galleryIntro: (w) =>
      `Un aperçu du travail ${of(w.name)}${sp(w.inTown)}, et de la façon dont il se déroule.`,
    contactIntro: (w) =>
      `Pour un devis ou une intervention, ${call(w)} ou ${write(w)} : dites ce qu'il faut faire, et où.`,
  },
  business: {
    ctaTitle: () => ({
      modern: "Parlons de votre activité",
      classic: "Parlons de votre entreprise",
      bold: "Votre activité ? Parlons-en !",
      minimal: "Contact",
    }),
    ctaText: (w) =>
      `Appelez le ${w.phone} ou écrivez : un premier échange pour comprendre votre activité et vos besoins.`,
    why: () =>
      "Chaque mission commence par comprendre votre activité, pour vous proposer ce qui lui convient.",
    way: () => "Les échanges restent simples : des réponses claires à vos questions, sans jargon.",
    presence: (w, named) =>
      `${acts(w, named, ["Je travaille", "Nous travaillons"], ["travaille", "travaillent"])} avec les professionnels${sp(w.inTown)}.`,
    lead: (w) => `${w.type}${sp(w.inTown)} : des réponses claires, au service de votre activité.`,
    servicesCta: {
      title: "Une question sur votre situation ?",
      text: (w) =>
        `${capitalize(call(w))} au ${w.phone} ou ${write(w)} : votre demande est étudiée, puis une proposition vous est faite.`,
    },
    galleryIntro: (w) => `Un aperçu ${of(w.name)}${sp(w.inTown)}.`,
    contactIntro: (w) =>
      `Pour parler de votre activité ou demander une proposition, ${call(w)} ou ${write(w)} : dites en quelques mots ce dont vous avez besoin.`,
  },
  service: {
    ctaTitle: () => ({
      modern: "Un projet, une question ?",
      classic: "Parlons de votre projet",
      bold: "Prêt à vous lancer ?",
      minimal: "Contact",
    }),
    ctaText: (w) => `Appelez le ${w.phone} ou écrivez-${we(w, "nous", "moi")}.`,
    why: () => "Chaque demande commence par un échange, pour bien comprendre ce dont vous avez besoin.",
    way: () => "Vous savez à chaque étape ce qui est fait, comment et pour quand.",
    presence: (w, named) =>
      `${acts(w, named, ["Je suis", "Nous sommes"], ["est", "sont"])} à votre écoute${sp(w.inTown)}.`,
    lead: (w) => `${w.type}${sp(w.inTown)} : le goût du travail bien fait.`,
    servicesCta: {
      title: "Besoin d'un renseignement ?",
      text: (w) =>
        `${w.solo ? "Contactez-moi" : `Contactez ${w.the}`} au ${w.phone} : votre demande est étudiée avec attention.`,
    },
    galleryIntro: (w) =>
      `Un aperçu du travail ${of(w.name)}${sp(w.inTown)}, et de la façon dont il se déroule.`,
    contactIntro: (w) =>
      `Une question, un projet ? ${w.solo ? "Je vous réponds" : `${w.The} vous ${v(w, "répond", "répondent")}`} avec plaisir : appelez ou écrivez.`,
  },
};

/**
 * The embedded generator: writes the five pages in French from the answers alone, in the chosen
 * style's voice. Deterministic: the same answers always give the same site (variants are picked
 * by a hash of the business name and type, never at random).
 */
export function writeFrenchSite(data: KozaData): SiteContent {
  const tone = TONES[data.style];
  const trade = tradeOf(data);
  const said = TRADES[trade.kind];
  const w: Words = {
    name: oneLine(data.businessName),
    the: the(oneLine(data.businessName)),
    The: capitalize(the(oneLine(data.businessName))),
    type: capitalize(oneLine(data.businessType)),
    typeInside: inside(data.businessType),
    inTown: inTown(data.contactInfo.address),
    phone: oneLine(data.contactInfo.phone),
    hours: data.contactInfo.hours.trim() ? inside(data.contactInfo.hours) : "",
    solo: trade.solo,
    vehicle: trade.vehicle,
    echoes: fold(data.businessName)
      .split(/[^a-z]+/)
      .includes(fold(data.businessType).split(/[^a-z]+/)[0] ?? ""),
    plural: plural(oneLine(data.businessName)),
  };
  const seed = hash(`${w.name}|${w.type}`);
  const pick = <T>(list: T[], salt = 0): T => list[(seed + salt) % list.length] as T;
  const audience = data.targetAudience.trim() ? inside(data.targetAudience) : "";
  const services = data.services.map(oneLine);
  // Each of the customer's sentences is said once: the first, their pitch, opens the home page;
  // the others about a service go to it on the services page, the rest back to the home page.
  const [pitch = "", ...others] = sentencesOf(sentences(data.businessDescription));
  const described = describeServices(services, {
    name: w.The,
    plural: w.plural,
    inTown: w.inTown,
    description: others.join(" "),
    solo: w.solo,
    formules: trade.kind === "restaurant",
  });
  const rest = others.filter((s) => !described.used.has(s));
  const clientele = audience
    ? pick([`${we(w, "Notre", "Ma")} clientèle : ${audience}.`, `Pour qui ? ${capitalize(audience)}.`], 1)
    : "";
  const opening = pick(tone.opening, 3)(w);
  // The business is named once: after an opening that names it, "nous" ("Nous vous recevons…").
  const named = fold(opening).includes(fold(bare(w.name)));
  const home = join(opening, pitch, ...rest, rest.length ? "" : said.presence(w, named));

  return typeset({
    tagline: [`${w.type}${sp(w.inTown)}`, tone.taglineEnd && (said.taglineEnd ?? tone.taglineEnd)]
      .filter(Boolean)
      .join(" — "),
    home: {
      headline: pick(tone.headline)(w),
      lead: pick(tone.lead, 2)(w, said),
      intro: home,
      servicesTitle: (said.servicesTitle ?? tone.servicesTitle)(w),
      serviceTeasers: described.items.map((d) => d.teaser),
      whyTitle: tone.whyTitle(w),
      why: join(distinction(data.uniqueValue, w, seed), unlessSaid(data.uniqueValue, said.why(w))),
      callToAction: { title: said.ctaTitle(w)[data.style], text: said.ctaText(w) },
    },
    about: {
      title: pick(tone.aboutTitle, 5)(w),
      paragraphs: [join(pick(tone.aboutOpening, 6)(w), clientele), join(said.way(w), tone.promise(w))],
      values: tone.values(w).map(([title, text]) => ({ title, text })),
    },
    services: {
      intro: `${capitalize(listOf(services))} : ${(said.servicesIntro ?? tone.servicesIntro)(w)}`,
      items: services.map((title, i) => ({ title, text: described.items[i]?.text as string })),
      callToAction: { title: said.servicesCta.title, text: said.servicesCta.text(w) },
    },
    gallery: { intro: said.galleryIntro(w) },
    contact: {
      title: tone.contactTitle(w),
      intro: said.contactIntro(w),
      closing: tone.contactClosing(w),
    },
  });
}

/** What sets the business apart, in the owner's words: said as they wrote it when it is a sentence of theirs. */
/** Words too common to say that two sentences make the same point. */
const COMMON_WORDS = new Set([
  "avant",
  "toute",
  "toutes",
  "faire",
  "votre",
  "notre",
  "chaque",
  "apres",
  "depuis",
  "entre",
  "aussi",
  "comme",
]);

/**
 * The trade's stock sentence, unless the owner's own words already make its point (a word of five
 * letters or more in common, "devis" twice in a row reads as filler).
 */
function unlessSaid(own: string, stock: string): string {
  const words = (s: string) => (fold(s).match(/[a-z]{5,}/g) ?? []).filter((x) => !COMMON_WORDS.has(x));
  const mine = new Set(words(own));
  return words(stock).some((x) => mine.has(x)) ? "" : stock;
}

function distinction(unique: string, w: Words, seed: number): string {
  const text = oneLine(unique);
  if (/^(je|j['’]|nous|on)\b/i.test(text) || text.split(" ").length > 14) return sentences(text);
  const t = inside(text);
  return seed % 2 ? `Ce qui fait la différence ${at(w.name)} : ${t}.` : `Ce qui distingue ${w.the} : ${t}.`;
}

/**
 * "pain au levain, gâteaux sur commande et livraison aux restaurants"; with a comma before the
 * last "et" when an item has its own ("coupe et brushing, couleur et mèches, et soins").
 */
function listOf(items: string[]): string {
  const words = items.map(inside);
  const last = words.some((item) => / et /.test(item)) ? ", et " : " et ";
  return `${words.slice(0, -1).join(", ")}${last}${words.at(-1)}`;
}

/**
 * A name's article, where French needs one: the name's own ("Le Fournil", "Les Délices de Zoé",
 * "L'Atelier Zoé") or the one of the common noun it starts with ("Garage Hoarau", "Boulangerie
 * Payet"). Anything else is a proper name ("Élec Grondin", "Chez Marie"): no article, "chez".
 */
const MASCULINE =
  /^(cabinet|garage|salon|restaurant|snack|bar|cafe|comptoir|fournil|studio|domaine|moulin|magasin|bistrot|institut|atelier|espace|centre|groupe|bureau)\b/;
const FEMININE =
  /^(boulangerie|patisserie|agence|epicerie|boutique|maison|ferme|table|brasserie|pizzeria|creperie|societe|entreprise|cave|clinique|pharmacie|librairie|fromagerie|boucherie|charcuterie|poissonnerie|chocolaterie|miellerie)\b/;
const elides = (name: string) => /^[aeiouyhàâäéèêëîïôöûü]/i.test(name);
type Article = "" | "le" | "la" | "l'" | "les";
function article(name: string): { a: Article; rest: string } {
  const own = /^(le|la|les)\s+(?=\S)|^l['’](?=\S)/i.exec(name);
  if (own) {
    const word = own[0].trim().toLowerCase().replace("’", "'");
    return { a: word as Article, rest: name.slice(own[0].length) };
  }
  const folded = fold(name);
  const kind = MASCULINE.test(folded) ? "le" : FEMININE.test(folded) ? "la" : "";
  return { a: kind && elides(name) ? "l'" : kind, rest: name };
}
/** The name without its own article ("Fournil" for "Le Fournil"), as it is found after "au". */
const bare = (name: string) => article(name).rest;
/** Whether the name is said in the plural ("Les Délices de Zoé"). */
const plural = (name: string) => article(name).a === "les";
/** "Élec Grondin", "le Garage Hoarau", "le Fournil", "les Délices de Zoé", "l'Atelier Zoé" */
function the(name: string): string {
  const { a, rest } = article(name);
  return a === "" ? name : a === "l'" ? `l'${rest}` : `${a} ${rest}`;
}
/** "chez Élec Grondin", "au Fournil", "aux Délices de Zoé", "à la Boulangerie Payet", "à l'Atelier Zoé" */
function at(name: string): string {
  const { a, rest } = article(name);
  const to = { "": "chez ", le: "au ", les: "aux ", la: "à la ", "l'": "à l'" }[a];
  return `${to}${rest}`;
}
/** "d'Élec Grondin", "du Fournil", "des Délices de Zoé", "de la Boulangerie Payet", "de l'Atelier Zoé" */
function of(name: string): string {
  const { a, rest } = article(name);
  if (a === "") return elides(name) ? `d'${name}` : `de ${name}`;
  return `${{ le: "du ", les: "des ", la: "de la ", "l'": "de l'" }[a]}${rest}`;
}
/** "qu'Élec Grondin", "que le Garage Hoarau", "que les Délices de Zoé" */
function that(name: string): string {
  if (article(name).a === "" && elides(name)) return `qu'${name}`;
  return `que ${the(name)}`;
}
const oneLine = (s: string) => s.trim().replace(/\s+/g, " ");
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const sp = (s: string) => (s ? ` ${s}` : "");
const join = (...parts: string[]) => parts.filter(Boolean).join(" ");

/** Text as full sentences: capitalized, ending with a full stop unless it has its own. */
function sentences(s: string): string {
  const t = capitalize(oneLine(s));
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}

/** Text to slot inside a sentence: no final full stop, lower case unless it starts with an acronym or a name. */
function inside(s: string): string {
  const t = oneLine(s).replace(/[.!;…]+$/, "");
  return /^[A-ZÀ-Ý][a-zà-ÿ]/.test(t) && !/^(Le|La|Les|L')\s?[A-ZÀ-Ý]/.test(t)
    ? t.charAt(0).toLowerCase() + t.slice(1)
    : t;
}

/** "à Saint-Paul", "au Port", "aux Avirons" from the town that ends an address, if any. */
function inTown(address: string): string {
  const parts = address.split(",").map(oneLine).filter(Boolean);
  if (parts.length < 2) return "";
  const town = (parts.at(-1) as string).replace(/^\d{5}\s*/, "");
  if (!town || /\d/.test(town)) return "";
  if (/^Le\s/.test(town)) return `au ${town.slice(3)}`;
  if (/^Les\s/.test(town)) return `aux ${town.slice(4)}`;
  return `à ${town}`;
}

/** FNV-1a: a stable number from the answers, to vary the wording from one business to another. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (const c of s) h = Math.imul(h ^ (c.codePointAt(0) as number), 0x01000193) >>> 0;
  return h;
}
