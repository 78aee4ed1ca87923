import type { KozaStyle } from "@lagon/contracts/koza";
import type { KozaData } from "@lagon/contracts/koza-schemas";
import { NAME, NO_WRAP } from "./blocks.ts";
import { mix, readable, textOn } from "./colors.ts";
import { ADMIN_ONLY } from "./page-blocks.ts";

/** A font shipped with Twenty Twenty-Five (variable fonts: one file covers every weight). */
interface ThemeFont {
  slug: string;
  name: string;
  family: string;
  file: string;
  weights: string;
}

const FONTS = {
  manrope: {
    slug: "manrope",
    name: "Manrope",
    family: "Manrope, sans-serif",
    file: "manrope/Manrope-VariableFont_wght.woff2",
    weights: "200 800",
  },
  firaCode: {
    slug: "fira-code",
    name: "Fira Code",
    family: '"Fira Code", monospace',
    file: "fira-code/FiraCode-VariableFont_wght.woff2",
    weights: "300 700",
  },
  vollkorn: {
    slug: "vollkorn",
    name: "Vollkorn",
    family: "Vollkorn, serif",
    file: "vollkorn/Vollkorn-VariableFont_wght.woff2",
    weights: "400 900",
  },
  robotoSlab: {
    slug: "roboto-slab",
    name: "Roboto Slab",
    family: '"Roboto Slab", serif',
    file: "roboto-slab/RobotoSlab-VariableFont_wght.woff2",
    weights: "100 900",
  },
  ysabeau: {
    slug: "ysabeau-office",
    name: "Ysabeau Office",
    family: '"Ysabeau Office", sans-serif',
    file: "ysabeau-office/YsabeauOffice-VariableFont_wght.woff2",
    weights: "100 900",
  },
} satisfies Record<string, ThemeFont>;

/** What each style changes besides the colours: fonts, weights, the page background. */
const LOOKS: Record<
  KozaStyle,
  {
    body: ThemeFont;
    heading: ThemeFont;
    bodyWeight: string;
    headingWeight: string;
    letterSpacing: string;
    /** Page background: white, or a faint tint of the secondary colour. */
    backgroundTint: number;
    uppercaseMenu: boolean;
  }
> = {
  modern: {
    body: FONTS.manrope,
    heading: FONTS.manrope,
    bodyWeight: "400",
    headingWeight: "700",
    letterSpacing: "-0.02em",
    backgroundTint: 0,
    uppercaseMenu: false,
  },
  classic: {
    body: FONTS.vollkorn,
    heading: FONTS.vollkorn,
    bodyWeight: "400",
    headingWeight: "600",
    letterSpacing: "0",
    backgroundTint: 0.04,
    uppercaseMenu: false,
  },
  bold: {
    body: FONTS.manrope,
    heading: FONTS.robotoSlab,
    bodyWeight: "500",
    headingWeight: "800",
    letterSpacing: "-0.01em",
    backgroundTint: 0,
    uppercaseMenu: true,
  },
  minimal: {
    body: FONTS.ysabeau,
    heading: FONTS.ysabeau,
    bodyWeight: "400",
    headingWeight: "300",
    letterSpacing: "0",
    backgroundTint: 0,
    uppercaseMenu: false,
  },
};

const font = (f: ThemeFont) => ({
  name: f.name,
  slug: f.slug,
  fontFamily: f.family,
  fontFace: [
    {
      fontFamily: f.family.split(",")[0]?.replaceAll('"', ""),
      fontStyle: "normal",
      fontWeight: f.weights,
      // Resolved by WordPress against the active theme's folder.
      src: [`file:./assets/fonts/${f.file}`],
    },
  ],
});
const preset = (kind: "color" | "font-family", slug: string) => `var:preset|${kind}|${slug}`;

/** Colours derived from the customer's two choices, all readable where they are used. */
export function sitePalette(data: KozaData) {
  const { primary, secondary } = data.colors;
  const base = mix("#ffffff", secondary, LOOKS[data.style].backgroundTint);
  return {
    base,
    contrast: readable(mix(secondary, "#000000", 0.55), base, 10),
    primary,
    onPrimary: textOn(primary),
    primaryTint: mix(primary, "#ffffff", 0.88),
    secondary,
    onSecondary: textOn(secondary),
    muted: readable(secondary, base, 4.5),
    surface: mix(secondary, "#ffffff", 0.94),
    link: readable(primary, base, 4.5),
    heading: readable(secondary, base, 4.5),
  };
}

/**
 * The user global styles of a Twenty Twenty-Five site: its palette replaced by the customer's
 * colours (so every block and template follows), links, buttons and headings in them, and the
 * fonts and weights of the chosen style.
 */
/** Below WordPress's 600 px breakpoint, where a gallery of three columns falls to two. */
/** A short business name on one line from a wide screen up; on a phone it may wrap (no overflow). */
const WIDE_NAME = `@media (min-width:60em){.${NAME}{white-space:nowrap}}`;
/** Titles and the banner's line in even lines ("Garage Hoarau. / Avec du caractère."), where browsers can. */
const BALANCED = "h1,h2,h3,.wp-block-cover p{text-wrap:balance}";
const PHONE_GALLERY =
  "@media (max-width:599px){.wp-block-gallery.has-nested-images.columns-3 figure.wp-block-image:not(#individual-image){width:100%}}";

export function themeStyles(data: KozaData) {
  const look = LOOKS[data.style];
  const c = sitePalette(data);
  const fonts = [
    ...new Map([look.body, look.heading, FONTS.manrope, FONTS.firaCode].map((f) => [f.slug, f])).values(),
  ];
  return {
    settings: {
      color: {
        palette: {
          theme: [
            { slug: "base", name: "Fond", color: c.base },
            { slug: "contrast", name: "Texte", color: c.contrast },
            { slug: "accent-1", name: "Couleur principale", color: c.primary },
            { slug: "accent-2", name: "Principale claire", color: c.primaryTint },
            { slug: "accent-3", name: "Couleur secondaire", color: c.secondary },
            { slug: "accent-4", name: "Texte discret", color: c.muted },
            { slug: "accent-5", name: "Fond de section", color: c.surface },
            { slug: "accent-6", name: "Bordure", color: "color-mix(in srgb, currentColor 20%, transparent)" },
          ],
        },
      },
      typography: { fontFamilies: { theme: fonts.map(font) } },
    },
    styles: {
      // A word to the owner on their own pages (e.g. where their photos go), never shown to visitors;
      // a hyphenated place name kept on one line in titles, a short business name too on a wide
      // screen; on a phone, a row of three photos is one photo a row (WordPress would draw two
      // small ones above a wide one).
      css: `.${NO_WRAP}{white-space:nowrap}.${ADMIN_ONLY}{display:none}.logged-in .${ADMIN_ONLY}{display:block;padding:1rem 1.25rem;border:2px dashed var(--wp--preset--color--accent-1);border-radius:8px}${WIDE_NAME}${BALANCED}${PHONE_GALLERY}`,
      color: { background: preset("color", "base"), text: preset("color", "contrast") },
      typography: {
        fontFamily: preset("font-family", look.body.slug),
        fontWeight: look.bodyWeight,
        letterSpacing: look.letterSpacing,
      },
      elements: {
        link: { color: { text: c.link }, ":hover": { typography: { textDecoration: "underline" } } },
        heading: {
          color: { text: c.heading },
          typography: {
            fontFamily: preset("font-family", look.heading.slug),
            fontWeight: look.headingWeight,
          },
        },
        button: {
          color: { background: preset("color", "accent-1"), text: c.onPrimary },
          ":hover": { color: { background: c.link, text: textOn(c.link) } },
        },
      },
      blocks: {
        "core/site-title": {
          typography: { fontFamily: preset("font-family", look.heading.slug), fontWeight: "700" },
          elements: { link: { color: { text: c.heading } } },
        },
        "core/navigation": {
          typography: look.uppercaseMenu
            ? { textTransform: "uppercase", fontWeight: "700" }
            : { fontWeight: "500" },
          elements: { link: { color: { text: c.contrast } } },
        },
      },
    },
  };
}
