import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readPublicConfig } from "@lagon/contracts/public-config";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text.ts";
import { buildGuides } from "./build-guides.ts";

describe("buildGuides", () => {
  it("builds the two French guides of docs/guides, with the company's contact details", async () => {
    const targetDir = mkdtempSync(path.join(os.tmpdir(), "guides-"));
    const written = await buildGuides({
      sourceDir: path.resolve(import.meta.dirname, "../../../docs/guides"),
      targetDir,
      config: readPublicConfig({ CONTACT_EMAIL: "aide@exemple.re", CONTACT_PHONE: "+262 692 11 22 33" }),
    });
    expect(written.map((f) => path.basename(f)).sort()).toEqual(["guide-koza.pdf", "guide-wordpress.pdf"]);

    const read = (name: string) => readFileSync(path.join(targetDir, name));
    const wordpress = read("guide-wordpress.pdf");
    const koza = read("guide-koza.pdf");
    for (const pdf of [wordpress, koza]) {
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect(pdfText(pdf)).toContain("Par e-mail : aide@exemple.re");
      expect(pdfText(pdf)).toContain("+262 692 11 22 33");
      expect(pdfText(pdf)).not.toContain("{{");
    }
    expect(pdfText(wordpress)).toContain("Bien démarrer avec votre site WordPress");
    expect(pdfText(wordpress)).toContain("Ajouter un utilisateur");
    expect(pdfText(koza).replace(/\s+/g, " ")).toContain(
      "Koza : votre site rédigé par l'intelligence artificielle",
    );
  });
});
