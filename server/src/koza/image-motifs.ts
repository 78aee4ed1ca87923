/**
 * Which pictures suit a business: words of its activity or of a service (accents and case
 * ignored) mapped to Lucide icon names, drawn by the embedded illustrator.
 */

/** Lucide icon names used as motifs (checked against the library by the tests). */
export type MotifName = string;

const TABLE: [RegExp, MotifName[]][] = [
  [/boulang|pain|levain|viennois|croissant|brioche/, ["Croissant", "Wheat", "CakeSlice"]],
  [/patiss|gateau|dessert|chocolat|confis|glace/, ["CakeSlice", "Cake", "Cookie", "IceCreamCone"]],
  [/restaur|cuisin|traiteur|repas|snack|carri|plat|food|chef/, ["ChefHat", "Utensils", "Soup", "Salad"]],
  [/pizz/, ["Pizza", "ChefHat"]],
  [/cafe|bar\b|cocktail|the\b/, ["Coffee", "Martini", "Wine"]],
  [/garage|mecani|auto|voiture|vehicul|carross|pneu|vidange|moteur/, ["Car", "Wrench", "Cog", "Fuel"]],
  [/moto|velo|cycle|scooter/, ["Bike", "Wrench"]],
  [/chauffe-eau|eau chaude|ballon/, ["ShowerHead", "Flame", "Thermometer"]],
  [/salle de bain|salle d'eau|douche|baignoire/, ["Bath", "ShowerHead"]],
  [/plomb|sanitaire|fuite|canalis|robinet/, ["Wrench", "Droplet", "ShowerHead", "Bath"]],
  [/electri|eclairage|domotique|panneau solaire|photovolta/, ["Zap", "Plug", "Lightbulb", "Sun"]],
  [/climatis|froid|frigo|refriger/, ["Snowflake", "Fan", "Thermometer"]],
  [/coiff|barb|cheveu|brushing|coupe/, ["Scissors", "Sparkles", "Brush"]],
  [
    /beaute|esthet|spa\b|massage|bien-etre|manucur|ongle|maquill|soin du visage/,
    ["Flower2", "Sparkles", "Gem", "Hand"],
  ],
  [
    /jardin|paysag|espace vert|elag|plante|pepinier|tonte|debroussaill/,
    ["Leaf", "Sprout", "Trees", "Flower2"],
  ],
  [/fleur/, ["Flower", "Flower2", "Gift"]],
  [
    /macon|batiment|construct|renov|btp|gros oeuvre|charpent|toiture|couvreur/,
    ["House", "Hammer", "HardHat", "Ruler"],
  ],
  [/menuis|ebenist|bois|meuble/, ["Axe", "Ruler", "Sofa", "Hammer"]],
  [/peint|decor|carrel/, ["PaintRoller", "Paintbrush", "Palette", "Ruler"]],
  [/photo|video|film|drone/, ["Camera", "Video", "Image"]],
  [/informati|web|digital|logiciel|site|numerique|developp|reseau/, ["Laptop", "Code", "Monitor", "Wifi"]],
  [/graphi|design|communication|marketing|publicit|imprim/, ["PenTool", "Palette", "Printer", "Lightbulb"]],
  [/sport|coach|fitness|gym|muscu|yoga|pilates/, ["Dumbbell", "Activity", "Trophy", "Footprints"]],
  [/musique|dj\b|concert|chant|son\b|sono/, ["Music", "Mic", "Music2"]],
  [/boutique|magasin|vente|epicerie|commerce|articles/, ["Store", "ShoppingBag", "Gift"]],
  [/sante|medec|infirm|kine|pharma|osteo|dentist/, ["Stethoscope", "HeartPulse", "Pill"]],
  [/enfant|creche|nounou|garde d|bebe|assistante maternelle/, ["Baby", "Smile", "Heart"]],
  [/animal|animaux|veterin|chien|chat\b|toilett/, ["Dog", "Cat", "Bone"]],
  [/tourism|voyage|excursion|randonn|visite|guide/, ["Palmtree", "Mountain", "MapPin", "Footprints"]],
  [/gite|hotel|chambre|heberg|location saisonn/, ["Bed", "Palmtree", "Key", "Sun"]],
  [/peche|poisson|bateau|plong|nautique|kayak|surf|mer\b/, ["Fish", "Ship", "Anchor", "Waves"]],
  [/couture|textile|vetement|mode|retouche|tissu/, ["Shirt", "Scissors", "Feather"]],
  [/nettoy|menage|pressing|blanchiss|lavage/, ["SprayCan", "Sparkles", "WashingMachine"]],
  [/compta|gestion|fiscal|finance|banque|assuranc/, ["Calculator", "Briefcase", "ShieldCheck"]],
  [/avocat|juridi|notaire|droit\b/, ["Scale", "Landmark", "Scroll"]],
  [/immobil|agence|logement/, ["Key", "Building2", "House"]],
  [/formation|cours|ecole|soutien|enseign|lecon/, ["GraduationCap", "BookOpen", "Lightbulb"]],
  [/bijou|bijout|joaill/, ["Gem", "Sparkle", "Gift"]],
  [/optic|lunette/, ["Glasses", "Eye"]],
  [/agricult|ferme|fruit|legume|maraich|vanille|miel|bio\b/, ["Sprout", "Carrot", "Apple", "Tractor"]],
  [/transport|demenag|coursier|logisti/, ["Truck", "Package", "MapPin"]],
  [/taxi|chauffeur|vtc|navette/, ["CarTaxiFront", "MapPin", "Clock"]],
  [/livr/, ["Truck", "Package"]],
  [/commande|sur mesure|personnalis|cadeau|evenement|mariage|fete/, ["Gift", "ClipboardCheck", "Star"]],
  [/repar|depann|urgence|intervention/, ["Wrench", "Clock", "ShieldCheck"]],
  [/install|pose\b|montage/, ["Wrench", "Ruler", "ClipboardCheck"]],
  [/entretien|maintenance|revision|controle/, ["Settings", "ClipboardCheck", "ShieldCheck"]],
  [/conseil|audit|accompagn|etude|devis/, ["MessageCircle", "ClipboardCheck", "Handshake"]],
];

/** Each pattern matches from the start of a word ("son" is not in "maison"). */
const WORDS = TABLE.map(([re, motifs]) => [new RegExp(`\\b(?:${re.source})`), motifs] as const);

/** Motifs for any business: friendly, neutral pictures. */
export const GENERIC_MOTIFS: MotifName[] = ["Sparkles", "Handshake", "Star", "Heart"];

export const ALL_MOTIFS = [...new Set([...TABLE.flatMap(([, m]) => m), ...GENERIC_MOTIFS])];

export const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** The motifs evoked by a text, most specific first (the order of the table), without repeats. */
export function motifsIn(text: string): MotifName[] {
  const t = fold(text);
  return [...new Set(WORDS.filter(([re]) => re.test(t)).flatMap(([, m]) => m))];
}
