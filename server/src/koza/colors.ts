/** Colour arithmetic for the generated theme: mixes, and WCAG contrast so text stays readable. */

type Rgb = [number, number, number];

const parse = (hex: string): Rgb => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const format = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/** `weight` of `b` into `a` (0 gives a, 1 gives b). */
export function mix(a: string, b: string, weight: number): string {
  const [x, y] = [parse(a), parse(b)];
  return format(x.map((c, i) => c + ((y[i] as number) - c) * weight) as Rgb);
}

function luminance(hex: string): number {
  const [r, g, b] = parse(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const isDark = (hex: string) => contrast(hex, "#ffffff") >= contrast(hex, "#111111");

/** `color`, darkened (or lightened on a dark background) just enough to reach `min` contrast on `background`. */
export function readable(color: string, background: string, min = 4.5): string {
  const toward = isDark(background) ? "#ffffff" : "#000000";
  for (let w = 0; w <= 1; w += 0.05) {
    const c = mix(color, toward, w);
    if (contrast(c, background) >= min) return c;
  }
  return toward;
}

/** White or near-black, whichever reads better on `background`. */
export const textOn = (background: string) =>
  contrast("#ffffff", background) >= contrast("#111111", background) ? "#ffffff" : "#111111";
