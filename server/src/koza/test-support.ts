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
