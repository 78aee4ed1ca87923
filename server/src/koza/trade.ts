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

function tradeWords(data: KozaData): Trade {
  const kind = tradeKind(data);
  const hours = data.contactInfo.hours.trim();
  const phone = data.contactInfo.phone.trim();
  switch (kind) {
    case "shop":
      return {
        kind,
        action: hours ? "Adresse et horaires" : "Nous trouver",
        steps: [
          {
            title: "Passez nous voir",
            text: hours
              ? `Nous vous accueillons ${lower(hours)} : l'adresse est sur la page Contact.`
              : "L'adresse est sur la page Contact : nous vous accueillons avec plaisir.",
          },
          {
            title: "Demandez conseil",
            text: "Une question sur un produit ? Nous prenons le temps de vous répondre.",
          },
          {
            title: "Commandez à l'avance",
            text: `Pour une commande particulière, appelez le ${phone} : nous en parlons ensemble.`,
          },
        ],
      };
    case "restaurant":
      return {
        kind,
        action: "Réserver une table",
        steps: [
          {
            title: "Réservez",
            text: `Une table pour vous ou pour un groupe : appelez le ${phone}.`,
          },
          {
            title: "Passez nous voir",
            text: hours
              ? `Nous vous recevons ${lower(hours)} : l'adresse est sur la page Contact.`
              : "L'adresse est sur la page Contact : nous vous recevons avec plaisir.",
          },
          { title: "Régalez-vous", text: "Installez-vous, nous nous occupons du reste." },
        ],
      };
    case "appointment":
      return {
        kind,
        action: "Prendre rendez-vous",
        steps: [
          {
            title: "Prenez rendez-vous",
            text: `Appelez le ${phone} ou écrivez-nous : nous convenons d'un créneau qui vous arrange.`,
          },
          {
            title: "Dites-nous ce que vous souhaitez",
            text: "Au rendez-vous, nous commençons par écouter ce que vous attendez.",
          },
          { title: "Prenez le temps", text: "Le temps du rendez-vous vous est réservé, sans précipitation." },
        ],
      };
    case "callout":
      return {
        kind,
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
        kind,
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
        kind,
        action: "Nous contacter",
        steps: [
          {
            title: "Parlons de votre besoin",
            text: `Appelez le ${phone} ou écrivez-nous : tout commence par un échange.`,
          },
          { title: "Une proposition claire", text: "Vous savez ce qui sera fait, comment et pour quand." },
          { title: "C'est parti", text: "Vous êtes tenu au courant à chaque étape." },
        ],
      };
  }
}

const lower = (s: string) => (/^[A-ZÀ-Ý][a-zà-ÿ]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
