import http from "node:http";
import type { AddressInfo } from "node:net";
import { KozaData, type KozaDataInput } from "@lagon/contracts/koza-schemas";
import sharp from "sharp";

/** A realistic questionnaire, as the browser sends it. */
export const ANSWERS = {
  businessType: "Boulangerie artisanale",
  businessName: "Boulangerie Payet",
  businessDescription:
    "Pains au levain et viennoiseries faits maison chaque matin. Tout est pétri sur place.",
  targetAudience: "les familles et les gourmands de l'Ouest",
  services: ["Pain au levain", "Gâteaux sur commande", "Livraison aux restaurants"],
  uniqueValue: "Des farines locales et une cuisson au feu de bois",
  contactInfo: {
    phone: "0262 00 00 00",
    email: "contact@payet.re",
    address: "3 rue des Flamboyants, 97460 Saint-Paul",
    hours: "Du mardi au dimanche, 6h-19h",
  },
  colors: { primary: "#c2410c", secondary: "#1e3a5f" },
  style: "classic",
  additionalPages: [],
} satisfies KozaDataInput;

export const answers = (overrides: Partial<KozaDataInput> = {}): KozaData =>
  KozaData.parse({ ...ANSWERS, ...overrides });

/** Businesses of different trades, as their owners would answer (the bakery is `ANSWERS`). */
export const TRADES = {
  bakery: answers(),
  hairdresser: answers({
    businessType: "Salon de coiffure",
    businessName: "Coiffure Madinina",
    businessDescription:
      "Coupes, couleurs et soins pour femmes, hommes et enfants. Nous prenons soin des cheveux bouclés et crépus.",
    targetAudience: "toute la famille",
    services: ["Coupe et brushing", "Couleur et mèches", "Soins des cheveux bouclés"],
    uniqueValue: "Des produits adaptés aux cheveux texturés et un salon climatisé",
    contactInfo: {
      phone: "0262 22 33 44",
      email: "salon@madinina.re",
      address: "8 rue Juliette Dodu, 97400 Saint-Denis",
      hours: "Du mardi au samedi, 9h-18h",
    },
    colors: { primary: "#be185d", secondary: "#3b0764" },
    style: "modern",
  }),
  garage: answers({
    businessType: "Garage automobile",
    businessName: "Garage Hoarau",
    businessDescription:
      "Mécanique toutes marques, entretien et réparation. Le garage est ouvert depuis 1998.",
    targetAudience: "",
    services: ["Vidange et révision", "Réparation des freins", "Diagnostic électronique"],
    uniqueValue: "Un devis avant chaque réparation et un véhicule de prêt",
    contactInfo: { phone: "0262 33 44 55", email: "garage@hoarau.re", address: "ZI n°2, Le Port", hours: "" },
    style: "bold",
  }),
  electrician: answers({
    businessType: "Électricien",
    businessName: "Élec Grondin",
    businessDescription:
      "J'installe et je mets aux normes l'électricité des maisons et des commerces du Sud.",
    targetAudience: "les particuliers et les commerçants",
    services: ["Mise aux normes électriques", "Installation de climatisation", "Dépannage électrique"],
    uniqueValue: "Je me déplace dans la journée, même le samedi",
    contactInfo: {
      phone: "0692 44 55 66",
      email: "elec@grondin.re",
      address: "2 chemin Bras Long, 97410 Saint-Pierre",
      hours: "",
    },
    colors: { primary: "#facc15", secondary: "#1f2937" },
    style: "minimal",
  }),
  restaurant: answers({
    businessType: "Restaurant créole",
    businessName: "Ti Kaz Créole",
    businessDescription:
      "Cuisine réunionnaise au feu de bois : carris, rougails et civets. Les légumes viennent du marché de Saint-Paul.",
    targetAudience: "les familles, les groupes et les visiteurs",
    services: ["Repas sur place", "Plats à emporter", "Repas de groupe"],
    uniqueValue: "Une cuisine de grand-mère, faite au feu de bois",
    contactInfo: {
      phone: "0262 55 66 77",
      email: "tikaz@example.re",
      address: "12 rue du Général de Gaulle, 97436 Saint-Leu",
      hours: "Midi et soir, sauf le lundi",
    },
    colors: { primary: "#15803d", secondary: "#422006" },
    style: "classic",
  }),
  aircon: answers({
    businessType: "Installation et entretien de climatisation",
    businessName: "Mayotte Clim",
    businessDescription:
      "Je pose et j'entretiens les climatiseurs des maisons, des commerces et des bureaux de Grande-Terre. Je travaille seul, de la visite à la mise en service.",
    targetAudience: "les particuliers, les commerçants et les bureaux",
    services: ["Pose de climatiseurs", "Entretien et nettoyage", "Dépannage de climatisation"],
    uniqueValue: "Je m'occupe moi-même de chaque chantier, du devis au dépannage",
    contactInfo: {
      phone: "0639 61 22 33",
      email: "contact@mayotte-clim.yt",
      address: "15 rue du Commerce, 97600 Mamoudzou",
      hours: "Du lundi au samedi, 7h-17h",
    },
    colors: { primary: "#0891b2", secondary: "#0c4a6e" },
    style: "modern",
  }),
  accountant: answers({
    businessType: "Cabinet d'expertise comptable",
    businessName: "Cabinet Técher",
    businessDescription:
      "Tenue de la comptabilité, bilans et déclarations fiscales pour les petites entreprises. Nous aidons aussi les créateurs à choisir leur statut.",
    targetAudience: "les artisans, les commerçants et les professions libérales",
    services: [
      "Tenue comptable et bilan",
      "Déclarations fiscales et sociales",
      "Aide à la création d'entreprise",
    ],
    uniqueValue: "Un interlocuteur unique qui répond sous 48 heures",
    contactInfo: {
      phone: "0262 66 77 88",
      email: "cabinet@techer.re",
      address: "20 rue de Paris, 97400 Saint-Denis",
      hours: "Du lundi au vendredi, 8h-12h et 14h-17h",
    },
    colors: { primary: "#1d4ed8", secondary: "#0f172a" },
    style: "modern",
  }),
};

/** A real JPEG photo; with `gps`, it carries EXIF metadata that must not reach the site. */
export function jpegPhoto(color: string, opts: { gps?: boolean; width?: number } = {}): Promise<Buffer> {
  const img = sharp({
    create: { width: opts.width ?? 640, height: 400, channels: 3, background: color },
  });
  return (opts.gps ? img.withExif({ IFD0: { Copyright: "Position GPS secrète", Artist: "Zoé" } }) : img)
    .jpeg()
    .toBuffer();
}

export const pngLogo = () =>
  sharp({ create: { width: 200, height: 200, channels: 4, background: "#c2410c" } })
    .png()
    .toBuffer();

/** A multipart/form-data body as a browser's FormData makes it, for `app.inject`. */
export async function multipartBody(fields: Record<string, string>, files: [string, Buffer, string][] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, data, name] of files) form.append(k, new Blob([new Uint8Array(data)]), name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { "content-type": res.headers.get("content-type") as string },
  };
}

/**
 * A questionnaire as the browser sends it: the form, and the address that carries its order and
 * token (checked before the body is read).
 */
export async function kozaSubmission(fields: Record<string, string>, files: [string, Buffer, string][] = []) {
  const credentials = new URLSearchParams({ order_id: fields.order_id ?? "", token: fields.token ?? "" });
  return { url: `/api/koza/generate-site?${credentials}`, ...(await multipartBody(fields, files)) };
}

/**
 * A stand-in for an OpenAI-compatible API on loopback (`url` ends in `/v1`): it records each
 * request and answers `reply`, which the test sets.
 */
export async function startFakeOpenAiApi() {
  const api = {
    url: "",
    reply: { status: 200, body: {} as unknown },
    requests: [] as { url?: string; auth?: string; body: Record<string, unknown> }[],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      api.requests.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(raw) });
      res.writeHead(api.reply.status, { "content-type": "application/json" });
      res.end(JSON.stringify(api.reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return api;
}
