import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder, ordersNamed } from "../../test/factories.ts";
import { pdfPageCount, pdfToText } from "../../test/pdf-to-text.ts";
import { createTestApp } from "../../test/test-context.ts";
import { addKozaCheckout } from "../checkout/add-koza.ts";
import { invoiceDocuments, invoices, type Order } from "../db/schema.ts";
import { findOrder } from "../orders/orders-table.ts";
import { ensureInvoicePdf } from "./invoice-pdf.ts";
import { issueCreditNote, issueInvoice, verifyInvoiceChain } from "./issue-invoice.ts";

const ORIGIN = "http://localhost:3000";
/** Spaces as pdftotext lays them out (several, or no-break ones in amounts) count as one. */
const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");

describe("invoices of every payment", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let visitors = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Orders and pays through the local test checkout, as a browser would. */
  async function orderAndPay(
    subdomain: string,
    customer: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ) {
    visitors += 1;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      remoteAddress: `10.9.0.${visitors}`,
      payload: {
        plan_id: "price_local_business",
        customer_data: {
          email: `${subdomain}@example.re`,
          name: "Zoé Payet",
          domain: `${subdomain}.localhost`,
          immediate_start: true,
          ...customer,
        },
        success_url: `${ORIGIN}/success`,
        cancel_url: `${ORIGIN}/`,
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = new URL(res.json().checkout_url).pathname.split("/").at(-1) as string;
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/test-checkout/${sessionId}/pay`,
      remoteAddress: `10.9.1.${visitors}`,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [order] = await ordersNamed(t.ctx.db, subdomain);
    return { order: order as Order, sessionId };
  }
  const invoicesOf = (orderId: string) =>
    t.ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.sequence);

  it("bills a business buyer's first payment with every mention French law asks, once", async () => {
    const { order, sessionId } = await orderAndPay(
      "facture-pro",
      {
        company_name: "Boulangerie Payet",
        address: "3 rue des Flamboyants",
        postal_code: "97460",
        city: "Saint-Paul",
        country: "Réunion",
        siret: "12345678900012",
        vat_number: "FR40 123 456 789",
      },
      { koza_option: true, coupon_code: "BIENVENUE10" },
    );
    // Paying again (a second delivery) issues nothing more.
    await t.app.inject({
      method: "POST",
      url: `/api/test-checkout/${sessionId}/pay`,
      remoteAddress: "10.9.2.1",
    });
    const [invoice, ...others] = await invoicesOf(order.id);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      kind: "invoice",
      origin: "checkout",
      netCents: 9500,
      vatCents: 808,
      totalCents: 10308,
    });
    expect(invoice?.number).toMatch(/^\d{4}-\d{6}$/);
    expect(order.vatNumber).toBe("FR40123456789");
    expect(order.immediateStartAt).toBeInstanceOf(Date);

    const { pdf } = await ensureInvoicePdf(t.ctx, invoice?.id as string);
    expect(pdf.subarray(0, 8).toString()).toBe("%PDF-1.7");
    const text = flat(await pdfToText(pdf));
    for (const mention of [
      "Facture",
      `N° ${invoice?.number}`,
      "Date d'émission :",
      "Période : du ",
      // Seller, from the configuration's defaults (those of the legal notices page).
      "Lagon Digital",
      "SAS au capital de 1 000 €",
      "12 rue du Lagon, 97460 Saint-Paul, La Réunion",
      "SIRET : 12345678900012",
      "RCS Saint-Denis de La Réunion 123456789",
      "N° TVA intracommunautaire : FR32123456789",
      // Buyer.
      "Boulangerie Payet",
      "Zoé Payet",
      "3 rue des Flamboyants",
      "97460 Saint-Paul",
      "SIREN : 123456789",
      "N° TVA intracommunautaire : FR40123456789",
      // Lines (labels wrap in their column): quantity, unit price HT, discount, rate, total HT.
      "Formule Business — abonnement 1 50,00 € − 5,00 € 8,5 % 45,00 € mensuel",
      "Koza — génération IA de votre site 1 50,00 € — 8,5 % 50,00 € (5 pages)",
      "Remises -5,00 €",
      "Total HT 95,00 €",
      "TVA 8,5 % sur 95,00 € 8,08 €",
      "Total TVA 8,08 €",
      "Total TTC 103,08 €",
      "Catégorie de l'opération : prestation de services.",
      "par carte bancaire (paiement de test)",
      "Pénalités de retard : trois fois le taux d'intérêt légal",
      "Indemnité forfaitaire pour frais de recouvrement : 40 €",
      "Exécution immédiate demandée par le client",
      "je reconnais perdre mon droit de rétractation",
    ]) {
      expect(text, mention).toContain(mention);
    }
  });

  it("fits a full invoice on one page, the seller's footer at its bottom", async () => {
    const { order } = await orderAndPay(
      "facture-une-page",
      {
        company_name: "Garage Hoarau",
        address: "8 chemin des Goyaviers",
        postal_code: "97410",
        city: "Saint-Pierre",
        country: "Réunion",
        siret: "12345678900012",
        vat_number: "FR40 123 456 789",
      },
      { koza_option: true, coupon_code: "BIENVENUE10" },
    );
    const [invoice] = await invoicesOf(order.id);
    const { pdf } = await ensureInvoicePdf(t.ctx, invoice?.id as string);
    expect(await pdfPageCount(pdf)).toBe(1);
    const text = flat(await pdfToText(pdf));
    expect(text).toContain("Indemnité forfaitaire pour frais de recouvrement : 40 €");
    expect(text).toMatch(/Lagon Digital, SAS au capital de 1 000 € · .* · TVA FR32123456789/);
  });

  it("follows the territory: no VAT in Guyane, with the art. 294 mention, and no business terms for a private buyer", async () => {
    const { order } = await orderAndPay("facture-guyane", { country: "Guyane", city: "Cayenne" });
    const [invoice] = await invoicesOf(order.id);
    expect(invoice).toMatchObject({ netCents: 5000, vatCents: 0, totalCents: 5000 });
    const text = flat(await pdfToText((await ensureInvoicePdf(t.ctx, invoice?.id as string)).pdf));
    expect(text).toContain("TVA non applicable, art. 294 du CGI.");
    expect(text).toContain("Total TTC 50,00 €");
    expect(text).toContain("TVA 0 % sur 50,00 € 0,00 €");
    expect(text).not.toContain("Pénalités de retard");
  });

  it("bills Koza bought after the order", async () => {
    const orderId = await givenPaidOrder(t.ctx, { subdomain: "facture-koza" });
    const order = await findOrder(t.ctx.db, orderId);
    const { checkout_url } = await addKozaCheckout(t.ctx, order as Order, `${ORIGIN}/dashboard/x`);
    const sessionId = new URL(checkout_url).pathname.split("/").at(-1) as string;
    await t.app.inject({
      method: "POST",
      url: `/api/test-checkout/${sessionId}/pay`,
      remoteAddress: "10.9.3.1",
    });
    const [invoice] = await invoicesOf(orderId);
    expect(invoice).toMatchObject({
      origin: "koza",
      netCents: 5000,
      vatCents: 425,
      totalCents: 5425,
      periodStart: null,
    });
  });

  it("numbers 20 concurrent payments 1 to 20 in a row, without gap or duplicate, hashes chained", async () => {
    const orderId = await givenPaidOrder(t.ctx, { subdomain: "facture-vingt" });
    const issued = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        issueInvoice(t.ctx, {
          orderId,
          kind: "renewal",
          sourceRef: `in_concurrent_${i}`,
          lines: [{ label: "Formule Business — abonnement mensuel", quantity: 1, unitCents: 5000 }],
          paidAt: new Date(),
          paymentMethod: "carte bancaire (Stripe)",
          period: { start: "2026-01-01", end: "2026-01-31" },
          chargedCents: 5425,
        }),
      ),
    );
    const sequences = issued.map((i) => Number(i.number.split("-")[1])).sort((a, b) => a - b);
    const first = sequences[0] as number;
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
    const all = await t.ctx.db
      .select({ sequence: invoices.sequence })
      .from(invoices)
      .orderBy(invoices.sequence);
    expect(all.map((r) => r.sequence)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    expect(await verifyInvoiceChain(t.ctx)).toEqual({ ok: true });
    // The same reference again returns the same invoice.
    const again = await issueInvoice(t.ctx, {
      orderId,
      kind: "renewal",
      sourceRef: "in_concurrent_3",
      lines: [{ label: "x", quantity: 1, unitCents: 5000 }],
      paidAt: new Date(),
      paymentMethod: "carte bancaire (Stripe)",
    });
    expect(again).toMatchObject({ created: false, number: issued[3]?.number });
  });

  it("refuses an invoice that would not say what was charged", async () => {
    const orderId = await givenPaidOrder(t.ctx, { subdomain: "facture-ecart" });
    await expect(
      issueInvoice(t.ctx, {
        orderId,
        kind: "proration",
        sourceRef: "in_mismatch",
        lines: [{ label: "Changement de formule", quantity: 1, unitCents: 3000 }],
        paidAt: new Date(),
        paymentMethod: "carte bancaire (Stripe)",
        chargedCents: 3000,
      }),
    ).rejects.toThrow(/would total 3255 cents but 3000 were charged/);
    expect(await t.ctx.db.select().from(invoices).where(eq(invoices.sourceRef, "in_mismatch"))).toEqual([]);
  });

  it("refunds with a credit note that names its invoice; an invoice is never changed nor deleted", async () => {
    const { order } = await orderAndPay("facture-rembourse", { country: "Martinique" });
    const [invoice] = await invoicesOf(order.id);
    const note = await issueCreditNote(t.ctx, {
      invoiceNumber: invoice?.number as string,
      sourceRef: "re_test_1",
      refundedAt: new Date(),
      paymentMethod: "carte bancaire (paiement de test)",
      refundedCents: 5425,
    });
    const [stored] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, note.id));
    expect(stored).toMatchObject({
      kind: "credit_note",
      origin: "refund",
      creditedInvoiceId: invoice?.id,
      netCents: -5000,
      vatCents: -425,
      totalCents: -5425,
    });
    const text = flat(await pdfToText((await ensureInvoicePdf(t.ctx, note.id)).pdf));
    expect(text).toContain("Avoir");
    expect(text).toContain(`Avoir sur la facture n° ${invoice?.number} du `);
    expect(text).toContain("Total TTC remboursé -54,25 €");
    expect(text).toContain("Remboursement effectué le ");
    // Nothing is left to credit.
    await expect(
      issueCreditNote(t.ctx, {
        invoiceNumber: invoice?.number as string,
        sourceRef: "re_test_2",
        lines: [{ label: "Geste commercial", quantity: 1, unitCents: 100 }],
        refundedAt: new Date(),
        paymentMethod: "carte bancaire (paiement de test)",
      }),
    ).rejects.toThrow("Cet avoir dépasse le montant restant de la facture.");
    // The database itself refuses changes.
    await expect(
      t.ctx.db
        .update(invoices)
        .set({ totalCents: 1 })
        .where(eq(invoices.id, invoice?.id as string)),
    ).rejects.toThrow();
    await expect(t.ctx.db.delete(invoices).where(eq(invoices.id, invoice?.id as string))).rejects.toThrow();
    await expect(
      t.ctx.db.delete(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, invoice?.id as string)),
    ).rejects.toThrow();
    expect(await verifyInvoiceChain(t.ctx)).toEqual({ ok: true });
  });

  it("tells a document changed behind the product's back by its broken hash", async () => {
    const [last] = await t.ctx.db.select().from(invoices).orderBy(sql`sequence desc`).limit(1);
    await t.ctx.db.execute(sql`alter table invoices disable trigger invoices_immutable`);
    await t.ctx.db.execute(sql`update invoices set total_cents = total_cents + 1 where id = ${last?.id}`);
    await t.ctx.db.execute(sql`update invoices set total_cents = total_cents - 1 where id = ${last?.id}`);
    expect(await verifyInvoiceChain(t.ctx)).toEqual({ ok: true });
    await t.ctx.db.execute(sql`update invoices set net_cents = net_cents + 100 where id = ${last?.id}`);
    await t.ctx.db.execute(sql`alter table invoices enable trigger invoices_immutable`);
    expect(await verifyInvoiceChain(t.ctx)).toEqual({ ok: false, brokenAt: last?.number });
  });
});
