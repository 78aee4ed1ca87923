import type { KozaData } from "@lagon/contracts/koza";
import type { SiteContent } from "./site-content.ts";

const TONE = {
  modern: { hello: "Bienvenue chez", promise: "Simple, efficace, pensé pour vous", verb: "découvrez" },
  classic: {
    hello: "Bienvenue à la maison",
    promise: "Un savoir-faire sérieux et reconnu",
    verb: "découvrez",
  },
  bold: { hello: "Place à", promise: "L'énergie et l'exigence, sans compromis", verb: "foncez découvrir" },
  minimal: { hello: "", promise: "L'essentiel, bien fait", verb: "découvrez" },
} as const;

const sentence = (s: string) => {
  const t = s.trim().replace(/\s+/g, " ");
  if (!t) return t;
  const first = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(first) ? first : `${first}.`;
};
const lower = (s: string) => s.trim().charAt(0).toLowerCase() + s.trim().slice(1);

/**
 * The embedded generator: composes the five pages in French from the answers alone,
 * deterministically (the same answers always give the same site), in the chosen style's tone.
 */
export function writeFrenchSite(data: KozaData): SiteContent {
  const tone = TONE[data.style];
  const name = data.businessName.trim();
  const type = lower(data.businessType);
  const audience = data.targetAudience.trim();
  const city =
    data.contactInfo.address
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)
      .at(-1) ?? "";
  const [s1, s2, s3] = data.services.map((s) => s.trim()) as [string, string, string];
  return {
    tagline: `${data.businessType.trim()}${city ? ` · ${city}` : ""} — ${tone.promise}`,
    home: {
      headline: tone.hello ? `${tone.hello} ${name}` : name,
      intro: `${sentence(data.businessDescription)} ${sentence(data.uniqueValue)}${
        audience ? ` Nous accompagnons ${lower(audience).replace(/[.!]$/, "")}.` : ""
      }`,
      highlights: [
        `${s1} : un service réalisé avec soin, du premier contact à la dernière finition.`,
        `${s2} : des conseils clairs et un devis transparent, sans mauvaise surprise.`,
        `${s3} : la réactivité d'une entreprise de proximité${city ? ` à ${city}` : ""}.`,
      ],
    },
    about: {
      paragraphs: [
        `${name} est une entreprise de ${type}${city ? ` installée à ${city}` : ""}. ${sentence(data.businessDescription)}`,
        `Ce qui nous distingue ? ${sentence(data.uniqueValue)} Chaque client est reçu, écouté et conseillé personnellement${
          audience ? `, qu'il s'agisse de ${lower(audience).replace(/[.!]$/, "")}` : ""
        }.`,
        `Notre engagement est simple : un travail soigné, des délais tenus et une relation de confiance dans la durée. N'hésitez pas, ${tone.verb} nos services et contactez-nous.`,
      ],
    },
    services: data.services.map((service, i) => ({
      title: service.trim(),
      description: [
        `${sentence(service)} Nous prenons le temps de comprendre votre besoin avant de vous proposer la solution la plus adaptée, avec un devis clair.`,
        `${sentence(service)} Un savoir-faire éprouvé, des matériaux et des méthodes choisis avec exigence, et un résultat à la hauteur de vos attentes.`,
        `${sentence(service)} Réactifs et disponibles, nous intervenons rapidement et vous tenons informé à chaque étape.`,
      ][i] as string,
    })),
    gallery: {
      intro: `Quelques réalisations de ${name}. Chaque projet est unique : ${lower(data.uniqueValue).replace(/[.!]$/, "")}.`,
    },
    contact: {
      intro: `Une question, un devis ? L'équipe de ${name} vous répond avec plaisir. Appelez-nous, écrivez-nous ou passez nous voir.`,
    },
  };
}
