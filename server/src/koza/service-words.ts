import { fold } from "./image-motifs.ts";

/** What the embedded writer knows to describe the three services, already cleaned. */
export interface ServiceFacts {
  /** The name as it opens a sentence, with its article ("La Boulangerie Payet"). */
  name: string;
  /** A name in the plural ("Les Délices de Zoé"): its verbs agree. */
  plural: boolean;
  /** "à Saint-Paul", "au Port", or "" when the address names no town. */
  inTown: string;
  /** The description, as full sentences. */
  description: string;
  /** One person's business: its own sentences say "je" (decision 0085). */
  solo: boolean;
  /** A restaurant's offer is a "formule", anything else's a "service". */
  formules: boolean;
}

/**
 * What a kind of service usually involves, said without inventing any fact (no price, no
 * delay, no guarantee) and without "we" or "I" (the customer may work alone): matched on the
 * service's own name.
 */
const KINDS: [RegExp, string][] = [
  [
    /groupe|banquet|anniversaire|seminaire/,
    "Anniversaire, sortie entre collègues ou fête de famille : le repas se prépare avec vous, selon le nombre de convives.",
  ],
  [/emporter/, "Commandez, puis passez chercher votre repas à l'heure convenue."],
  [/sur place|dejeuner|diner|plat du jour/, "Installez-vous : le repas vous est servi à table."],
  [/pain|levain|baguette|viennois|croissant|brioche/, "Du pain comme vous l'aimez, à retrouver en boutique."],
  [
    /norme|conformite|tableau electrique/,
    "L'installation est vérifiée point par point, puis mise en conformité avec les normes en vigueur.",
  ],
  [
    /diagnostic electron|valise/,
    "Les défauts enregistrés par le véhicule sont lus, puis expliqués avant toute réparation.",
  ],
  [
    /couleur|meche|balayage|teint|coloration/,
    "La teinte se choisit avec vous, en fonction de vos envies et de vos cheveux.",
  ],
  [
    /cheveu|boucle|crepu|frise|tresse|natte/,
    "Chaque nature de cheveux a ses besoins : les soins et les gestes s'y adaptent.",
  ],
  [/livr/, "Le lieu et l'heure de livraison se décident avec vous, selon vos besoins."],
  [
    /commande|sur mesure|personnalis|cadeau/,
    "Vous dites ce que vous souhaitez, pour quand et pour combien de personnes : tout est préparé pour vous.",
  ],
  [/patiss|gateau|dessert|entremet|tarte/, "Pour le plaisir ou pour une occasion, à choisir en boutique."],
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
    /compta|bilan|tenue|gestion/,
    "Ce qu'il faut fournir, et pour quand, vous est indiqué clairement, pièce par pièce.",
  ],
  [
    /declaration|fiscal|paie|social/,
    "Les échéances sont suivies avec vous, et chaque déclaration vous est expliquée avant d'être faite.",
  ],
  [
    /creation|statut|immatricul|reprise d/,
    "Du choix du statut aux premières démarches, chaque étape de la création vous est expliquée.",
  ],
  [
    /reseau|poste|serveur|sauvegard|messagerie|parc informati/,
    "L'existant est d'abord examiné, puis les solutions vous sont expliquées simplement, sans jargon.",
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
    .map((word) => word.replace(/[sx]$/, "").slice(0, 5));
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

export const sentencesOf = (text: string) => text.match(/[^.!?…]+[.!?…]+/g)?.map((s) => s.trim()) ?? [text];

/**
 * A short teaser and a full text for each service. The teaser (home page) says what that kind
 * of service involves; the text (services page) adds the sentence of the customer's description
 * that speaks of it, so each of their sentences is said once on the site: `used` lists them, for
 * the writer to leave out elsewhere. Without such a sentence, the text adds one of its own, so
 * the services page never repeats the home page word for word.
 */
export function describeServices(
  services: string[],
  f: ServiceFacts,
): { items: { teaser: string; text: string }[]; used: Set<string> } {
  const used = new Set<string>();
  const descriptionSentences = sentencesOf(f.description);
  const about = (service: string) => {
    const own = stems(service);
    const sentence = descriptionSentences.find((s) => {
      const words = stems(s);
      return !used.has(s) && own.some((stem) => words.includes(stem));
    });
    if (sentence) used.add(sentence);
    return sentence;
  };
  const kinds = new Set<string>();
  const kind = (service: string) => {
    const found = KINDS.find(([re]) => new RegExp(`\\b(?:${re.source})`).test(fold(service)))?.[1];
    if (!found || kinds.has(found)) return undefined;
    kinds.add(found);
    return found;
  };
  const v = (one: string, many: string) => (f.plural ? many : one);
  /** Who acts: the business by its name, or "je" for one person ("Je le propose"). */
  const who = (one: string, many: string, alone: string) => (f.solo ? alone : `${f.name} ${v(one, many)}`);
  const offer = f.formules ? "cette formule" : "ce service";
  // The first three are the teasers of services of no known kind; every one may complete, on
  // the services page, a service the description says nothing of. None promises anything.
  const sayings = [
    `${who("le propose", "le proposent", "Je le propose")}${sp(f.inTown)}, avec le même soin pour chaque demande.`,
    `Parlez-en : ${offer} s'adapte à votre demande.`,
    `Une question sur ${offer} ? ${who("vous répond et vous conseille", "vous répondent et vous conseillent", "Je vous réponds et vous conseille")}.`,
    `Dites ce que vous attendez : ${who("vous indique", "vous indiquent", "je vous indique")} ce qui est possible.`,
    `${who("s'en occupe", "s'en occupent", "Je m'en occupe")}${sp(f.inTown)}, selon ce que vous souhaitez.`,
    "Pour en savoir plus, appelez ou écrivez : tout vous est expliqué simplement.",
  ];
  const teasers = services.map((service, i) => kind(service) ?? (sayings[i] as string));
  // On the services page, a service is never said in the home page's words alone: its own
  // sentence from the description, or else a saying the page does not hold yet.
  const said = new Set(teasers);
  const more = () => {
    const saying = sayings.find((s) => !said.has(s)) as string;
    said.add(saying);
    return saying;
  };
  const items = teasers.map((teaser, i) => {
    const own = about(services[i] as string);
    return { teaser, text: [own, teaser, own ? "" : more()].filter(Boolean).join(" ") };
  });
  return { items, used };
}

const sp = (s: string) => (s ? ` ${s}` : "");
