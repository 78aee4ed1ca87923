import { fold } from "./image-motifs.ts";

/** What the embedded writer knows to describe the three services, already cleaned. */
export interface ServiceFacts {
  name: string;
  /** The business type in lower case, for use inside a sentence. */
  typeInside: string;
  /** "à Saint-Paul", "au Port", or "" when the address names no town. */
  inTown: string;
  /** The description, as full sentences. */
  description: string;
  audience: string;
  unique: string;
  phone: string;
}

/**
 * What a kind of service usually involves, said without inventing any fact (no price, no
 * delay, no guarantee) and without "we" or "I" (the customer may work alone): matched on the
 * service's own name.
 */
const KINDS: [RegExp, string][] = [
  [/livr/, "Le lieu et l'heure de livraison se décident avec vous, selon vos besoins."],
  [
    /commande|sur mesure|personnalis|cadeau/,
    "Vous dites ce que vous souhaitez, pour quand et pour combien de personnes : tout est préparé pour vous.",
  ],
  [
    /depann|urgence|fuite|panne/,
    "Un problème ? La cause est d'abord recherchée, puis la solution vous est expliquée avant toute intervention.",
  ],
  [
    /repar/,
    "Ce qui ne va pas est d'abord examiné, puis la réparation vous est expliquée avant d'être faite.",
  ],
  [
    /install|pose\b|montage|raccord/,
    "De la préparation à la mise en service, chaque étape vous est expliquée.",
  ],
  [
    /entretien|maintenance|revision|vidange|controle/,
    "Un entretien régulier évite les mauvaises surprises : le bon rythme vous est indiqué.",
  ],
  [
    /renov|amenag|transform/,
    "Les travaux se définissent avec vous, à partir de l'existant et de vos envies.",
  ],
  [
    /cours|formation|atelier|lecon|coaching|seance/,
    "Des séances adaptées à votre niveau, à votre rythme et à vos objectifs.",
  ],
  [
    /conseil|audit|accompagn|etude|diagnostic/,
    "Tout part de votre situation, pour des solutions concrètes et adaptées.",
  ],
  [/location|loue/, "Le bon choix se fait avec vous, et tout vous est expliqué avant la remise."],
  [
    /coupe|coiff|soin|massage|beaute|manucur|epil/,
    "Un moment pour vous, dans un cadre soigné, avec des conseils adaptés à vos envies.",
  ],
  [
    /traiteur|buffet|evenement|reception|mariage/,
    "Pour vos fêtes et vos événements, une offre composée avec vous, à votre mesure.",
  ],
  [/vente|boutique|magasin/, "Des conseils pour trouver ce qui vous convient vraiment."],
  [/nettoy|menage|lavage/, "Ce qui doit être fait, et à quelle fréquence, se décide avec vous."],
  [/photo|video|reportage/, "La séance se prépare avec vous, pour des images qui vous ressemblent."],
  [
    /site|web|logiciel|informati/,
    "Tout part de vos besoins réels, pour un outil simple à utiliser au quotidien.",
  ],
  [
    /jardin|taille|tonte|elag|paysag/,
    "Chaque intervention s'adapte à votre terrain, à vos plantes et à la saison.",
  ],
];

/** Words of a name that tell something: at least four letters, folded, without a plural "s"/"x". */
function stems(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 4 && !STOP.has(word))
    .map((word) => word.replace(/[sx]$/, "").slice(0, 6));
}
const STOP = new Set([
  "avec",
  "pour",
  "dans",
  "chez",
  "sans",
  "tous",
  "tout",
  "toute",
  "toutes",
  "votre",
  "notre",
  "nous",
  "vous",
]);

const sentencesOf = (text: string) => text.match(/[^.!?…]+[.!?…]+/g)?.map((s) => s.trim()) ?? [text];

/**
 * A short teaser and a full text for each service, built from the customer's own words: the
 * sentences of their description that speak of it, what that kind of service involves, and one
 * of their answers (what sets them apart, their clientele, their phone). No sentence is used
 * twice on the site's services.
 */
export function describeServices(services: string[], f: ServiceFacts): { teaser: string; text: string }[] {
  const used = new Set<string>();
  const fresh = (s: string | undefined) => {
    if (!s || used.has(s)) return undefined;
    used.add(s);
    return s;
  };
  const descriptionSentences = sentencesOf(f.description);
  const about = (service: string) => {
    const own = stems(service);
    return descriptionSentences.find((sentence) => {
      const words = stems(sentence);
      return own.some((stem) => words.includes(stem));
    });
  };
  const kind = (service: string) =>
    KINDS.find(([re]) => new RegExp(`\\b(?:${re.source})`).test(fold(service)))?.[1];
  const answer = [
    `Ce qui fait la différence chez ${f.name} : ${f.unique}.`,
    f.audience
      ? `${f.name} le propose${sp(f.inTown)}, pour ${f.audience}.`
      : `${f.name} le propose${sp(f.inTown)}, avec le même soin pour chaque demande.`,
    `Pour en parler, appelez ${f.name} au ${f.phone}.`,
  ];
  const fallback = [
    `Le métier de ${f.name} (${f.typeInside}), au service de votre demande.`,
    `Un savoir-faire de ${f.typeInside}${sp(f.inTown)}, pour un résultat à votre goût.`,
    `Une question sur ce service ? ${f.name} vous répond et vous conseille.`,
  ];
  return services.map((service, i) => {
    const fromDescription = fresh(about(service));
    const fromKind = fresh(kind(service));
    const lead = fromDescription || fromKind ? [fromDescription, fromKind] : [fallback[i]];
    const text = [...lead, answer[i]].filter(Boolean).join(" ");
    return { teaser: (fromDescription ?? fromKind ?? fallback[i]) as string, text };
  });
}

const sp = (s: string) => (s ? ` ${s}` : "");
