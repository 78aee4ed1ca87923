import type { KozaData } from "@lagon/contracts/koza-schemas";
import { rasterise } from "../lib/image-process.ts";
import { esc } from "./blocks.ts";
import { mix, readable, textOn } from "./colors.ts";
import { GENERIC_MOTIFS, type MotifName, motifsIn } from "./image-motifs.ts";
import type { ImageRequest } from "./site-images.ts";

type IconNode = [string, Record<string, string | number>][];

/** Pixel sizes: a wide banner for the home page, 4:3 elsewhere. */
export const ILLUSTRATION_SIZE = { hero: [1600, 900], other: [1200, 900] } as const;

/**
 * The embedded image maker: a flat illustration in the business's two colours, drawn as SVG
 * around motifs that fit its activity (or the service it shows), then rasterised to JPEG.
 * Deterministic: the same answers always give the same pictures.
 */
export async function drawIllustration(data: KozaData, request: ImageRequest): Promise<Buffer> {
  const svg = await illustrationSvg(data, request);
  return rasterise({ svg, format: "jpeg", quality: 84 });
}

/** The motifs of a picture: its own lead motif first, then the business's, then friendly generic ones. */
export function motifsFor(data: KozaData, request: ImageRequest): MotifName[] {
  const business = [
    ...new Set([
      ...motifsIn(`${data.businessType} ${data.businessName}`),
      ...motifsIn(data.businessDescription),
      ...GENERIC_MOTIFS,
    ]),
  ];
  if (request.kind === "service") {
    const lead = serviceLeads(data, business)[request.index] as MotifName;
    return [lead, ...motifsIn(request.subject), ...business].filter((m, i, all) => all.indexOf(m) === i);
  }
  // The other pictures each lead with a different motif of the business.
  const shift = request.index % business.length;
  return [...business.slice(shift), ...business.slice(0, shift)];
}

/** One lead motif per service, each different: the service's own words first, then the business's. */
function serviceLeads(data: KozaData, business: MotifName[]): MotifName[] {
  const used: MotifName[] = [];
  for (const service of data.services) {
    const candidates = [...motifsIn(service), ...business];
    used.push(candidates.find((m) => !used.includes(m)) ?? (candidates[0] as MotifName));
  }
  return used;
}

export async function illustrationSvg(data: KozaData, request: ImageRequest): Promise<string> {
  const lucide = (await import("lucide")) as unknown as Record<string, IconNode | undefined>;
  const icons = motifsFor(data, request)
    .map((name) => lucide[name])
    .filter((n): n is IconNode => Array.isArray(n));
  const [w, h] = request.kind === "hero" ? ILLUSTRATION_SIZE.hero : ILLUSTRATION_SIZE.other;
  const seed = hash(`${data.businessName}|${request.slot}`);
  const p = data.colors.primary;
  const s = data.colors.secondary;
  const palette = {
    p,
    s,
    pale: mix(p, "#ffffff", 0.88),
    soft: mix(p, "#ffffff", 0.55),
    deep: mix(s, "#000000", 0.25),
    onP: textOn(p),
    onS: textOn(s),
    inkOnPale: readable(s, mix(p, "#ffffff", 0.88), 3),
  };
  const body =
    request.kind === "hero"
      ? hero(w, h, icons, palette, seed)
      : request.kind === "service"
        ? card(w, h, icons, palette, request.index)
        : arch(w, h, icons, palette, seed);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

type Palette = Record<"p" | "s" | "pale" | "soft" | "deep" | "onP" | "onS" | "inkOnPale", string>;
type Layout = (w: number, h: number, icons: IconNode[], c: Palette, seed: number) => string;

/** A 24-unit Lucide icon drawn `size` px wide, centred on (x, y). */
function icon(
  node: IconNode | undefined,
  x: number,
  y: number,
  size: number,
  color: string,
  opts: { opacity?: number; stroke?: number } = {},
) {
  if (!node) return "";
  const k = size / 24;
  const parts = node
    .map(
      ([tag, attrs]) =>
        `<${tag} ${Object.entries(attrs)
          .map(([a, v]) => `${a}="${esc(String(v))}"`)
          .join(" ")}/>`,
    )
    .join("");
  return `<g transform="translate(${x - size / 2} ${y - size / 2}) scale(${k})" fill="none" stroke="${color}" stroke-width="${opts.stroke ?? 1.6}" stroke-linecap="round" stroke-linejoin="round" opacity="${opts.opacity ?? 1}">${parts}</g>`;
}

const at = <T>(list: T[], i: number) => list[i % list.length];

/** Small motifs scattered on a grid, as a discreet wallpaper. */
function wallpaper(w: number, h: number, icons: IconNode[], color: string, opacity: number, step: number) {
  let out = "";
  let n = 0;
  for (let y = step / 2; y < h + step; y += step) {
    for (let x = ((y / step) % 2) * (step / 2); x < w + step; x += step) {
      out += icon(at(icons, n++), x, y, step * 0.32, color, { opacity });
    }
  }
  return out;
}

const gradient = (id: string, from: string, to: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
const shadow = `<filter id="shadow" x="-20%" y="-20%" width="140%" height="150%"><feGaussianBlur in="SourceAlpha" stdDeviation="18"/><feOffset dy="16"/><feComponentTransfer><feFuncA type="linear" slope="0.25"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;
const dots = (id: string, color: string) =>
  `<pattern id="${id}" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="3" fill="${color}"/></pattern>`;

/** The home banner: a deep gradient, soft discs, a wallpaper of motifs and one large emblem. */
const hero: Layout = (w, h, icons, c, seed) => {
  // The emblem stays right of the centred headline, and off a phone's narrow crop.
  const cx = w * (0.84 + (seed % 5) / 100);
  return `<defs>${gradient("bg", c.deep, mix(c.s, c.p, 0.45))}</defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
<circle cx="${cx}" cy="${h * 0.42}" r="${h * 0.62}" fill="${c.p}" opacity=".35"/>
<circle cx="${w * 0.1}" cy="${h * 0.95}" r="${h * 0.4}" fill="${c.p}" opacity=".28"/>
${wallpaper(w, h, icons.slice(1), "#ffffff", 0.09, 170)}
<path d="M0 ${h * 0.8} C ${w * 0.25} ${h * 0.68}, ${w * 0.5} ${h * 0.95}, ${w} ${h * 0.76} L ${w} ${h} L 0 ${h} Z" fill="${c.p}" opacity=".55"/>
<circle cx="${cx}" cy="${h * 0.42}" r="${h * 0.2}" fill="${c.pale}"/>
${icon(icons[0], cx, h * 0.42, h * 0.22, c.inkOnPale, { stroke: 1.4 })}`;
};

/** A service: the motif on a white card with a shadow, a coloured disc and a badge; mirrored or recoloured from one service to the next. */
const card: Layout = (w, h, icons, c, variant) => {
  const side = h * 0.52;
  const flip = variant % 2 === 1;
  const fx = (x: number) => (flip ? w - x : x);
  const disc = variant % 3 === 2 ? c.s : c.p;
  const badge = disc === c.s ? c.p : c.s;
  const x = fx(w * 0.42) - side / 2;
  const y = h / 2 - side / 2;
  const corner = flip ? x : x + side;
  return `<defs>${shadow}${dots("dots", c.soft)}</defs>
<rect width="${w}" height="${h}" fill="${c.pale}"/>
<rect x="${flip ? w * 0.67 : w * 0.05}" y="${h * 0.08}" width="${w * 0.28}" height="${h * 0.3}" fill="url(#dots)"/>
<circle cx="${fx(w * 0.68)}" cy="${h * 0.5}" r="${h * 0.36}" fill="${disc}"/>
<circle cx="${fx(w * 0.85)}" cy="${h * 0.85}" r="${h * 0.12}" fill="none" stroke="${badge}" stroke-width="10" opacity=".5"/>
${icon(icons[1], fx(w * 0.8), h * 0.2, h * 0.16, textOn(disc), { opacity: 0.55 })}
<rect x="${x}" y="${y}" width="${side}" height="${side}" rx="36" fill="#ffffff" filter="url(#shadow)"/>
${icon(icons[0], x + side / 2, y + side / 2, side * 0.6, readable(badge, "#ffffff", 3), { stroke: 1.3 })}
<circle cx="${corner}" cy="${y}" r="${h * 0.07}" fill="${badge}"/>
${icon(icons[2] ?? icons[1], corner, y, h * 0.075, textOn(badge), { stroke: 2 })}`;
};

/** An arched window holding the motif, over the secondary colour. */
const arch: Layout = (w, h, icons, c, seed) => {
  const aw = w * 0.36;
  const ax = w * (0.28 + (seed % 5) / 100);
  const top = h * 0.14;
  return `<defs>${dots("dots", mix(c.s, "#ffffff", 0.25))}</defs>
<rect width="${w}" height="${h}" fill="${c.s}"/>
<rect x="${w * 0.62}" y="${h * 0.55}" width="${w * 0.32}" height="${h * 0.35}" fill="url(#dots)"/>
<circle cx="${w * 0.78}" cy="${h * 0.28}" r="${h * 0.18}" fill="${c.p}"/>
${icon(icons[1], w * 0.78, h * 0.28, h * 0.17, c.onP)}
<path d="M${ax - aw / 2} ${h} V ${top + aw / 2} A ${aw / 2} ${aw / 2} 0 0 1 ${ax + aw / 2} ${top + aw / 2} V ${h} Z" fill="${c.pale}"/>
${icon(icons[0], ax, top + aw * 0.75, aw * 0.62, c.inkOnPale, { stroke: 1.3 })}`;
};

/** FNV-1a, as the French writer uses: small, stable variations from one business to another. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (const ch of s) h = Math.imul(h ^ (ch.codePointAt(0) as number), 0x01000193) >>> 0;
  return h;
}
