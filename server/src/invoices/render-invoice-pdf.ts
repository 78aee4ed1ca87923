import { createRequire } from "node:module";
import path from "node:path";
import { formatDate } from "@lagon/contracts/french-date";
import { formatEuros } from "@lagon/contracts/pricing";
import { formatRate } from "@lagon/contracts/tax";
import PDFDocument from "pdfkit";
import type { InvoiceRow } from "../db/schema.ts";
import type { InvoiceContent } from "./invoice-content.ts";

const LAGOON = "#06324a";
const CORAL = "#ff6b35";
const INK = "#1e293b";
const MUTED = "#64748b";

/** DejaVu Sans from its npm package: PDF/A wants every font embedded, which the standard 14 are not. */
const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")),
  "ttf",
);
const FONT = path.join(fontDir, "DejaVuSans.ttf");
const BOLD = path.join(fontDir, "DejaVuSans-Bold.ttf");

/** "Période : du 22 novembre 2026 au 21 décembre 2026", or the day of the service. */
function periodLine(row: InvoiceRow): string {
  const day = (iso: string) => formatDate(`${iso}T12:00:00+04:00`);
  if (row.periodStart && row.periodEnd)
    return `Période : du ${day(row.periodStart)} au ${day(row.periodEnd)}`;
  return `Date de la prestation : ${formatDate(row.paidAt)}`;
}

/**
 * The invoice or credit note as a French PDF/A-3b: every mention of `content`, fonts embedded,
 * ready to carry a Factur-X XML. Amounts come from the stored content, never recomputed.
 */
export function renderInvoicePdf(row: InvoiceRow): Promise<Buffer> {
  const c = row.content as InvoiceContent;
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 48, left: 48, right: 48, bottom: 56 },
    pdfVersion: "1.7",
    subset: "PDF/A-3b",
    lang: "fr-FR",
    displayTitle: true,
    // Kept in memory until the end, so the footer is drawn on every page once the content is laid out.
    bufferPages: true,
    info: {
      Title: `${c.title} ${row.number}`,
      Author: c.seller.name,
      Subject: `${c.title} ${row.number} — ${c.seller.name}`,
      CreationDate: row.issuedAt,
      ModDate: row.issuedAt,
    },
  });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.rect(0, 0, doc.page.width, 8).fill(CORAL);

  // Title and number.
  doc.font("bold").fontSize(24).fillColor(LAGOON).text(c.title, left, 40);
  doc.font("body").fontSize(11).fillColor(INK);
  doc.text(`N° ${row.number}`);
  doc.text(`Date d'émission : ${formatDate(row.issuedAt)}`);
  doc.text(periodLine(row));
  if (c.credits) {
    doc.text(`Avoir sur la facture n° ${c.credits.number} du ${formatDate(c.credits.issuedAt)}`);
  }

  // Seller and buyer side by side.
  const top = doc.y + 16;
  const column = (width - 24) / 2;
  const s = c.seller;
  doc.font("bold").fontSize(10).fillColor(MUTED).text("Vendeur", left, top, { width: column });
  doc.font("bold").fontSize(11).fillColor(INK).text(s.name, { width: column });
  doc.font("body").fontSize(9.5);
  for (const line of [
    `${s.legalForm} au capital de ${s.capital}`,
    s.address,
    `SIRET : ${s.siret}`,
    s.rcs,
    `N° TVA intracommunautaire : ${s.vatNumber}`,
    s.email,
  ]) {
    doc.text(line, { width: column });
  }
  const sellerBottom = doc.y;
  const b = c.buyer;
  const bx = left + column + 24;
  doc.font("bold").fontSize(10).fillColor(MUTED).text("Client", bx, top, { width: column });
  doc
    .font("bold")
    .fontSize(11)
    .fillColor(INK)
    .text(b.company || b.name, bx, doc.y, { width: column });
  doc.font("body").fontSize(9.5);
  const buyerLines = [
    b.company ? b.name : null,
    b.address,
    [b.postalCode, b.city].filter(Boolean).join(" ") || null,
    b.country,
    b.siren ? `SIREN : ${b.siren}` : null,
    b.siret ? `SIRET : ${b.siret}` : null,
    b.vatNumber ? `N° TVA intracommunautaire : ${b.vatNumber}` : null,
    b.email,
  ];
  for (const line of buyerLines) if (line) doc.text(line, bx, doc.y, { width: column });
  doc.y = Math.max(sellerBottom, doc.y) + 20;

  // Lines.
  const cols = [
    { title: "Désignation", width: width - 330, align: "left" as const },
    { title: "Qté", width: 35, align: "right" as const },
    { title: "Prix unitaire HT", width: 80, align: "right" as const },
    { title: "Remise", width: 65, align: "right" as const },
    { title: "TVA", width: 55, align: "right" as const },
    { title: "Total HT", width: 95, align: "right" as const },
  ];
  const row_ = (cells: string[], font: "body" | "bold") => {
    const y = doc.y;
    let x = left;
    let bottom = y;
    doc.font(font).fontSize(9.5).fillColor(INK);
    cells.forEach((cell, i) => {
      const col = cols[i] as (typeof cols)[number];
      doc.text(cell, x, y, { width: col.width, align: col.align });
      bottom = Math.max(bottom, doc.y);
      x += col.width;
    });
    doc.y = bottom + 6;
  };
  row_(
    cols.map((col) => col.title),
    "bold",
  );
  doc
    .moveTo(left, doc.y - 3)
    .lineTo(left + width, doc.y - 3)
    .strokeColor(MUTED)
    .lineWidth(0.5)
    .stroke();
  for (const line of c.totals.lines) {
    row_(
      [
        line.label,
        String(line.quantity),
        formatEuros(line.unitCents),
        line.discountCents ? `− ${formatEuros(line.discountCents)}` : "—",
        formatRate(line.vatRateBasisPoints),
        formatEuros(line.netCents),
      ],
      "body",
    );
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor(MUTED)
    .lineWidth(0.5)
    .stroke();
  doc.moveDown(0.6);

  // Totals, VAT per rate.
  const labelX = left + width - 300;
  const total = (label: string, amount: number, font: "body" | "bold" = "body") => {
    const y = doc.y;
    doc
      .font(font)
      .fontSize(font === "bold" ? 11 : 10)
      .fillColor(INK);
    doc.text(label, labelX, y, { width: 200 });
    doc.text(formatEuros(amount), labelX + 200, y, { width: 100, align: "right" });
  };
  if (c.totals.discountCents) total("Remises", -c.totals.discountCents);
  total("Total HT", c.totals.netCents);
  for (const v of c.totals.vatByRate) {
    total(`TVA ${formatRate(v.rateBasisPoints)} sur ${formatEuros(v.baseCents)}`, v.vatCents);
  }
  total("Total TVA", c.totals.vatCents);
  total(c.title === "Avoir" ? "Total TTC remboursé" : "Total TTC", c.totals.totalCents, "bold");
  doc.moveDown(1.2);

  // Legal mentions.
  doc.font("body").fontSize(8.5).fillColor(INK);
  for (const mention of c.mentions) doc.text(mention, left, doc.y, { width, paragraphGap: 3 });

  // The footer sits inside the bottom margin: lifted while it is drawn, or PDFKit would break
  // to a new page holding only the footer.
  const footer = `${s.name}, ${s.legalForm} au capital de ${s.capital} · ${s.address} · SIRET ${s.siret} · ${s.rcs} · TVA ${s.vatNumber}`;
  const pages = doc.bufferedPageRange();
  for (let i = pages.start; i < pages.start + pages.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("body")
      .fontSize(8)
      .fillColor(MUTED)
      .text(footer, left, doc.page.height - 44, { width, align: "center", lineBreak: true });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
