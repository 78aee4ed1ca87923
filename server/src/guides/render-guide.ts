import PDFDocument from "pdfkit";

const LAGOON = "#06324a";
const CORAL = "#ff6b35";
const INK = "#1e293b";
const MUTED = "#64748b";

/** Every character the PDF standard fonts (WinAnsi encoding) can draw: French letters, « », €, … */
const WIN_ANSI = new Set([
  ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i)),
  ..."€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ",
  ...Array.from({ length: 96 }, (_, i) => String.fromCharCode(0xa0 + i)),
]);

/**
 * Renders the small Markdown subset the guides use: `# ` title, `## ` headings, `- ` lists and
 * paragraphs, with `footer` and the page number at the bottom of every page. The standard
 * Helvetica fonts carry every French accent; a character they cannot draw fails the build
 * instead of printing a wrong glyph.
 */
export function renderGuide(markdown: string, footer: string, output: NodeJS.WritableStream): Promise<void> {
  const unsupported = [...markdown].find((c) => c !== "\n" && !WIN_ANSI.has(c));
  if (unsupported) {
    throw new Error(`guide: the character "${unsupported}" cannot be drawn by the PDF standard fonts`);
  }
  const title = markdown.match(/^# (.+)$/m)?.[1] ?? "Guide";
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 56, left: 56, right: 56, bottom: 72 },
    bufferPages: true,
    info: { Title: title, Author: footer.split(" · ")[0] ?? "", Subject: title },
    lang: "fr-FR",
  });
  const finished = new Promise<void>((resolve, reject) => {
    output.on("finish", resolve);
    output.on("error", reject);
  });
  doc.pipe(output);
  for (const block of markdown.split(/\n\s*\n/)) {
    const text = block.trim();
    if (!text) continue;
    if (text.startsWith("# ")) {
      doc.rect(0, 0, doc.page.width, 8).fill(CORAL);
      doc.font("Helvetica-Bold").fontSize(22).fillColor(LAGOON).text(text.slice(2));
      doc.moveDown(0.5);
    } else if (text.startsWith("## ")) {
      // Keep a heading with the first lines of its section.
      if (doc.y + 90 > doc.page.height - doc.page.margins.bottom) doc.addPage();
      doc.moveDown(0.6).font("Helvetica-Bold").fontSize(14).fillColor(LAGOON).text(text.slice(3));
      doc.moveDown(0.3);
    } else if (text.startsWith("- ")) {
      const items = text.split(/\n(?=- )/).map((l) => l.replace(/^- /, "").replace(/\s*\n\s*/g, " "));
      doc
        .font("Helvetica")
        .fontSize(11)
        .fillColor(INK)
        .list(items, { bulletRadius: 2, textIndent: 12, paragraphGap: 4 });
    } else {
      doc
        .font("Helvetica")
        .fontSize(11)
        .fillColor(INK)
        .text(text.replace(/\s*\n\s*/g, " "), { paragraphGap: 6 });
    }
  }
  addFooters(doc, footer);
  doc.end();
  return finished;
}

function addFooters(doc: PDFKit.PDFDocument, footer: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise open a new page.
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(MUTED)
      .text(`${footer} — page ${i + 1}/${count}`, doc.page.margins.left, doc.page.height - 40, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}
