import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-context.ts";
import { adminAudit, emailTemplates, orders } from "../db/schema.ts";
import { csvCell } from "./export-csv.ts";

const TOKEN = "test-admin-token-0123456789abcdef";

describe("admin API", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let errorOrder: string;

  beforeAll(async () => {
    t = await createTestApp();
    await givenPaidOrder(t.ctx, {
      customerName: "Alice Hoarau",
      subdomain: "alice-bijoux",
      planId: "starter",
    });
    await givenPaidOrder(t.ctx, { customerName: '=HYPERLINK("http://x")', planId: "libre" });
    errorOrder = await givenPaidOrder(t.ctx, { customerName: "Bruno Grondin" });
    await t.ctx.db.update(orders).set({ status: "active" }).where(eq(orders.subdomain, "alice-bijoux"));
    await t.ctx.db.update(orders).set({ status: "error" }).where(eq(orders.id, errorOrder));
  });
  afterAll(() => t?.close());

  const endpoints: [string, string][] = [
    ["GET", "/api/admin/orders"],
    ["GET", "/api/admin/analytics"],
    ["GET", "/api/admin/export-csv"],
    ["GET", "/api/admin/email-templates"],
    ["PUT", "/api/admin/email-templates/welcome"],
    ["POST", "/api/admin/resend-magic-link"],
    ["POST", "/api/admin/reinstall-wordpress"],
    ["POST", "/api/admin/resume-order"],
  ];

  it.each(endpoints)("%s %s refuses a missing token, then a wrong one", async (method, url) => {
    const missing = await t.app.inject({ method: method as "GET", url });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ detail: "Token admin manquant" });
    const wrong = await t.app.inject({ method: method as "GET", url: `${url}?token=nope-${method}` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: "Accès refusé" });
  });

  it("lists orders with counters, status filter and search", async () => {
    const all = (await t.app.inject({ url: `/api/admin/orders?token=${TOKEN}` })).json();
    expect(all.counts).toEqual({ total: 3, active: 1, processing: 1, error: 1 });
    expect(all.orders).toHaveLength(3);
    const errors = (await t.app.inject({ url: `/api/admin/orders?token=${TOKEN}&status=error` })).json();
    expect(errors.orders.map((o: { order_id: string }) => o.order_id)).toEqual([errorOrder]);
    const search = (await t.app.inject({ url: `/api/admin/orders?token=${TOKEN}&q=BIJOUX` })).json();
    expect(search.orders.map((o: { customer_name: string }) => o.customer_name)).toEqual(["Alice Hoarau"]);
    expect(search.orders[0].logs.length).toBeGreaterThan(0);
    expect(search.orders[0].dashboard_url).toMatch(/\/dashboard\/.+\?token=/);
  });

  it("computes analytics with the plan prices of section 9", async () => {
    const res = await t.app.inject({ url: `/api/admin/analytics?token=${TOKEN}` });
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.stats).toMatchObject({ total_orders: 3, active_orders: 1, error_orders: 1, total_revenue: 20 });
    expect(a.revenue_by_plan).toContainEqual({ _id: "Starter", count: 1, revenue: 20 });
    expect(a.growth_data).toHaveLength(30);
    expect(a.growth_data.at(-1).count).toBe(3);
  });

  it("exports a CSV a French spreadsheet opens safely", async () => {
    const res = await t.app.inject({ url: `/api/admin/export-csv?token=${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.body.startsWith("\uFEFFCommande;Date de création;")).toBe(true);
    expect(res.body.split("\r\n").filter(Boolean)).toHaveLength(4);
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("-2")).toBe(`"'-2"`);
    expect(csvCell("a;b")).toBe(`"a;b"`);
  });

  it("saves a template, and refuses an unknown variable without changing it", async () => {
    const refused = await t.app.inject({
      method: "PUT",
      url: `/api/admin/email-templates/welcome?token=${TOKEN}`,
      payload: { subject: "Salut {{inconnu}}", content: "<p>x</p>" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toContain("Variable inconnue : {{inconnu}}");
    const ok = await t.app.inject({
      method: "PUT",
      url: `/api/admin/email-templates/welcome?token=${TOKEN}`,
      payload: { subject: "Bienvenue {{customer_name}}", content: "<p>{{site_url}}</p>" },
    });
    expect(ok.json()).toEqual({ success: true, detail: "Template sauvegardé avec succès !" });
    const [row] = await t.ctx.db.select().from(emailTemplates).where(eq(emailTemplates.name, "welcome"));
    expect(row?.subject).toBe("Bienvenue {{customer_name}}");
    const audits = await t.ctx.db.select().from(adminAudit);
    expect(audits.some((a) => a.action === "save-email-template")).toBe(true);
  });

  it("refuses to resume an order that is not in error, with a French detail", async () => {
    const [active] = await t.ctx.db.select().from(orders).where(eq(orders.subdomain, "alice-bijoux"));
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/resume-order?token=${TOKEN}`,
      payload: { order_id: active?.id },
    });
    expect(res.statusCode).toBe(400);
    const bad = await t.app.inject({
      method: "POST",
      url: `/api/admin/resend-magic-link?token=${TOKEN}`,
      payload: { order_id: "pas-un-id" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe("Identifiant de commande invalide.");
  });
});
