import { DOMAIN_ADMIN_MESSAGES } from "@lagon/contracts/custom-domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestApp, TEST_ADMIN_TOKEN as TOKEN } from "../../test/test-context.ts";
import { adminAudit, customDomains, emailLog } from "../db/schema.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findOrder } from "../orders/orders-table.ts";
import { logCheck } from "./domain-lifecycle.ts";

describe("admin API for custom domains", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ BASE_DOMAIN: "lagon-sites.re", CUSTOM_DOMAIN_TARGET: "203.0.113.10" });
  });
  afterAll(() => t?.close());

  async function orderWithDomain(hasOwnDomain: "yes" | "no", domainName: string) {
    const id = await givenPaidOrder(t.ctx);
    const row = await findOrder(t.ctx.db, id);
    if (!row) throw new Error("no order");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/order/${id}/domain?token=${magicLinkToken(t.ctx, row)}`,
      payload: { hasOwnDomain, domainName },
    });
    expect(res.statusCode).toBe(200);
    return id;
  }
  const admin = (method: "GET" | "POST", url: string, payload?: object, token = TOKEN) =>
    t.app.inject({ method, url: `/api/admin${url}?token=${token}`, payload });
  const domainOf = async (orderId: string) =>
    (await t.ctx.db.select().from(customDomains).where(eq(customDomains.orderId, orderId)))[0];

  it("marks a domain to buy as bought: its checks begin", async () => {
    const id = await orderWithDomain("no", "achat-payet.re");
    expect(await domainOf(id)).toMatchObject({ state: "requested", nextCheckAt: null });
    const res = await admin("POST", `/custom-domains/${id}/mark-bought`);
    expect(res.json()).toEqual({ success: true, detail: DOMAIN_ADMIN_MESSAGES.markedBought });
    const domain = await domainOf(id);
    expect(domain?.state).toBe("dns_pending");
    expect(domain?.nextCheckAt?.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await admin("POST", `/custom-domains/${id}/mark-bought`)).statusCode).toBe(400);
    const audit = await t.ctx.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, "custom-domain-mark-bought"));
    expect(audit.map((a) => a.orderId)).toContain(id);
  });

  it("lists every domain with its state and log, and refuses one with a reason the customer reads", async () => {
    const id = await orderWithDomain("no", "refus-payet.re");
    const empty = await admin("POST", `/custom-domains/${id}/refuse`, { reason: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(DOMAIN_ADMIN_MESSAGES.reasonRequired);
    const reason = "Ce domaine est déjà pris : proposez-nous un autre nom.";
    expect((await admin("POST", `/custom-domains/${id}/refuse`, { reason })).statusCode).toBe(200);
    const list = (await admin("GET", "/custom-domains")).json();
    const listed = list.domains.find((d: { order_id: string }) => d.order_id === id);
    expect(listed).toMatchObject({ domain: "refus-payet.re", state: "failed", failure: "refused", reason });
    expect(listed.checks.at(-1)).toMatchObject({
      state: "failed",
      ok: false,
      details: `Refusé par l'agence : ${reason}`,
    });
    // The order list carries the same block, log included.
    const order = await findOrder(t.ctx.db, id);
    const page = (await admin("GET", "/orders")).json();
    expect(page.orders.find((o: { order_id: string }) => o.order_id === id).custom_domain).toEqual(listed);
    // The customer is told why, in French, with a way back to their page.
    const [mail] = await t.ctx.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.orderId, id), eq(emailLog.template, "domain_refused")));
    expect(mail?.recipient).toBe(order?.customerEmail);
    expect(mail?.subject).toBe("Votre demande de domaine refus-payet.re");
    expect(mail?.html).toContain(reason.replace("'", "&#39;"));
    expect(mail?.html).toContain(`/dashboard/${id}?token=`);
  });

  it("re-checks only a domain that is bought", async () => {
    const id = await orderWithDomain("no", "verif-payet.re");
    const early = await admin("POST", `/custom-domains/${id}/recheck`);
    expect(early.statusCode).toBe(400);
    expect(early.json().detail).toBe(DOMAIN_ADMIN_MESSAGES.notBought);
    await admin("POST", `/custom-domains/${id}/mark-bought`);
    const res = await admin("POST", `/custom-domains/${id}/recheck`);
    expect(res.json()).toEqual({ success: true, detail: DOMAIN_ADMIN_MESSAGES.rechecked });
    const list = (await admin("GET", "/custom-domains")).json();
    const listed = list.domains.find((d: { order_id: string }) => d.order_id === id);
    expect(listed.checks.map((c: { details: string }) => c.details)).toContain(
      "Nouvelle vérification demandée par l'agence.",
    );
  });

  it("re-checks a live domain only while its renewal fails (each check renews its certificate)", async () => {
    const id = await orderWithDomain("yes", "vivant-payet.re");
    const domain = await domainOf(id);
    if (!domain) throw new Error("no domain");
    const later = new Date(Date.now() + 86_400_000);
    await t.ctx.db
      .update(customDomains)
      .set({ state: "active", nextCheckAt: later })
      .where(eq(customDomains.id, domain.id));
    await logCheck(t.ctx, domain, "active", true, "Certificat obtenu pour vivant-payet.re.");
    const upToDate = await admin("POST", `/custom-domains/${id}/recheck`);
    expect(upToDate.statusCode).toBe(400);
    expect(upToDate.json().detail).toBe(DOMAIN_ADMIN_MESSAGES.activeUpToDate);
    expect((await domainOf(id))?.nextCheckAt).toEqual(later);

    await logCheck(
      t.ctx,
      domain,
      "active",
      false,
      "L'autorité de certification limite le nombre de demandes.",
    );
    expect((await admin("POST", `/custom-domains/${id}/recheck`)).statusCode).toBe(200);
    const rechecked = await domainOf(id);
    expect(rechecked?.state).toBe("active");
    expect(rechecked?.nextCheckAt?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("removes a domain from the order, which may then ask for another", async () => {
    const id = await orderWithDomain("yes", "retrait-payet.re");
    expect((await admin("POST", `/custom-domains/${id}/remove`)).json().detail).toBe(
      DOMAIN_ADMIN_MESSAGES.removed,
    );
    expect(await domainOf(id)).toBeUndefined();
    expect((await admin("POST", `/custom-domains/${id}/recheck`)).statusCode).toBe(404);
    // Every action on a domain is in the audit log, under its own name.
    const audit = await t.ctx.db.select({ action: adminAudit.action }).from(adminAudit);
    expect(new Set(audit.map((a) => a.action))).toEqual(
      new Set([
        "custom-domain-mark-bought",
        "custom-domain-refuse",
        "custom-domain-recheck",
        "custom-domain-remove",
      ]),
    );
  });

  it("is closed without the admin token", async () => {
    const id = await orderWithDomain("no", "ferme-payet.re");
    expect((await admin("POST", `/custom-domains/${id}/mark-bought`, undefined, "faux")).statusCode).toBe(
      403,
    );
    expect((await admin("GET", "/custom-domains", undefined, "faux")).statusCode).toBe(403);
    expect((await domainOf(id))?.state).toBe("requested");
  });
});
