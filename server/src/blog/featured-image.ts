import { rasterise } from "../lib/image-process.ts";
import { escapeHtml } from "./html-text.ts";

const IMAGE_WIDTH = 1200;
const IMAGE_HEIGHT = 630;

export interface FeaturedImageInput {
  title: string;
  category: string;
  variant: number;
  brand: string;
}

/** Colour sets of the illustrations: two background tones, an accent, and the ink of the chip. */
const PALETTES = [
  ["#06324a", "#0a7c8c", "#ff6b35", "#06324a"],
  ["#7c2d12", "#ea580c", "#fde68a", "#7c2d12"],
  ["#134e4a", "#0d9488", "#facc15", "#134e4a"],
  ["#1e1b4b", "#4338ca", "#7fd8e0", "#1e1b4b"],
  ["#064e3b", "#65a30d", "#fef08a", "#064e3b"],
  ["#0c4a6e", "#0284c7", "#fdba74", "#0c4a6e"],
] as const;

/** Decorations drawn behind the text, on the right: lagoon waves, a sun, the peaks, a reef of dots. */
const MOTIFS: ((accent: string) => string[])[] = [
  (accent) => [
    ...[0, 1, 2].map((i) => {
      const y = 470 + i * 45;
      return `<path d="M0 ${y} C 200 ${y - 50}, 400 ${y + 50}, 600 ${y} S 1000 ${y - 50}, 1200 ${y} V 630 H 0 Z" fill="#ffffff" opacity="${0.08 + i * 0.05}"/>`;
    }),
    `<circle cx="1010" cy="150" r="70" fill="${accent}" opacity="0.9"/>`,
  ],
  (accent) => [
    `<circle cx="1030" cy="200" r="190" fill="${accent}" opacity="0.85"/>`,
    ...[250, 310, 370].map(
      (r) =>
        `<circle cx="1030" cy="200" r="${r}" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.18"/>`,
    ),
  ],
  (accent) => [
    `<path d="M620 630 L 860 250 L 980 420 L 1060 330 L 1200 520 V 630 Z" fill="#ffffff" opacity="0.14"/>`,
    `<path d="M760 630 L 960 360 L 1200 630 Z" fill="#ffffff" opacity="0.12"/>`,
    `<circle cx="1080" cy="130" r="55" fill="${accent}"/>`,
  ],
  (accent) => [
    ...Array.from({ length: 30 }, (_, i) => {
      const lit = i % 7 === 3;
      return `<circle cx="${700 + (i % 10) * 48}" cy="${50 + Math.floor(i / 10) * 44}" r="${lit ? 9 : 5}" fill="${lit ? accent : "#ffffff"}" opacity="${lit ? 0.95 : 0.3}"/>`;
    }),
    `<circle cx="1150" cy="630" r="170" fill="none" stroke="${accent}" stroke-width="28" opacity="0.55"/>`,
  ],
];

/** Greedy line breaking at `max` characters per line. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  // Split on plain spaces only: a no-break space holds "site\u00a0:" together.
  for (const word of text.split(/ +/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The title in the largest size that fits on at most four lines. */
function titleLayout(title: string): { size: number; lines: string[] } {
  for (const [size, max] of [
    [66, 24],
    [56, 29],
    [48, 34],
  ] as const) {
    const lines = wrap(title, max);
    if (lines.length <= 4) return { size, lines };
  }
  return { size: 42, lines: wrap(title, 40).slice(0, 5) };
}

/**
 * The featured image of an article, drawn here (nothing is downloaded): a gradient, a motif
 * picked by `variant`, the category and the title in large type, and the agency's name.
 * 1200×630 WebP, the size social networks show.
 */
export async function renderFeaturedImage(input: FeaturedImageInput): Promise<Buffer> {
  const [from, to, accent, ink] = PALETTES[input.variant % PALETTES.length] as (typeof PALETTES)[number];
  // 6 palettes × 4 motifs: twelve articles in a row never share a look.
  const motif = MOTIFS[input.variant % MOTIFS.length] as (accent: string) => string[];
  const { size, lines } = titleLayout(input.title);
  const lineHeight = Math.round(size * 1.18);
  const top = 330 - ((lines.length - 1) * lineHeight) / 2;
  const category = input.category.toUpperCase();
  const chipWidth = 40 + category.length * 15;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#bg)"/>
${motif(accent).join("")}
<rect x="80" y="70" width="${chipWidth}" height="46" rx="23" fill="${accent}"/>
<text x="${80 + chipWidth / 2}" y="101" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" font-weight="bold" letter-spacing="1.5" fill="${ink}">${escapeHtml(category)}</text>
<text font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="bold" fill="#ffffff">${lines
    .map((line, i) => `<tspan x="80" y="${Math.round(top + i * lineHeight)}">${escapeHtml(line)}</tspan>`)
    .join("")}</text>
<rect x="80" y="532" width="64" height="6" rx="3" fill="${accent}"/>
<text x="80" y="580" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" fill="#ffffff" opacity="0.92">${escapeHtml(input.brand)} · Le blog</text>
</svg>`;
  return rasterise({ svg, format: "webp", quality: 82 });
}

/** The images of `inputs`, in order, drawn by the image process (lib/image-process.ts). */
export function drawFeaturedImages(inputs: FeaturedImageInput[]): Promise<Buffer[]> {
  return Promise.all(inputs.map(renderFeaturedImage));
}
