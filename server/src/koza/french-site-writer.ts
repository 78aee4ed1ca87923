import type { KozaStyle } from "@lagon/contracts/koza";
import type { KozaData } from "@lagon/contracts/koza-schemas";
import { fold } from "./image-motifs.ts";
import { describeServices, type ServiceFacts } from "./service-words.ts";
import type { SiteContent } from "./site-content.ts";

/** What changes with the chosen style: the voice of the site. Each list offers variants. */
interface Tone {
  headline: ((w: Words) => string)[];
  lead: ((w: Words) => string)[];
  opening: ((w: Words) => string)[];
  servicesTitle: string;
  whyTitle: string;
  why: string[];
  cta: { title: string; text: (w: Words) => string };
  aboutTitle: ((w: Words) => string)[];
  aboutOpening: ((w: Words) => string)[];
  promise: string;
  values: [string, string][];
  servicesIntro: ((w: Words) => string)[];
  contactTitle: string;
  contactClosing: string;
  taglineEnd: string;
}

/** The answers, cleaned and ready to slot into sentences. */
interface Words extends ServiceFacts {
  /** The business type as written (`typeInside`: in lower case, for use inside a sentence). */
  type: string;
  /** Someone working alone (a plumber, "je…"): no "team" is claimed. */
  solo: boolean;
}

const TONES: Record<KozaStyle, Tone> = {
  modern: {
    headline: [(w) => `Bienvenue chez ${w.name}`, (w) => `${w.name}, votre ${w.typeInside}${sp(w.inTown)}`],
    lead: [
      (w) => `${w.type}${sp(w.inTown)} : un service simple, proche et efficace.`,
      (w) => `${w.type}${sp(w.inTown)}. On vous écoute, on vous conseille, on s'occupe de tout.`,
    ],
    opening: [
      (w) => `Chez ${w.name}, on fait les choses simplement et bien.`,
      (w) =>
        `${w.name}, c'est ${w.solo ? "un professionnel disponible" : "une équipe disponible"} et à l'écoute.`,
    ],
    servicesTitle: "Ce que nous vous proposons",
    whyTitle: "Pourquoi nous choisir ?",
    why: [
      "Vous savez toujours à quoi vous attendre : des délais annoncés et tenus, des prix clairs.",
      "Chaque client est reçu, écouté et conseillé personnellement.",
    ],
    cta: {
      title: "Un projet, une question ?",
      text: (w) => `Appelez-nous au ${w.phone} ou écrivez-nous : nous vous répondons rapidement.`,
    },
    aboutTitle: [(w) => `${w.name} en quelques mots`, () => "Qui sommes-nous ?"],
    aboutOpening: [
      (w) => `Derrière ${w.name}, il y a une passion et un métier : ${w.typeInside}${sp(w.inTown)}.`,
      (w) => `${w.name} a une idée simple : bien faire son métier (${w.typeInside})${sp(w.inTown)}.`,
    ],
    promise: "Notre promesse : un travail soigné, des échanges simples et une vraie relation de confiance.",
    values: [
      ["Écoute", "Nous commençons toujours par comprendre ce dont vous avez besoin."],
      ["Réactivité", "Une question ? Une réponse rapide, par téléphone ou par e-mail."],
      ["Transparence", "Des prix clairs et des délais tenus, annoncés dès le départ."],
    ],
    servicesIntro: [
      (w) =>
        `Voici ce que ${w.name} peut faire pour vous. Chaque prestation commence par l'écoute de votre besoin.`,
      (w) => `Trois services, une même exigence : vous simplifier la vie. Découvrez l'offre de ${w.name}.`,
    ],
    contactTitle: "Contactez-nous",
    contactClosing: "Nous vous répondons dans les meilleurs délais. À très vite !",
    taglineEnd: "simple, proche et efficace",
  },
  classic: {
    headline: [(w) => `${w.name}, ${w.typeInside}${sp(w.inTown)}`, (w) => `${w.name}`],
    lead: [
      () => "Le savoir-faire, la rigueur et le sens du service, depuis toujours.",
      (w) => `${w.type}${sp(w.inTown)}, au service de sa clientèle avec sérieux et constance.`,
    ],
    opening: [
      (w) => `${w.name} met son savoir-faire à votre service.`,
      (w) => `Depuis ses débuts, ${w.name} cultive l'exigence du travail bien fait.`,
    ],
    servicesTitle: "Nos prestations",
    whyTitle: "Notre différence",
    why: [
      "Nous attachons une grande importance à la qualité, au respect des engagements et à la relation de confiance.",
      "Chaque demande est traitée avec le même soin, qu'elle soit modeste ou ambitieuse.",
    ],
    cta: {
      title: "Prenons rendez-vous",
      text: (w) => `Nous serons heureux de vous renseigner au ${w.phone} ou par écrit.`,
    },
    aboutTitle: [(w) => `${w.name}, ${w.typeInside}${sp(w.inTown)}`, (w) => `L'histoire de ${w.name}`],
    aboutOpening: [
      (w) => `${w.name} exerce un beau métier : ${w.typeInside}${sp(w.inTown)}.`,
      (w) =>
        `${w.inTown ? `Installée ${w.inTown}, l'entreprise` : "L'entreprise"} ${w.name} exerce son métier avec rigueur et constance : ${w.typeInside}.`,
    ],
    promise: "Notre engagement : un travail irréprochable, des délais respectés et une relation durable.",
    values: [
      ["Savoir-faire", "Un métier maîtrisé, transmis et perfectionné avec le temps."],
      ["Rigueur", "Chaque détail compte, du premier échange à la dernière finition."],
      ["Confiance", "Une relation durable, fondée sur la parole donnée et tenue."],
    ],
    servicesIntro: [
      (w) => `${w.name} vous propose des prestations de qualité, réalisées avec le plus grand soin.`,
      () => "Nos prestations reposent sur un savoir-faire reconnu et un sens aigu du service.",
    ],
    contactTitle: "Nous contacter",
    contactClosing: "Nous vous répondrons dans les meilleurs délais.",
    taglineEnd: "savoir-faire et sérieux",
  },
  bold: {
    headline: [(w) => `${w.name}. Avec du caractère.`, (w) => `${w.name}, l'exigence en plus`],
    lead: [
      (w) => `${w.type}${sp(w.inTown)}. De l'énergie, de l'exigence, des résultats.`,
      () => "Pas de demi-mesure : nous visons l'excellence, à chaque fois.",
    ],
    opening: [() => "Ici, pas de demi-mesure.", (w) => `${w.name} ne fait rien à moitié.`],
    servicesTitle: "Ce que nous faisons de mieux",
    whyTitle: "Pourquoi nous ?",
    why: ["Parce que votre satisfaction n'est pas une option.", "Parce que nous tenons parole, toujours."],
    cta: {
      title: "Prêt à vous lancer ?",
      text: (w) => `Un appel au ${w.phone} suffit. On s'occupe du reste !`,
    },
    aboutTitle: [() => "Qui sommes-nous ?", (w) => `${w.name}, l'énergie en plus`],
    aboutOpening: [
      (w) => `${w.name}, c'est une énergie au service d'un métier : ${w.typeInside}${sp(w.inTown)}.`,
      (w) => `Notre terrain de jeu : ${w.typeInside}${sp(w.inTown)}. Notre moteur : vos projets.`,
    ],
    promise: "Notre promesse ? Des résultats. Pas des excuses.",
    values: [
      ["Énergie", "Nous nous donnons à fond, du premier au dernier jour."],
      ["Exigence", "Le « presque bien » ne nous suffit pas."],
      ["Résultats", "Ce qui compte, c'est ce que vous obtenez."],
    ],
    servicesIntro: [
      (w) => `Trois services. Une seule exigence : la vôtre. Voici ce que ${w.name} fait de mieux.`,
      () => "Du solide, du concret, du sur-mesure : découvrez nos services.",
    ],
    contactTitle: "Parlons-en !",
    contactClosing: "On vous répond vite. Promis !",
    taglineEnd: "avec énergie et exigence",
  },
  minimal: {
    headline: [(w) => w.name, (w) => `${w.name}.`],
    lead: [
      (w) => `${w.type}${sp(w.inTown)}, l'essentiel bien fait.`,
      () => "L'essentiel, bien fait. Rien de plus.",
    ],
    opening: [() => "L'essentiel, bien fait.", () => "Simple et soigné."],
    servicesTitle: "Services",
    whyTitle: "Notre différence",
    why: ["Moins de mots, plus de soin.", "Un travail précis, sans superflu."],
    cta: { title: "Contact", text: (w) => `${w.phone} — ou par e-mail, quand vous voulez.` },
    aboutTitle: [() => "À propos", (w) => w.name],
    aboutOpening: [
      (w) => `${w.name} : ${w.typeInside}${sp(w.inTown)}.`,
      (w) => `Un métier, ${w.typeInside}, exercé avec soin par ${w.name}.`,
    ],
    promise: "Un travail précis, des échanges clairs.",
    values: [
      ["Clarté", "Des échanges simples et des engagements nets."],
      ["Qualité", "Un travail précis, sans superflu."],
      ["Simplicité", "L'essentiel, bien fait, du premier coup."],
    ],
    servicesIntro: [(w) => `Les services de ${w.name}, en bref.`, () => "Trois services, bien faits."],
    contactTitle: "Contact",
    contactClosing: "Réponse rapide, par téléphone ou par e-mail.",
    taglineEnd: "",
  },
};

/**
 * The embedded generator: writes the five pages in French from the answers alone, in the chosen
 * style's voice. Deterministic: the same answers always give the same site (variants are picked
 * by a hash of the business name and type, never at random).
 */
export function writeFrenchSite(data: KozaData): SiteContent {
  const tone = TONES[data.style];
  const w: Words = {
    name: oneLine(data.businessName),
    type: capitalize(oneLine(data.businessType)),
    typeInside: inside(data.businessType),
    inTown: inTown(data.contactInfo.address),
    description: sentences(data.businessDescription),
    audience: data.targetAudience.trim() ? inside(data.targetAudience) : "",
    unique: inside(data.uniqueValue),
    phone: oneLine(data.contactInfo.phone),
    solo: worksAlone(data),
  };
  const seed = hash(`${w.name}|${w.type}`);
  const pick = <T>(list: T[], salt = 0): T => list[(seed + salt) % list.length] as T;
  const audience = w.audience
    ? pick([`Notre clientèle : ${w.audience}.`, `Pour qui ? ${capitalize(w.audience)}.`], 1)
    : "";
  const services = data.services.map(oneLine);
  const described = describeServices(services, w);

  return {
    tagline: [`${w.type}${sp(w.inTown)}`, tone.taglineEnd].filter(Boolean).join(" — "),
    home: {
      headline: pick(tone.headline)(w),
      lead: pick(tone.lead, 2)(w),
      intro: join(pick(tone.opening, 3)(w), w.description, audience),
      servicesTitle: tone.servicesTitle,
      serviceTeasers: described.map((d) => d.teaser),
      whyTitle: tone.whyTitle,
      why: join(`Ce qui distingue ${w.name} : ${w.unique}.`, pick(tone.why, 4)),
      callToAction: { title: tone.cta.title, text: tone.cta.text(w) },
    },
    about: {
      title: pick(tone.aboutTitle, 5)(w),
      paragraphs: [
        pick(tone.aboutOpening, 6)(w),
        join(w.description, audience),
        join(
          `${w.solo ? "Ce qui fait la différence" : "Ce qui fait notre différence"} : ${w.unique}.`,
          tone.promise,
        ),
      ],
      values: tone.values.map(([title, text]) => ({ title, text })),
    },
    services: {
      intro: pick(tone.servicesIntro, 7)(w),
      items: services.map((title, i) => ({ title, text: described[i]?.text as string })),
      callToAction: {
        title: "Besoin d'un renseignement ?",
        text: `Contactez ${w.name} au ${w.phone} : nous étudions votre demande avec attention.`,
      },
    },
    gallery: {
      intro: join(`Quelques images de ${w.name}${sp(w.inTown)}.`, `Sa marque de fabrique : ${w.unique}.`),
    },
    contact: {
      title: tone.contactTitle,
      intro: `Une question, une demande de renseignement ? ${w.name} vous répond avec plaisir : appelez, écrivez ou passez nous voir.`,
      closing: tone.contactClosing,
    },
  };
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

/** A first-person description ("je", "mon atelier") or a trade named as a person ("Plombier") is one person's business. */
function worksAlone(data: KozaData): boolean {
  const firstPerson = /(^|[\s,.;:!?(«"])(je|j['’]|moi|mon|ma|mes)(?=[\s'’,.]|$)/i;
  if (firstPerson.test(`${data.businessDescription} ${data.uniqueValue}`)) return true;
  const firstWord = fold(oneLine(data.businessType)).split(" ")[0] ?? "";
  return /^(?!atelier)\p{L}+(ier|iere|ien|ienne|eur|euse|iste|graphe|logue)$/u.test(firstWord);
}

/** FNV-1a: a stable number from the answers, to vary the wording from one business to another. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (const c of s) h = Math.imul(h ^ (c.codePointAt(0) as number), 0x01000193) >>> 0;
  return h;
}
