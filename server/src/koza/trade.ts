import type { KozaData } from "@lagon/contracts/koza-schemas";
import { typeset } from "./french-typography.ts";
import { fold } from "./image-motifs.ts";

/**
 * How a visitor becomes a customer, which decides the site's invitations: a shop or a
 * restaurant is visited, a salon or a garage is booked, a tradesperson on call-outs is asked
 * for a quote, anything else is contacted.
 */
export type TradeKind = "shop" | "restaurant" | "appointment" | "callout" | "business" | "service";

export interface Trade {
  kind: TradeKind;
  /** One person's business: the site says "je", "mon", "mes", never "nous". */
  solo: boolean;
  /** A garage, a body shop: what is booked is work on the customer's vehicle, not time for them. */
  vehicle: boolean;
  /** What the "Services" page lists, as the trade calls it: "services", or a restaurant's "formules". */
  offer: string;
  /** The main button of the site, to the contact page. */
  action: string;
  /** How working with the business goes, in three steps, without inventing any fact. */
  steps: { title: string; text: string }[];
}

/** Matched from the start of a word, accents and case ignored; the first kind that matches wins. */
const KINDS: [TradeKind, RegExp][] = [
  [
    "restaurant",
    /restaur|snack|pizzer|creperie|brasserie|bistro|food ?truck|cafe\b|bar\b|salon de the|table d'hote|cantine|rotisserie/,
  ],
  [
    "shop",
    /boulang|patiss|epicer|boutique|magasin|commerce|fleurist|librair|cavist|boucher|charcut|poissonn|fromag|chocolat|glacier|primeur|traiteur|quincaill|bijout|opticien|torrefact|concept store|superette|marchand|vente/,
  ],
  [
    "appointment",
    /coiff|barb|esthet|institut|beaute|onglerie|manucur|massag|spa\b|bien-etre|garage|mecani|carross|auto-ecole|kine|osteo|dentist|sophro|naturo|podolog|tatou|photograph|toilett|veterin|coach|yoga|pilates|prothesiste/,
  ],
  [
    "callout",
    /electri|plomb|climatis|clim\b|frigor|chauffag|serrur|macon|menuis|charpent|couvreur|toiture|peintre|peinture|carrel|vitri|jardin|paysag|elag|piscin|depann|renov|btp|batiment|terrass|nettoy|desinsect|demenag|solaire|photovolt|chauffe-eau|etanch|isolation|plaquiste|ferronn|soudu|assainiss/,
  ],
  [
    "business",
    /compta|expert-compta|fiscal|juridi|avocat|notair|consult|audit|informati|infogeran|cybersec|logiciel|developpeur|agence web|communication|marketing|secretar|domicili|recrut|assuranc|courtier|traduct|graphis/,
  ],
];

/** Trades booked for work on a vehicle, matched on the activity and the name. */
const VEHICLE = /\b(garage|mecani|carross|pneu|moto|automobile|vehicul|controle technique|vidange)/;

/** What kind of trade the answers describe: the activity first, then the name, then the services. */
export function tradeKind(data: KozaData): TradeKind {
  for (const text of [data.businessType, data.businessName, data.services.join(" ")]) {
    const folded = fold(text);
    const found = KINDS.find(([, re]) => new RegExp(`\\b(?:${re.source})`).test(folded));
    if (found) return found[0];
  }
  return "service";
}

export function tradeOf(data: KozaData): Trade {
  return typeset(tradeWords(data));
}

/**
 * Whether one person runs the business, from the answers alone (the questionnaire asks nothing
 * else): the owner writes of themself in the singular ("je", "mon atelier"), or, writing neither
 * "je" nor "nous", names their trade as a person ("Plombier", "Électricienne").
 */
export function worksAlone(data: KozaData): boolean {
  const own = `${data.businessDescription} ${data.uniqueValue}`;
  const words = (list: string) => new RegExp(`(^|[\\s,.;:!?(«"])(${list})(?=[\\s'’,.]|$)`, "i");
  if (words("je|j['’]|moi|mon|ma|mes").test(own)) return true;
  if (words("nous|notre|nos").test(own)) return false;
  const firstWord = fold(data.businessType.trim()).split(/\s+/)[0] ?? "";
  return /^(?!atelier)\p{L}+(ier|iere|ien|ienne|eur|euse|iste|graphe|logue)$/u.test(firstWord);
}

function tradeWords(data: KozaData): Trade {
  const kind = tradeKind(data);
  const solo = worksAlone(data);
  /** The team's words, or one person's. */
  const we = (team: string, alone: string) => (solo ? alone : team);
  const hours = data.contactInfo.hours.trim();
  const phone = data.contactInfo.phone.trim();
  const vehicle = VEHICLE.test(fold(`${data.businessType} ${data.businessName}`));
  const base = { kind, solo, vehicle, offer: kind === "restaurant" ? "formules" : "services" };
  switch (kind) {
    case "shop":
      return {
        ...base,
        action: hours ? "Adresse et horaires" : we("Nous trouver", "Me trouver"),
        steps: [
          {
            title: we("Passez nous voir", "Passez me voir"),
            text: hours
              ? `${we("Nous vous accueillons", "Je vous accueille")} ${lower(hours)} : l'adresse est sur la page Contact.`
              : `L'adresse est sur la page Contact : ${we("nous vous accueillons", "je vous accueille")} avec plaisir.`,
          },
          {
            title: "Demandez conseil",
            text: `Une question sur un produit ? ${we("Nous prenons", "Je prends")} le temps de vous répondre.`,
          },
          {
            title: "Commandez à l'avance",
            text: `Pour une commande particulière, appelez le ${phone} : ${we("nous en parlons", "parlons-en")} ensemble.`,
          },
        ],
      };
    case "restaurant":
      return {
        ...base,
        action: "Réserver une table",
        steps: [
          {
            title: "Réservez",
            text: `Une table pour vous ou pour un groupe : appelez le ${phone}.`,
          },
          {
            title: we("Passez nous voir", "Passez me voir"),
            text: hours
              ? `${we("Nous vous recevons", "Je vous reçois")} ${lower(hours)} : l'adresse est sur la page Contact.`
              : `L'adresse est sur la page Contact : ${we("nous vous recevons", "je vous reçois")} avec plaisir.`,
          },
          {
            title: "Régalez-vous",
            text: `Installez-vous, ${we("nous nous occupons", "je m'occupe")} du reste.`,
          },
        ],
      };
    case "appointment":
      return {
        ...base,
        action: "Prendre rendez-vous",
        steps: [
          {
            title: "Prenez rendez-vous",
            text: `Appelez le ${phone} ou écrivez-${we("nous : nous convenons d'un", "moi : je vous propose un")} créneau qui vous arrange.`,
          },
          ...(vehicle
            ? [
                {
                  title: "Déposez votre véhicule",
                  text: `Le jour convenu, ${we("dites-nous", "dites-moi")} ce que vous avez remarqué : tout part de là.`,
                },
                {
                  title: "Récupérez-le",
                  text: "Ce qui a été fait vous est expliqué quand vous reprenez votre véhicule.",
                },
              ]
            : [
                {
                  title: we("Dites-nous ce que vous souhaitez", "Dites-moi ce que vous souhaitez"),
                  text: `Au rendez-vous, ${we("nous commençons", "je commence")} par écouter ce que vous attendez.`,
                },
                {
                  title: "Prenez le temps",
                  text: "Le temps du rendez-vous vous est réservé, sans précipitation.",
                },
              ]),
        ],
      };
    case "callout":
      return {
        ...base,
        action: "Demander un devis",
        steps: [
          {
            title: "Décrivez votre besoin",
            text: `Par téléphone au ${phone} ou par e-mail : ce qu'il faut faire, et où.`,
          },
          {
            title: "Recevez un devis",
            text: "Le travail et son prix vous sont présentés avant toute intervention.",
          },
          {
            title: "Place à l'intervention",
            text: "Le travail est fait à la date convenue, puis vous est expliqué.",
          },
        ],
      };
    case "business":
      return {
        ...base,
        action: "Prendre contact",
        steps: [
          {
            title: "Un premier échange",
            text: `Appelez le ${phone} ou écrivez : vous présentez votre activité et ce dont vous avez besoin.`,
          },
          {
            title: "Une proposition écrite",
            text: "Ce qui sera fait pour vous, et à quelles conditions, vous est présenté par écrit avant de commencer.",
          },
          { title: "Un suivi au fil de l'eau", text: "Vous savez à chaque étape où en est votre dossier." },
        ],
      };
    case "service":
      return {
        ...base,
        action: we("Nous contacter", "Me contacter"),
        steps: [
          {
            title: "Parlons de votre besoin",
            text: `Appelez le ${phone} ou écrivez-${we("nous", "moi")} : tout commence par un échange.`,
          },
          { title: "Une proposition claire", text: "Vous savez ce qui sera fait, comment et pour quand." },
          { title: "C'est parti", text: "Vous êtes tenu au courant à chaque étape." },
        ],
      };
  }
}

/** "Du mardi au dimanche" said inside a sentence or after a colon: "du mardi au dimanche". */
export const lower = (s: string) =>
  /^[A-ZÀ-Ý][a-zà-ÿ]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
