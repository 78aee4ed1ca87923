import { DAY_MS } from "@lagon/contracts/billing-dates";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { pdfToText } from "../../test/pdf-to-text.ts";
import { createTestApp, TEST_ADMIN_TOKEN } from "../../test/test-context.ts";
import { type InvoiceRow, invoices, subscriptionInvoices, subscriptions } from "../db/schema.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findOrder } from "../orders/orders-table.ts";
import { runLifecycle } from "../subscriptions/run-lifecycle.ts";
import type { InvoiceContent } from "./invoice-content.ts";
import { verifyInvoiceChain } from "./issue-invoice.ts";
import {
  issueLocalSubscriptionInvoice,
  issueMissingLocalInvoices,
  lineCharging,
} from "./subscription-invoice.ts";

/** Spaces as pdftotext lays them out (several, or no-break ones in amounts) count as one. */
const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");

/**
 * Offline, the product charges renewals and upgrades itself: each payment gets one invoice of
 * ours, however many lifecycle passes run at once; the order page lists them and serves their
 * PDFs to the token holder only; the admin searches them and exports the sales journal.
 */
describe("invoices of the subscription's payments, and where they are seen", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ip = 0;
  const remoteAddress = () => `10.11.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const order = async (id: string) => {
    const row = await findOrder(t.ctx.db, id);
    if (!row) throw new Error("no order");
    return row;
  };
  const sub = async (id: string) => {
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.orderId, id));
    if (!row) throw new Error("no subscription");
    return row;
  };
  const documentsOf = (id: string) =>
    t.ctx.db.select().from(invoices).where(eq(invoices.orderId, id)).orderBy(invoices.sequence);
  const charges = (id: string, kind: "renewal" | "proration") =>
    t.ctx.db
      .select()
      .from(subscriptionInvoices)
      .where(and(eq(subscriptionInvoices.orderId, id), eq(subscriptionInvoices.kind, kind)));
  const get = (url: string) => t.app.inject({ url, remoteAddress: remoteAddress() });
  const admin = (path: string) =>
    get(`/api/admin${path}${path.includes("?") ? "&" : "?"}token=${TEST_ADMIN_TOKEN}`);

  it("each renewal, even charged by concurrent passes, gets exactly one invoice", async () => {
    const id = await givenPaidOrder(t.ctx, { planId: "business" });
    const end = (await sub(id)).currentPeriodEnd;
    const due = new Date(end.getTime() + 60_000);
    await Promise.all([runLifecycle(t.ctx, due), runLifecycle(t.ctx, due), runLifecycle(t.ctx, due)]);
    const [renewal] = await charges(id, "renewal");
    expect(renewal?.status).toBe("paid");
    const docs = await documentsOf(id);
    expect(docs).toHaveLength(1);
    const doc = docs[0] as InvoiceRow;
    expect(doc).toMatchObject({
      kind: "invoice",
      origin: "renewal",
      sourceRef: `subscription-invoice:${renewal?.id}`,
      netCents: 5000,
      vatCents: 425,
      totalCents: 5425,
      paymentMethod: "carte bancaire (paiement de test)",
    });
    // The period it bills: from the old period's end, for a month, both days on La Réunion's clock.
    expect(doc?.periodStart).toBe(new Date(end.getTime() + 4 * 3_600_000).toISOString().slice(0, 10));
    expect((doc.content as InvoiceContent).totals.lines[0]?.label).toBe(
      "Formule Business — abonnement mensuel",
    );
    // Later passes, and the sweep, change nothing.
    await runLifecycle(t.ctx, new Date(due.getTime() + DAY_MS));
    expect(await issueMissingLocalInvoices(t.ctx)).toBe(0);
    expect(await documentsOf(id)).toHaveLength(1);
    expect(await verifyInvoiceChain(t.ctx)).toEqual({ ok: true });
  });

  it("a declined renewal gets no invoice; the retry that pays gets one", async () => {
    const id = await givenPaidOrder(t.ctx, { planId: "starter", monthlyPriceCents: 2000 });
    await t.ctx.db
      .update(subscriptions)
      .set({ testCard: "4000000000000341" })
      .where(eq(subscriptions.orderId, id));
    const due = new Date((await sub(id)).currentPeriodEnd.getTime() + 60_000);
    await runLifecycle(t.ctx, due);
    expect((await sub(id)).status).toBe("past_due");
    expect(await documentsOf(id)).toHaveLength(0);

    await t.ctx.db
      .update(subscriptions)
      .set({ testCard: "4242424242424242" })
      .where(eq(subscriptions.orderId, id));
    await runLifecycle(t.ctx, new Date(due.getTime() + 1.5 * DAY_MS));
    expect((await sub(id)).status).toBe("active");
    const docs = await documentsOf(id);
    expect(docs.map((d) => [d.origin, d.totalCents])).toEqual([["renewal", 2170]]);
  });

  it("an upgrade's prorated charge gets its invoice: one HT line whose TTC is what was charged", async () => {
    const id = await givenPaidOrder(t.ctx, { planId: "starter", monthlyPriceCents: 2000 });
    const token = magicLinkToken(t.ctx, await order(id));
    const offered = (await get(`/api/order/${id}?token=${token}`)).json().subscription.plan_choices[0];
    const res = await t.app.inject({
      method: "POST",
      url: `/api/order/${id}/subscription/change-plan`,
      payload: { token, plan_id: "business" },
      remoteAddress: remoteAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [proration] = await charges(id, "proration");
    // What the page offered is what was charged.
    expect(proration?.amountTtcCents).toBe(offered.charge_now_cents);
    const doc = (await documentsOf(id))[0] as InvoiceRow;
    const content = doc.content as InvoiceContent;
    expect(doc).toMatchObject({ origin: "proration", totalCents: proration?.amountTtcCents });
    expect(content.totals.lines).toHaveLength(1);
    expect(content.totals.lines[0]?.label).toMatch(
      /^Passage à la formule Business — différence au prorata du /,
    );
    expect(doc?.netCents).toBeGreaterThan(2900);
    expect(doc?.netCents).toBeLessThanOrEqual(3000);
  });

  it("a paid charge left without its invoice (a process stopped) gets it on the next pass, once", async () => {
    const id = await givenPaidOrder(t.ctx, { planId: "libre", monthlyPriceCents: 1500 });
    const s = await sub(id);
    const [charge] = await t.ctx.db
      .insert(subscriptionInvoices)
      .values({
        id: crypto.randomUUID(),
        orderId: id,
        kind: "renewal",
        planId: "libre",
        amountTtcCents: 1628,
        periodStart: s.currentPeriodEnd,
        periodEnd: new Date(s.currentPeriodEnd.getTime() + 30 * DAY_MS),
        status: "paid",
        paidAt: s.currentPeriodEnd,
      })
      .returning();
    if (!charge) throw new Error("no charge");
    const results = await Promise.all([
      issueMissingLocalInvoices(t.ctx),
      issueLocalSubscriptionInvoice(t.ctx, await order(id), charge.id),
      issueLocalSubscriptionInvoice(t.ctx, await order(id), charge.id),
    ]);
    expect(results[1]?.number).toBe(results[2]?.number);
    expect((await documentsOf(id)).map((d) => d.totalCents)).toEqual([1628]);
    await runLifecycle(t.ctx, new Date());
    expect(await documentsOf(id)).toHaveLength(1);
  });

  it("finds the HT line of a TTC amount, or none when no whole HT amount gives it", () => {
    expect(lineCharging("x", 5425, 850)).toEqual({ label: "x", quantity: 1, unitCents: 5000 });
    expect(lineCharging("x", 1628, 850)?.unitCents).toBe(1500);
    expect(lineCharging("x", 7, 850)?.unitCents).toBe(6);
    // 5 c HT gives 5 c TTC and 6 c HT gives 7 c: no HT amount charges 6 c at 8,5 %.
    expect(lineCharging("x", 6, 850)).toBeUndefined();
    expect(lineCharging("x", 1234, 0)?.unitCents).toBe(1234);
    for (let ttc = 0; ttc < 3000; ttc++) {
      const line = lineCharging("x", ttc, 850);
      if (line) expect(line.unitCents + Math.round((line.unitCents * 850) / 10_000)).toBe(ttc);
    }
  });

  it("the order page lists the order's invoices and serves each PDF to its token holder only", async () => {
    const id = await givenPaidOrder(t.ctx, { planId: "business", customerName: "Hélène Grondin" });
    const other = await givenPaidOrder(t.ctx, { planId: "business" });
    // One pass renews both (a later pass would renew the first one again).
    await runLifecycle(t.ctx, new Date((await sub(other)).currentPeriodEnd.getTime() + 60_000));
    const token = magicLinkToken(t.ctx, await order(id));
    const res = await get(`/api/order/${id}/invoices?token=${encodeURIComponent(token)}`);
    expect(res.statusCode, res.body).toBe(200);
    const [doc] = await documentsOf(id);
    expect(res.json()).toEqual({
      invoices: [
        {
          number: doc?.number,
          issued_at: doc?.issuedAt.toISOString(),
          kind: "invoice",
          total_ttc_cents: 5425,
          pdf_url: `/api/order/${id}/invoices/${doc?.number}/pdf?token=${encodeURIComponent(token)}`,
        },
      ],
    });
    const pdf = await get(res.json().invoices[0].pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="facture-${doc?.number}.pdf"`);
    const text = flat(await pdfToText(pdf.rawPayload));
    expect(text).toContain("Facture");
    expect(text).toContain(String(doc?.number));
    expect(text).toContain("Hélène Grondin");

    // No token, a wrong one, another order's token, another order's invoice: nothing.
    expect((await get(`/api/order/${id}/invoices`)).statusCode).toBe(401);
    const wrong = await get(`/api/order/${id}/invoices?token=${"x".repeat(43)}`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toMatch(/Lien d'accès invalide/);
    const otherToken = magicLinkToken(t.ctx, await order(other));
    expect((await get(`/api/order/${id}/invoices/${doc?.number}/pdf?token=${otherToken}`)).statusCode).toBe(
      403,
    );
    const [otherDoc] = await documentsOf(other);
    const foreign = await get(`/api/order/${id}/invoices/${otherDoc?.number}/pdf?token=${token}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe("Facture introuvable.");
    const bad = await get(`/api/order/${id}/invoices/..%2Fx/pdf?token=${token}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/Numéro de facture invalide/);
  });

  it("the admin searches every invoice and exports the sales journal of any days, formulas defused", async () => {
    const id = await givenPaidOrder(t.ctx, {
      planId: "business",
      customerName: '=HYPERLINK("http://evil")',
      companyName: "Épicerie Técher",
    });
    await runLifecycle(t.ctx, new Date((await sub(id)).currentPeriodEnd.getTime() + 60_000));
    const [doc] = await documentsOf(id);
    const number = String(doc?.number);

    const found = await admin(`/invoices?q=${encodeURIComponent("epicerie techer")}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ total: 1, pages: 1, sums: { total_ttc_cents: 5425 } });
    expect(found.json().invoices[0]).toMatchObject({
      number,
      kind: "invoice",
      origin: "renewal",
      order_id: id,
      buyer: 'Épicerie Técher (=HYPERLINK("http://evil"))',
      net_cents: 5000,
      vat_cents: 425,
      total_ttc_cents: 5425,
    });
    expect(
      (await admin(`/invoices?q=${number}`)).json().invoices.map((i: { number: string }) => i.number),
    ).toEqual([number]);
    // The Réunion day (UTC+4) the invoice was issued, not the day the test reads the clock: the
    // two differ when the test runs across midnight.
    const today = new Date((doc?.issuedAt.getTime() ?? 0) + 4 * 3_600_000).toISOString().slice(0, 10);
    expect((await admin(`/invoices?q=${number}&from=2020-01-01&to=2020-12-31`)).json().total).toBe(0);
    expect((await admin(`/invoices?q=${number}&from=${today}&to=${today}`)).json().total).toBe(1);
    const reversed = await admin(`/invoices?from=2026-02-01&to=2026-01-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toMatch(/La date de début doit précéder la date de fin/);
    expect((await get(`/api/admin/invoices?token=wrong`)).statusCode).toBe(403);

    const csv = await admin(`/invoices/journal.csv?from=${today}&to=${today}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      `attachment; filename="journal-des-ventes-${today}-${today}.csv"`,
    );
    const lines = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      'Numéro;Date;Type;"Facture d\'origine";Acheteur;E-mail;SIRET;N° TVA;Total HT;HT à 0 %;HT à 8,5 %;TVA à 8,5 %;HT à 20 %;TVA à 20 %;Total TVA;Total TTC;Paiement;Date de paiement',
    );
    const row = lines.find((l) => l.startsWith(`${number};`));
    expect(row).toMatch(
      new RegExp(
        `^${number};\\d\\d/\\d\\d/\\d{4};Facture;;"Épicerie Técher \\(=HYPERLINK\\(""http://evil""\\)\\)";[^;]+;12345678900012;;50,00;;50,00;4,25;;;4,25;54,25;carte bancaire \\(paiement de test\\);\\d\\d/\\d\\d/\\d{4}$`,
      ),
    );
    expect((await admin(`/invoices/journal.csv?from=${today}`)).statusCode).toBe(400);

    const pdf = await admin(`/invoices/${number}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect((await admin(`/invoices/2099-000001/pdf`)).statusCode).toBe(404);
  });
});
