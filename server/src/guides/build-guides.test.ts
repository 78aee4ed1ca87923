import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { renderGuide } from "./build-guides.ts";

describe("PDF guides", () => {
  it("renders a French Markdown guide to a PDF", async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (c: Buffer) => chunks.push(c));
    await renderGuide(
      "# Bien démarrer\n\n## Étape 1\n\nConnectez-vous à l'administration.\n\n- Pages\n- Médias",
      out,
    );
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(1500);
    expect(pdf.toString("latin1")).toMatch(/\/Title /);
    expect(pdf.toString("latin1")).toMatch(/\/Type \/Page\b/);
  });
});
