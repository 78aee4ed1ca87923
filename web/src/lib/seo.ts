import type { Plan } from "@lagon/contracts/plans";
import { PLANS_SECTION_ID, paths } from "../config/paths";
import { publicConfig } from "../config/public-config";

/** schema.org structured data, rendered as a JSON-LD script by the page's meta. */
export type JsonLd = Record<string, unknown>;

// The server's own default is http://localhost:$PORT; the pages are built before any port is known.
const SITE_URL = (publicConfig.PUBLIC_URL ?? "http://localhost:3000").replace(/\/$/, "");

/** The absolute address of a page of the site, for canonical and sharing URLs. */
export function absoluteUrl(path: string): string {
  return `${SITE_URL}${path}`;
}

const AREAS_SERVED = ["La Réunion", "Mayotte", "Martinique", "Guadeloupe", "Guyane", "France métropolitaine"];

/** Support hours, Réunion time (UTC+4): Monday to Friday 8h-18h, Saturday 9h-12h, closed on Sunday. */
const OPENING_HOURS = [
  {
    "@type": "OpeningHoursSpecification",
    dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "08:00:00+04:00",
    closes: "18:00:00+04:00",
  },
  {
    "@type": "OpeningHoursSpecification",
    dayOfWeek: "Saturday",
    opens: "09:00:00+04:00",
    closes: "12:00:00+04:00",
  },
];

function monthlyOffer(plan: Plan): JsonLd {
  return {
    "@type": "Offer",
    name: `Offre ${plan.name}`,
    description: plan.description,
    url: absoluteUrl(`${paths.home()}#${PLANS_SECTION_ID}`),
    priceCurrency: "EUR",
    price: plan.priceCents / 100,
    priceSpecification: {
      "@type": "UnitPriceSpecification",
      price: plan.priceCents / 100,
      priceCurrency: "EUR",
      unitText: "MON",
      referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
      valueAddedTaxIncluded: false,
    },
    availability: "https://schema.org/InStock",
  };
}

/** What the agency sells: the plans and the Koza add-on. */
export interface Offers {
  plans: readonly Plan[];
  kozaPrice: number;
}

/**
 * The plans and the Koza add-on as schema.org offers. They are passed in rather than imported,
 * so that pages without offers do not ship the plans module (and its schema library).
 */
export function offerCatalogJsonLd({ plans, kozaPrice }: Offers): JsonLd {
  return {
    "@type": "OfferCatalog",
    name: "Sites WordPress clé en main",
    itemListElement: [
      ...plans.map(monthlyOffer),
      {
        "@type": "Offer",
        name: "Koza, l'agent IA qui rédige votre site",
        description:
          "Un site vitrine de 5 pages rédigé et illustré à partir d'un questionnaire d'une dizaine de questions.",
        priceCurrency: "EUR",
        price: kozaPrice,
        priceSpecification: {
          "@type": "PriceSpecification",
          price: kozaPrice,
          priceCurrency: "EUR",
          valueAddedTaxIncluded: false,
        },
      },
    ],
  };
}

/** The agency as a schema.org LocalBusiness, with its offers when the page shows them. */
export function localBusinessJsonLd(offers?: Offers): JsonLd {
  const c = publicConfig;
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": absoluteUrl(`${paths.home()}#entreprise`),
    name: c.COMPANY_NAME,
    description:
      "Agence web de Saint-Paul\u00a0: sites WordPress clé en main pour les artisans, TPE et PME de La Réunion et des Outre-mer.",
    url: absoluteUrl(paths.home()),
    logo: absoluteUrl("/favicon.svg"),
    image: absoluteUrl("/favicon.svg"),
    email: c.CONTACT_EMAIL,
    telephone: c.CONTACT_PHONE,
    priceRange: "15 € - 50 € HT par mois",
    address: {
      "@type": "PostalAddress",
      streetAddress: c.COMPANY_ADDRESS,
      addressLocality: "Saint-Paul",
      addressRegion: "La Réunion",
      addressCountry: "RE",
    },
    areaServed: AREAS_SERVED,
    openingHoursSpecification: OPENING_HOURS,
    sameAs: [c.SOCIAL_FACEBOOK_URL, c.SOCIAL_INSTAGRAM_URL],
    ...(offers ? { hasOfferCatalog: offerCatalogJsonLd(offers) } : {}),
  };
}

/** A list of questions and answers as a schema.org FAQPage. */
export function faqPageJsonLd(entries: readonly { question: string; answer: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}
