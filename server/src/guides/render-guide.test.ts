import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text.ts";
import { renderGuide } from "./render-guide.ts";

async function render(markdown: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  await renderGuide(markdown, "Lagon Digital · contact@lagon-digital.re", out);
  return Buffer.concat(chunks);
}

describe("renderGuide", () => {
  it("draws the title, headings, paragraphs and list items with their French accents", async () => {
    const pdf = await render(
      "# Bien démarrer\n\n## Étape 1 : se connecter\n\nOuvrez « l'administration » ; c'est très simple…\n\n- Pages\n- Médias à réutiliser",
    );
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
    const text = pdfText(pdf);
    expect(text).toContain("Bien démarrer");
    expect(text).toContain("Étape 1 : se connecter");
    expect(text.replace(/\s+/g, " ")).toContain("Ouvrez « l'administration » ; c'est très simple…");
    expect(text).toContain("Médias à réutiliser");
    expect(text).toContain("Lagon Digital · contact@lagon-digital.re — page 1/1");
  });

  it("numbers the pages of a long guide", async () => {
    const long = `# Long\n\n${Array.from({ length: 80 }, (_, i) => `Paragraphe ${i + 1}.`).join("\n\n")}`;
    const text = pdfText(await render(long));
    const pages = [...text.matchAll(/page (\d+)\/(\d+)/g)].map((m) => `${m[1]}/${m[2]}`);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages).toEqual(pages.map((_, i) => `${i + 1}/${pages.length}`));
  });

  it("refuses a character the standard fonts cannot draw", async () => {
    await expect(render("# Titre\n\nFlèche → ici")).rejects.toThrow(/"→"/);
  });
});
