/**
 * Builds the French PDF guides from their Markdown source in docs/guides into
 * web/public/docs, where the web build picks them up. Run by `npm run build`.
 */
import { createWriteStream, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import PDFDocument from "pdfkit";

const root = path.resolve(import.meta.dirname, "../../..");
const source = path.join(root, "docs/guides");
const target = path.join(root, "web/public/docs");

const LAGOON = "#06324a";
const CORAL = "#ff6b35";

/** Renders the small Markdown subset the guides use: `#`, `##`, `- ` items and paragraphs. */
export function renderGuide(markdown: string, output: NodeJS.WritableStream): Promise<void> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: markdown.match(/^# (.+)$/m)?.[1] ?? "Guide" },
  });
  doc.pipe(output);
  for (const block of markdown.split(/\n\s*\n/)) {
    const text = block.trim();
    if (text.startsWith("# ")) {
      doc.rect(0, 0, doc.page.width, 8).fill(CORAL);
      doc.moveDown(0.5).font("Helvetica-Bold").fontSize(22).fillColor(LAGOON).text(text.slice(2));
      doc.moveDown(0.5);
    } else if (text.startsWith("## ")) {
      doc.moveDown(0.6).font("Helvetica-Bold").fontSize(14).fillColor(LAGOON).text(text.slice(3));
      doc.moveDown(0.3);
    } else if (text.startsWith("- ")) {
      const items = text.split("\n").map((l) => l.replace(/^- /, ""));
      doc
        .font("Helvetica")
        .fontSize(11)
        .fillColor("#1e293b")
        .list(items, { bulletRadius: 2, textIndent: 12, paragraphGap: 4 });
    } else {
      doc
        .font("Helvetica")
        .fontSize(11)
        .fillColor("#1e293b")
        .text(text.replace(/\n/g, " "), { paragraphGap: 6 });
    }
  }
  doc.end();
  return new Promise((resolve, reject) => {
    output.on("finish", resolve);
    output.on("error", reject);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  mkdirSync(target, { recursive: true });
  for (const file of readdirSync(source).filter((f) => f.endsWith(".md"))) {
    const out = path.join(target, file.replace(/\.md$/, ".pdf"));
    await renderGuide(readFileSync(path.join(source, file), "utf8"), createWriteStream(out));
    console.log(`guide: ${path.relative(root, out)}`);
  }
}
