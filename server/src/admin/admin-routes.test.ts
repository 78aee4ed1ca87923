import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder, ordersNamed } from "../../test/factories.ts";
import { useCheapBackupRepository } from "../../test/restic-test-key.ts";
import { decodeQuotedPrintable, startSmtpSink, waitFor } from "../../test/smtp-sink.ts";
import { createTestApp, TEST_ADMIN_TOKEN as TOKEN } from "../../test/test-context.ts";
import type { Context } from "../context.ts";
import { adminAudit, emailTemplates, orderLogs, orders, sites } from "../db/schema.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder, orderStatusSql } from "../orders/orders-table.ts";
import { getSite, updateSite } from "../sites/sites-table.ts";
import { createPage, freePort, logIn } from "../wordpress/site-checks.ts";
import { csvCell } from "./export-csv.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function orderRow(ctx: Context, id: string) {
  const row = await findShownOrder(ctx.db, id);
  if (!row) throw new Error("order missing");
  return row;
}

async function auditOf(ctx: Context, action: string) {
  return ctx.db.select().from(adminAudit).where(eq(adminAudit.action, action));
}

describe("admin API", () => {
  let t: TestApp;
  let errorOrder: string;

  beforeAll(async () => {
    t = await createTestApp();
    const alice = await givenPaidOrder(t.ctx, {
      customerName: "Alice Hoarau",
      subdomain: "alice-bijoux",
      planId: "starter",
    });
    await givenPaidOrder(t.ctx, { customerName: '=HYPERLINK("http://x")', planId: "libre" });
    errorOrder = await givenPaidOrder(t.ctx, { customerName: "Zoé Grondin", customerEmail: "zoe@100%.re" });
    await updateSite(t.ctx.db, alice, { setup: "active" });
    await updateSite(t.ctx.db, errorOrder, { setup: "error" });
  });
  afterAll(() => t?.close());

  const endpoints: [string, string][] = [
    ["GET", "/api/admin/orders"],
    ["GET", `/api/admin/orders/${randomUUID()}/emails`],
    ["GET", "/api/admin/analytics"],
    ["GET", "/api/admin/export-csv"],
    ["GET", "/api/admin/invoices"],
    ["GET", "/api/admin/invoices/journal.csv"],
    ["GET", "/api/admin/invoices/2026-000001/pdf"],
    ["GET", "/api/admin/email-templates"],
    ["PUT", "/api/admin/email-templates/welcome"],
    ["POST", "/api/admin/resend-magic-link"],
    ["POST", "/api/admin/reinstall-wordpress"],
    ["GET", `/api/admin/reinstall-wordpress/${randomUUID()}`],
    ["POST", "/api/admin/backup-now"],
    ["GET", `/api/admin/backup-now/${randomUUID()}`],
    ["POST", "/api/admin/backups/restore"],
    ["GET", `/api/admin/backups/restore/${randomUUID()}`],
    ["GET", `/api/admin/subscriptions/site-state/${randomUUID()}`],
    ["POST", "/api/admin/resume-order"],
  ];

  it.each(endpoints)("%s %s refuses a missing token, then a wrong one", async (method, url) => {
    // Each endpoint from its own address, so that the failures do not add up to a lock-out.
    const remoteAddress = `198.51.100.${endpoints.findIndex(([, u]) => u === url) + 1}`;
    const payload = method === "GET" ? undefined : { order_id: errorOrder, subject: "x", content: "x" };
    const missing = await t.app.inject({ method: method as "GET", url, payload, remoteAddress });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ detail: "Token admin manquant" });
    const wrong = await t.app.inject({
      method: method as "GET",
      url: `${url}?token=${TOKEN.slice(0, -1)}x`,
      payload,
      remoteAddress,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: "Accès refusé" });
  });

  it("changes nothing when refused: the error order stays as it was", async () => {
    expect((await orderRow(t.ctx, errorOrder)).status).toBe("error");
    expect(await auditOf(t.ctx, "resume-order")).toEqual([]);
  });

  it("never locks out the right token: 350 wrong ones, then the right one from the same address", async () => {
    const remoteAddress = "203.0.113.9";
    const statuses: number[] = [];
    // More than the route's rate limit (300 a minute) allows, too.
    for (let i = 0; i < 350; i++) {
      const res = await t.app.inject({ url: `/api/admin/analytics?token=guess-${i}`, remoteAddress });
      statuses.push(res.statusCode);
    }
    // The first 10 failures are refused and audited, the rest throttled without a word.
    expect(statuses).toEqual([...Array(10).fill(403), ...Array(340).fill(429)]);
    const throttled = await t.app.inject({ url: "/api/admin/analytics?token=guess-again", remoteAddress });
    expect(throttled.json().detail).toBe("Trop de tentatives. Veuillez patienter avant de réessayer.");
    const right = await t.app.inject({ url: `/api/admin/analytics?token=${TOKEN}`, remoteAddress });
    expect(right.statusCode).toBe(200);

    const audited = (await auditOf(t.ctx, "wrong-token")).filter((a) => a.ip === remoteAddress);
    expect(audited).toHaveLength(10);
    expect(audited[0]?.details).toBe("GET /api/admin/analytics");
    expect(JSON.stringify(audited)).not.toContain("guess-");
  });

  it("lists orders with counters, status filter and search, without WordPress passwords", async () => {
    const all = await t.app.inject({ url: `/api/admin/orders?token=${TOKEN}` });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.counts).toEqual({
      total: 3,
      active: 1,
      processing: 1,
      error: 1,
      past_due: 0,
      suspended: 0,
      cancel_scheduled: 0,
    });
    expect(body).toMatchObject({ page: 1, page_count: 1, match_count: 3 });
    expect(body.orders).toHaveLength(3);
    expect(body.orders[0]).not.toHaveProperty("wp_credentials");
    const errors = (await t.app.inject({ url: `/api/admin/orders?token=${TOKEN}&status=error` })).json();
    expect(errors.orders.map((o: { order_id: string }) => o.order_id)).toEqual([errorOrder]);
    expect(errors.match_count).toBe(1);
    expect(errors.counts.total).toBe(3);
    const processing = (
      await t.app.inject({ url: `/api/admin/orders?token=${TOKEN}&status=processing` })
    ).json();
    expect(processing.orders.map((o: { customer_name: string }) => o.customer_name)).toEqual([
      '=HYPERLINK("http://x")',
    ]);

    const search = (await t.app.inject({ url: `/api/admin/orders?token=${TOKEN}&q=BIJOUX` })).json();
    expect(search.orders.map((o: { customer_name: string }) => o.customer_name)).toEqual(["Alice Hoarau"]);
    expect(search.orders[0].logs).toEqual([expect.objectContaining({ level: "info", action: "payment" })]);
    expect(search.orders[0].dashboard_url).toMatch(/\/dashboard\/[0-9a-f-]{36}\?token=[\w-]{40,}/);
    // By name (any case, with or without accents), by e-mail, and a % taken literally.
    for (const [q, name] of [
      ["zoé GRONDIN", "Zoé Grondin"],
      ["ZOÉ GRONDIN", "Zoé Grondin"],
      ["zoe grondin", "Zoé Grondin"],
      ["100%", "Zoé Grondin"],
      ["hyperlink", '=HYPERLINK("http://x")'],
    ]) {
      const res = (
        await t.app.inject({ url: `/api/admin/orders?token=${TOKEN}&q=${encodeURIComponent(q as string)}` })
      ).json();
      expect(
        res.orders.map((o: { customer_name: string }) => o.customer_name),
        q,
      ).toEqual([name]);
    }
    const none = (await t.app.inject({ url: `/api/admin/orders?token=${TOKEN}&q=%25` })).json();
    expect(none.orders.map((o: { customer_name: string }) => o.customer_name)).toEqual(["Zoé Grondin"]);
    const nothing = (await t.app.inject({ url: `/api/admin/orders?token=${TOKEN}&q=introuvable` })).json();
    expect(nothing).toMatchObject({ orders: [], match_count: 0, page: 1, page_count: 1 });
  });

  it("refuses a bad filter with a French detail", async () => {
    const res = await t.app.inject({ url: `/api/admin/orders?token=${TOKEN}&status=perdu` });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/[éèà]|Valeur|invalide/i);
    const page = await t.app.inject({ url: `/api/admin/orders?token=${TOKEN}&page=0` });
    expect(page.statusCode).toBe(400);
  });

  it("computes analytics: counts from the orders, money from the invoices and subscriptions", async () => {
    const res = await t.app.inject({ url: `/api/admin/analytics?token=${TOKEN}` });
    expect(res.statusCode).toBe(200);
    const a = res.json();
    // These orders were made without a payment of ours, so without an invoice: nothing collected
    // (analytics.test.ts works out the money of billed orders).
    expect(a.stats).toEqual({
      total_orders: 3,
      active_orders: 1,
      total_customers: 3,
      active_customers: 1,
      processing_orders: 1,
      error_orders: 1,
      total_revenue: 0,
      monthly_revenue: 0,
    });
    // Each has an active subscription at its plan's price: Starter 20 + Libre 15 + Business 50.
    expect(a.mrr).toBe(85);
    expect(a.revenue_by_plan).toEqual([
      { _id: "Starter", count: 1, revenue: 20 },
      { _id: "Business", count: 0, revenue: 50 },
      { _id: "Libre", count: 0, revenue: 15 },
    ]);
    expect(a.churn_rate).toBeNull();
    expect(a.past_due_amount).toBe(0);
    expect(a.revenue_series).toHaveLength(12);
    expect(a.funnel).toEqual({ checkouts_opened: 3, paid: 3, live: 1 });
    expect(a.growth_data).toHaveLength(30);
    expect(a.growth_data.at(-1).count).toBe(3);
    expect(a.growth_data.slice(0, -1).every((d: { count: number }) => d.count === 0)).toBe(true);
  });

  it("exports a CSV a French spreadsheet opens safely, and audits it", async () => {
    const res = await t.app.inject({ url: `/api/admin/export-csv?token=${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="commandes-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(res.body.startsWith("\uFEFFCommande;Date de création;")).toBe(true);
    expect(res.body.split("\r\n").filter(Boolean)).toHaveLength(4);
    expect(res.body).toContain(`;"'=HYPERLINK(""http://x"")";`);
    expect(res.body).toMatch(/;\d{1,2} \S+ \d{4} à \d\d:\d\d;/);
    // Statuses in French, as the admin pages show them.
    expect(res.body).toMatch(/;(Actif|En cours|En attente|Erreur);/);
    expect(res.body).not.toMatch(/;(active|processing|pending|error|completed);/);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("+33 6")).toBe(`"'+33 6"`);
    expect(csvCell("-2")).toBe(`"'-2"`);
    expect(csvCell("\tx")).toBe(`"'\tx"`);
    expect(csvCell("a;b")).toBe(`"a;b"`);
    expect(csvCell('dit "oui"')).toBe(`"dit ""oui"""`);
    expect(csvCell("ligne\nsuivante")).toBe(`"ligne\nsuivante"`);
    expect(csvCell(null)).toBe("");
    expect(await auditOf(t.ctx, "export-csv")).toEqual([expect.objectContaining({ details: "ok" })]);
  });

  it("lists the templates and saves one; refuses an unknown variable without changing it", async () => {
    const list = (await t.app.inject({ url: `/api/admin/email-templates?token=${TOKEN}` })).json();
    const magic = list.templates.find((x: { name: string }) => x.name === "magic_link_admin");
    expect(magic.variables).toEqual(expect.arrayContaining(["customer_name", "magic_link"]));

    const refused = await t.app.inject({
      method: "PUT",
      url: `/api/admin/email-templates/welcome?token=${TOKEN}`,
      payload: { subject: "Salut {{inconnu}}", content: "<p>x</p>" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toContain("Variable inconnue : {{inconnu}}. Variables disponibles : ");
    const [before] = await t.ctx.db.select().from(emailTemplates).where(eq(emailTemplates.name, "welcome"));
    expect(before?.subject).not.toContain("inconnu");

    const empty = await t.app.inject({
      method: "PUT",
      url: `/api/admin/email-templates/welcome?token=${TOKEN}`,
      payload: { subject: "  ", content: "<p>x</p>" },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe("L'objet est obligatoire.");
    const missing = await t.app.inject({
      method: "PUT",
      url: `/api/admin/email-templates/inexistant?token=${TOKEN}`,
      payload: { subject: "x", content: "y" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe("Modèle d'e-mail introuvable.");

    const ok = await t.app.inject({
      method: "PUT",
      url: `/api/admin/email-templates/welcome?token=${TOKEN}`,
      payload: { subject: "Bienvenue {{customer_name}}", content: "<p>{{site_url}}</p>" },
    });
    expect(ok.json()).toEqual({ success: true, detail: "Template sauvegardé avec succès !" });
    const [row] = await t.ctx.db.select().from(emailTemplates).where(eq(emailTemplates.name, "welcome"));
    expect(row?.subject).toBe("Bienvenue {{customer_name}}");
    const audits = await auditOf(t.ctx, "save-email-template");
    expect(audits.map((a) => a.details)).toEqual([
      expect.stringMatching(/^welcome — échec : Variable inconnue/),
      "inexistant — échec : Modèle d'e-mail introuvable.",
      "welcome — ok",
    ]);
  });

  it("refuses to resume or reinstall what cannot be, with French details, and audits the refusal", async () => {
    const [active] = await ordersNamed(t.ctx.db, "alice-bijoux");
    const resume = await t.app.inject({
      method: "POST",
      url: `/api/admin/resume-order?token=${TOKEN}`,
      payload: { order_id: active?.id },
    });
    expect(resume.statusCode).toBe(400);
    expect(resume.json().detail).toBe("Seule une commande en erreur peut être reprise.");
    expect(await auditOf(t.ctx, "resume-order")).toEqual([
      expect.objectContaining({
        orderId: active?.id,
        ip: "127.0.0.1",
        details: "échec : Seule une commande en erreur peut être reprise.",
      }),
    ]);

    const [pending] = await t.ctx.db
      .select({ id: orders.id })
      .from(orders)
      .leftJoin(sites, eq(sites.orderId, orders.id))
      .where(eq(orderStatusSql, "pending"));
    const reinstall = await t.app.inject({
      method: "POST",
      url: `/api/admin/reinstall-wordpress?token=${TOKEN}`,
      payload: { order_id: pending?.id },
    });
    expect(reinstall.statusCode).toBe(400);
    expect(reinstall.json().detail).toBe(
      "Le site est en cours de création : attendez la fin avant de le réinstaller.",
    );
    // The error order never had its subdomain validated: 'Reprendre' is the way.
    const early = await t.app.inject({
      method: "POST",
      url: `/api/admin/reinstall-wordpress?token=${TOKEN}`,
      payload: { order_id: errorOrder },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().detail).toBe("Le sous-domaine n'a pas encore été validé : utilisez « Reprendre ».");
    const noJob = await t.app.inject({
      url: `/api/admin/reinstall-wordpress/${randomUUID()}?token=${TOKEN}`,
    });
    expect(noJob.statusCode).toBe(404);
    expect(noJob.json().detail).toBe("Tâche introuvable.");

    const unknown = await t.app.inject({
      method: "POST",
      url: `/api/admin/resend-magic-link?token=${TOKEN}`,
      payload: { order_id: randomUUID() },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe("Commande introuvable.");
    const bad = await t.app.inject({
      method: "POST",
      url: `/api/admin/resend-magic-link?token=${TOKEN}`,
      payload: { order_id: "pas-un-id" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe("Identifiant de commande invalide.");
    const emails = await t.app.inject({ url: `/api/admin/orders/${randomUUID()}/emails?token=${TOKEN}` });
    expect(emails.statusCode).toBe(404);
  });
});

describe("admin list and export with many orders", () => {
  let t: TestApp;
  const N = 2_050;

  beforeAll(async () => {
    t = await createTestApp();
    // 1,500 orders share one creation time: paging must still neither skip nor repeat any.
    const same = new Date("2026-03-01T08:00:00.000Z");
    const rows = Array.from({ length: N }, (_, i) => ({
      id: randomUUID(),
      checkoutSessionId: `cs_many_${i}`,
      planId: "starter",
      payment: { status: "completed" as const, timestamp: null },
      customerName: `Client ${i}`,
      customerEmail: `client-${i}@example.re`,
      country: "Réunion",
      magicLinkTokenEnc: t.ctx.secrets.seal(`token-${i}`),
      monthlyPriceCents: 2000,
      createdAt: i < 1_500 ? same : new Date(same.getTime() + i * 1000),
    }));
    for (let i = 0; i < N; i += 500) {
      const batch = rows.slice(i, i + 500);
      await t.ctx.db.insert(orders).values(batch);
      // Every order has its site's row, made with it (decision 0109).
      await t.ctx.db.insert(sites).values(batch.map((o, j) => ({ orderId: o.id, name: `site-${i + j}` })));
    }
  });
  afterAll(() => t?.close());

  it("pages through every order exactly once, 50 at a time, and clamps a page beyond the end", async () => {
    const seen = new Set<string>();
    for (let page = 1; page <= 41; page++) {
      const res = (await t.app.inject({ url: `/api/admin/orders?token=${TOKEN}&page=${page}` })).json();
      expect(res).toMatchObject({ page, page_count: 41, match_count: N });
      expect(res.orders).toHaveLength(50);
      for (const o of res.orders) seen.add(o.order_id);
    }
    expect(seen.size).toBe(N);
    const beyond = (await t.app.inject({ url: `/api/admin/orders?token=${TOKEN}&page=99` })).json();
    expect(beyond.page).toBe(41);
    expect(beyond.orders).toHaveLength(50);
  });

  it("exports every order exactly once", async () => {
    const res = await t.app.inject({ url: `/api/admin/export-csv?token=${TOKEN}` });
    const lines = res.body.slice(1).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(N + 1);
    const ids = new Set(lines.slice(1).map((l) => l.split(";")[0]));
    expect(ids.size).toBe(N);
  });
});

describe("admin actions on real WordPress sites and real e-mail", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  const post = (url: string, orderId: string) =>
    t.app.inject({ method: "POST", url: `${url}?token=${TOKEN}`, payload: { order_id: orderId } });
  const activeOrder = (id: string) =>
    waitFor(async () => {
      const row = await orderRow(t.ctx, id);
      return row.status === "active" ? row : undefined;
    }, 120_000);
  const mailTo = (email: string, match: RegExp) =>
    waitFor(() =>
      smtp.received.find((m) => m.to.includes(email) && match.test(decodeQuotedPrintable(m.raw))),
    );

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: smtp.url, WP_PORT: String(await freePort()) });
    // Reinstalls back the sites up first: each restic command would derive the repository's key again.
    await useCheapBackupRepository(t.ctx);
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("resends the magic link by e-mail, shows it in the e-mail log and audits it", async () => {
    const id = await givenPaidOrder(t.ctx, { subdomain: "renvoi-lien", customerEmail: "renvoi@example.re" });
    const order = await activeOrder(id);
    const res = await post("/api/admin/resend-magic-link", id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, detail: "Magic link renvoyé avec succès !" });

    const link = `/dashboard/${id}?token=${magicLinkToken(t.ctx, order)}`;
    const mail = await mailTo("renvoi@example.re", /Voici votre lien d'accès/);
    expect(decodeQuotedPrintable(mail.raw)).toContain(link);
    const emails = await waitFor(async () => {
      const r = (await t.app.inject({ url: `/api/admin/orders/${id}/emails?token=${TOKEN}` })).json();
      return r.emails.find((e: { template: string; status: string }) => e.template === "magic_link_admin")
        ?.status === "sent"
        ? r.emails
        : undefined;
    });
    expect(emails.map((e: { template: string }) => e.template)).toEqual(["magic_link_admin", "welcome"]);
    expect(emails[0]).toMatchObject({ recipient: "renvoi@example.re", error: null });
    expect(Date.parse(emails[0].sent_at)).toBeGreaterThan(0);
    const logs = await t.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, id));
    expect(logs.at(-1)).toMatchObject({ action: "magic-link" });
    expect(await auditOf(t.ctx, "resend-magic-link")).toEqual([
      expect.objectContaining({ orderId: id, details: "ok" }),
    ]);
  });

  it("reinstalls WordPress: content gone, new credentials work, old ones no longer do", async () => {
    const id = await givenPaidOrder(t.ctx, {
      subdomain: "atelier-refait",
      customerEmail: "refait@example.re",
      kozaOption: true,
    });
    const before = await activeOrder(id);
    const host = t.ctx.wordpress.main;
    const oldPassword = t.ctx.secrets.open((await getSite(t.ctx.db, before.id)).wpPasswordEnc as string);
    const page = await createPage(
      host,
      {
        url: "",
        adminUrl: "",
        adminUser: (await getSite(t.ctx.db, before.id)).wpUsername as string,
        adminPassword: oldPassword,
        appPassword: t.ctx.secrets.open((await getSite(t.ctx.db, before.id)).wpAppPasswordEnc as string),
      },
      "atelier-refait",
      "Ancienne page",
    );
    expect(page.status).toBe(201);

    // The request only queues the reinstall (it can take minutes over SSH), holding the site.
    const res = await post("/api/admin/reinstall-wordpress", id);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      success: true,
      detail: "Réinstallation lancée…",
      job_id: expect.any(String),
    });
    const status = (jobId: string) =>
      t.app.inject({ url: `/api/admin/reinstall-wordpress/${jobId}?token=${TOKEN}` }).then((r) => r.json());
    const ended = await waitFor(async () => {
      const s = await status(res.json().job_id);
      return s.state === "completed" || s.state === "failed" ? s : undefined;
    }, 120_000);
    expect(ended).toEqual({ state: "completed" });

    const after = await orderRow(t.ctx, id);
    expect(after).toMatchObject({ status: "active" });
    expect(await getSite(t.ctx.db, id)).toMatchObject({
      kozaStatus: "pending",
      leaseUntil: null,
      leaseHolder: null,
    });
    const newPassword = t.ctx.secrets.open((await getSite(t.ctx.db, after.id)).wpPasswordEnc as string);
    expect(newPassword).not.toBe(oldPassword);
    const user = (await getSite(t.ctx.db, after.id)).wpUsername as string;
    const dashboard = await logIn(host, "atelier-refait", user, newPassword);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Tableau de bord");
    const refused = await logIn(host, "atelier-refait", user, oldPassword);
    const refusedHtml = await refused.text();
    expect(refusedHtml).not.toContain("Tableau de bord");
    expect(refusedHtml).toContain('id="user_pass"');
    expect((await host.fetch("atelier-refait", "/ancienne-page/")).status).toBe(404);

    await mailTo("refait@example.re", /a été réinstallé/);
    const logs = await t.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, id));
    // The plan's kit is applied again after it (issue 25): its own line follows.
    expect(logs.map((l) => l.details)).toContainEqual(
      expect.stringMatching(
        /^WordPress réinstallé par un administrateur \(\d+ ms\) ; l'ancien site est dans les sauvegardes \(« Avant réinstallation »\)\.$/,
      ),
    );
    // Without a questionnaire sent, Koza is back to 'pending'; the old site is in the backups.
    const backups = await t.app.inject({ url: `/api/admin/orders/${id}/backups?token=${TOKEN}` });
    expect(backups.json().backups.map((b: { kind: string }) => b.kind)).toEqual(["before-reinstall"]);
    expect(JSON.stringify(logs)).not.toContain(newPassword);
    expect(await auditOf(t.ctx, "reinstall-wordpress")).toEqual([
      expect.objectContaining({ orderId: id, details: "ok" }),
    ]);
  });

  it("runs one reinstall at a time per site: a second one meanwhile is refused", async () => {
    const id = await givenPaidOrder(t.ctx, { subdomain: "double-clic" });
    await activeOrder(id);
    const [first, second] = await Promise.all([
      post("/api/admin/reinstall-wordpress", id),
      post("/api/admin/reinstall-wordpress", id),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([202, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json().detail).toBe(
      "Une opération est déjà en cours sur ce site. Réessayez dans un instant.",
    );
    const started = first.statusCode === 202 ? first : second;
    await waitFor(async () => {
      const r = await t.app.inject({
        url: `/api/admin/reinstall-wordpress/${started.json().job_id}?token=${TOKEN}`,
      });
      return r.json().state === "completed" ? true : undefined;
    }, 120_000);
    expect((await t.ctx.wordpress.main.fetch("double-clic", "/")).status).toBe(200);
    expect((await getSite(t.ctx.db, id)).leaseUntil).toBeNull();
  });

  it("resumes an order that failed, and reinstalls another one that failed before its welcome e-mail", async () => {
    // A leftover folder where the site must go makes every install attempt fail for real.
    const sitesRoot = path.join(t.ctx.config.DATA_DIR, "sites");
    for (const sub of ["reprise-ok", "reinstall-ko"]) {
      mkdirSync(path.join(sitesRoot, sub), { recursive: true });
      writeFileSync(path.join(sitesRoot, sub, "leftover.txt"), "x");
    }
    const resumed = await givenPaidOrder(t.ctx, {
      subdomain: "reprise-ok",
      customerEmail: "reprise@example.re",
    });
    const reinstalled = await givenPaidOrder(t.ctx, {
      subdomain: "reinstall-ko",
      customerEmail: "reinstall-ko@example.re",
    });
    for (const id of [resumed, reinstalled]) {
      const failed = await waitFor(async () => {
        const row = await orderRow(t.ctx, id);
        return row.status === "error" ? row : undefined;
      }, 150_000);
      expect(failed.steps.wordpress?.status).toBe("failed");
    }
    const listed = (await t.app.inject({ url: `/api/admin/orders?token=${TOKEN}&status=error` })).json();
    expect(listed.orders.map((o: { subdomain: string }) => o.subdomain).sort()).toEqual([
      "reinstall-ko",
      "reprise-ok",
    ]);

    rmSync(path.join(sitesRoot, "reprise-ok"), { recursive: true });
    const resume = await post("/api/admin/resume-order", resumed);
    expect(resume.statusCode).toBe(200);
    expect(resume.json()).toEqual({ success: true, detail: "Commande relancée." });
    const live = await activeOrder(resumed);
    expect(Object.values(live.steps).map((s) => s.status)).toEqual(Array(5).fill("completed"));
    expect((await t.ctx.wordpress.main.fetch("reprise-ok", "/")).status).toBe(200);
    await mailTo("reprise@example.re", /est prêt/);

    // Reinstalling replaces whatever is in the way; provisioning then sends the welcome e-mail.
    const reinstall = await post("/api/admin/reinstall-wordpress", reinstalled);
    expect(reinstall.statusCode).toBe(202);
    const done = await activeOrder(reinstalled);
    expect(done.steps.email?.status).toBe("completed");
    const welcome = await mailTo("reinstall-ko@example.re", /est prêt/);
    expect(decodeQuotedPrintable(welcome.raw)).toContain(`/dashboard/${reinstalled}?token=`);
    const dashboard = await logIn(
      t.ctx.wordpress.main,
      "reinstall-ko",
      (await getSite(t.ctx.db, done.id)).wpUsername as string,
      t.ctx.secrets.open((await getSite(t.ctx.db, done.id)).wpPasswordEnc as string),
    );
    expect(dashboard.status).toBe(200);
    expect(
      await t.ctx.db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.action, "resume-order"), eq(adminAudit.orderId, resumed))),
    ).toHaveLength(1);
  }, 300_000);
});
