import { KOZA_STYLES } from "@lagon/contracts/koza";
import { describe, expect, it } from "vitest";
import { NAME, NO_WRAP } from "./blocks.ts";
import { contrast } from "./colors.ts";
import { ADMIN_ONLY } from "./page-blocks.ts";
import { answers } from "./test-support.ts";
import { sitePalette, themeStyles } from "./theme-styles.ts";

describe("the theme's colours and fonts", () => {
  it.each([
    ["the default orange and grey", { primary: "#ff6b35", secondary: "#4a5568" }],
    ["a pale yellow and a light grey", { primary: "#fde68a", secondary: "#e5e7eb" }],
    ["a dark navy and black", { primary: "#0f172a", secondary: "#000000" }],
  ])("keep text readable with %s", (_, colors) => {
    for (const style of KOZA_STYLES) {
      const c = sitePalette(answers({ colors, style }));
      expect(contrast(c.contrast, c.base)).toBeGreaterThanOrEqual(7);
      expect(contrast(c.link, c.base)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.heading, c.base)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.onPrimary, c.primary)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("put the customer's colours in the palette and the style's fonts in the typography", () => {
    const styles = themeStyles(
      answers({ colors: { primary: "#c2410c", secondary: "#1e3a5f" }, style: "bold" }),
    );
    const palette = Object.fromEntries(styles.settings.color.palette.theme.map((p) => [p.slug, p.color]));
    expect(palette["accent-1"]).toBe("#c2410c");
    expect(palette["accent-3"]).toBe("#1e3a5f");
    expect(styles.styles.elements.heading.typography.fontFamily).toBe("var:preset|font-family|roboto-slab");
    expect(styles.settings.typography.fontFamilies.theme.map((f) => f.slug)).toEqual([
      "manrope",
      "roboto-slab",
      "fira-code",
    ]);
  });

  it("hide the word for the owner from visitors, and show it to a logged-in user", () => {
    const { css } = themeStyles(answers()).styles;
    expect(css).toContain(`.${ADMIN_ONLY}{display:none}`);
    expect(css).toContain(`.logged-in .${ADMIN_ONLY}{display:block;`);
    // A hyphenated place name in a title stays on one line (blocks.ts wraps it in this class).
    expect(css).toContain(`.${NO_WRAP}{white-space:nowrap}`);
    // Titles in even lines where the browser can: "Garage Hoarau. / Avec du caractère.".
    expect(css).toContain("h1,h2,h3,.wp-block-cover p{text-wrap:balance}");
  });

  it("keep a short business name on one line on a wide screen only: a phone's line may break it", () => {
    const { css } = themeStyles(answers()).styles;
    expect(css).toContain(`@media (min-width:60em){.${NAME}{white-space:nowrap}}`);
    expect(css.split(`.${NAME}{`)).toHaveLength(2);
  });

  it("show three photos one a row on a phone, not two small ones above a wide one", () => {
    const { css } = themeStyles(answers()).styles;
    expect(css).toContain("@media (max-width:599px){.wp-block-gallery.has-nested-images.columns-3");
    expect(css).toMatch(/columns-3 figure\.wp-block-image:not\(#individual-image\)\{width:100%\}\}$/);
  });
});
