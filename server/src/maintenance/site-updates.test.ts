import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { useCheapBackupRepository } from "../../test/restic-test-key.ts";
import { waitFor } from "../../test/smtp-sink.ts";
import { createTestApp } from "../../test/test-context.ts";
import { emailLog, type Order, orders, siteBackups, siteMaintenance, siteUpdates } from "../db/schema.ts";
import { WordPressRest } from "../koza/wordpress-rest.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { getSite } from "../sites/sites-table.ts";
import { freePort } from "../wordpress/site-checks.ts";
import { TestTemplate } from "./test-template.ts";
import { planNightlyUpdates, queueSiteUpdate, updatePending } from "./update-jobs.ts";

/**
 * Updates of a real site, provisioned by the normal pipeline, to a core template made newer on
 * this machine: one that works, one whose plugin fatals and is rolled back.
 */
describe("site updates", () => {
  const template = new TestTemplate();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let order: Order;
  const initialCore = template.coreVersion;

  const home = async () => {
    const res = await t.ctx.wordpress.main.fetch(order.subdomain, "/");
    return { status: res.status, html: await res.text() };
  };
  const lastUpdate = async () =>
    (
      await t.ctx.db
        .select()
        .from(siteUpdates)
        .where(eq(siteUpdates.orderId, order.id))
        .orderBy(desc(siteUpdates.startedAt))
        .limit(1)
    )[0];
  /** Until the site's queued or running update job has finished, whatever it did. */
  const jobsDone = () => waitFor(async () => !(await updatePending(t.ctx, order.id)) || undefined, 180_000);
  const runUpdate = async () => {
    const before = (await lastUpdate())?.id;
    await queueSiteUpdate(t.ctx, order.id, "schedule");
    return waitFor(async () => {
      const row = await lastUpdate();
      return row && row.id !== before && row.result !== "running" ? row : undefined;
    }, 180_000);
  };

  beforeAll(async () => {
    template.setPlugin("1.0");
    t = await createTestApp({
      WP_PORT: String(await freePort()),
      WP_CORE_DIR: template.dir,
      MONITOR_SCHEDULE: "off",
      MAINTENANCE_SCHEDULE: "off",
    });
    // Each update backs the site up first (and a rollback reads it back): each restic command
    // would derive the repository's key again.
    await useCheapBackupRepository(t.ctx);
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
    const id = await givenPaidOrder(t.ctx, { subdomain: "mise-a-jour", companyName: "Atelier Mise à Jour" });
    order = await waitFor(async () => {
      const o = await findShownOrder(t.ctx.db, id);
      return o?.status === "active" ? o : undefined;
    }, 120_000);
    const wp = new WordPressRest(
      t.ctx.wordpress.main,
      order.subdomain,
      (await getSite(t.ctx.db, order.id)).wpUsername ?? "",
      t.ctx.secrets.open((await getSite(t.ctx.db, order.id)).wpAppPasswordEnc ?? ""),
    );
    await wp.json("POST", "/wp/v2/plugins/lagon-compteur/lagon-compteur", { status: "active" });
    expect((await home()).html).toContain("<!-- lagon-compteur 1.0 -->");
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    template.remove();
  });

  it("does nothing while the site has the template's versions", async () => {
    const before = await lastUpdate();
    expect(await planNightlyUpdates(t.ctx)).toEqual({ queued: 1, read: 0 });
    await waitFor(async () => {
      const [state] = await t.ctx.db
        .select()
        .from(siteMaintenance)
        .where(eq(siteMaintenance.orderId, order.id));
      return state?.versions?.plugins["lagon-compteur"] === "1.0" ? state : undefined;
    }, 60_000);
    // The job ran and found nothing to do: no update recorded.
    await jobsDone();
    expect(await lastUpdate()).toEqual(before);
  }, 120_000);

  it("updates the core and a plugin to a newer template, after a backup", async () => {
    template.setCoreVersion("6.8.99");
    template.setPlugin("1.1");
    const row = await runUpdate();
    expect(row.result, row.detail ?? "").toBe("updated");
    expect(row.trigger).toBe("schedule");
    expect(row.items).toEqual([
      { kind: "core", slug: "wordpress", from: initialCore, to: "6.8.99" },
      { kind: "plugin", slug: "lagon-compteur", from: "1.0", to: "1.1" },
    ]);
    expect(row.before.core).toBe(initialCore);
    expect(row.after?.core).toBe("6.8.99");
    expect(row.after?.plugins["lagon-compteur"]).toBe("1.1");
    // The site answers with its content and the new plugin.
    const page = await home();
    expect(page.status).toBe(200);
    expect(page.html).toContain("Atelier Mise à Jour");
    expect(page.html).toContain("<!-- lagon-compteur 1.1 -->");
    expect((await t.ctx.wordpress.main.versions(order.subdomain)).core).toBe("6.8.99");
    const [backup] = await t.ctx.db
      .select()
      .from(siteBackups)
      .where(eq(siteBackups.id, row.backupId ?? ""));
    expect(backup?.kind).toBe("before-update");
  }, 240_000);

  it("rolls back an update whose plugin fatals: the site answers again with its old versions, the agency alerted", async () => {
    template.setCoreVersion("6.9.0");
    template.setPlugin("2.0", true);
    const row = await runUpdate();
    expect(row.result, row.detail ?? "").toBe("rolled-back");
    expect(row.detail).toContain("erreur");
    // Back on its old core and its old plugin, not the template's.
    expect(row.after?.core).toBe("6.8.99");
    expect(row.after?.plugins["lagon-compteur"]).toBe("1.1");
    const page = await home();
    expect(page.status).toBe(200);
    expect(page.html).toContain("Atelier Mise à Jour");
    expect(page.html).toContain("<!-- lagon-compteur 1.1 -->");
    const login = await t.ctx.wordpress.main.fetch(order.subdomain, "/wp-login.php");
    expect(login.status).toBe(200);
    const alerts = await t.ctx.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.orderId, order.id), eq(emailLog.template, "site_update_failed_agency")));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.recipient).toBe(t.ctx.config.AGENCY_EMAIL);
    expect(alerts[0]?.subject).toBe(`Mise à jour annulée : ${t.ctx.wordpress.main.siteUrl(order.subdomain)}`);

    // The nightly pass does not try the same broken update again.
    expect(await queueSiteUpdate(t.ctx, order.id, "schedule")).toEqual(expect.any(String));
    await jobsDone();
    expect((await lastUpdate())?.id).toBe(row.id);
  }, 300_000);

  it("lets a Libre customer ask for the update from the order page, and refuses it to automatic plans", async () => {
    const token = magicLinkToken(t.ctx, order);
    const ask = () =>
      t.app.inject({ method: "POST", url: `/api/order/${order.id}/maintenance/update`, payload: { token } });
    const refused = await ask();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(
      "Les mises à jour de votre formule sont automatiques : rien à demander.",
    );

    await t.ctx.db.update(orders).set({ planId: "libre" }).where(eq(orders.id, order.id));
    template.setPlugin("2.1");
    const view = await t.app.inject({ url: `/api/order/${order.id}/maintenance?token=${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      mode: "manual",
      versions: { core: "6.8.99" },
      last_update: { result: "rolled-back" },
      monitoring: { status: "unknown" },
    });
    expect(view.json().available.map((i: { slug: string }) => i.slug)).toEqual([
      "wordpress",
      "lagon-compteur",
    ]);

    const before = (await lastUpdate())?.id;
    const asked = await ask();
    expect(asked.statusCode, asked.body).toBe(202);
    const again = await ask();
    expect(again.statusCode).toBe(409);
    const row = await waitFor(async () => {
      const r = await lastUpdate();
      return r && r.id !== before && r.result !== "running" ? r : undefined;
    }, 180_000);
    expect(row.trigger).toBe("customer");
    expect(row.result, row.detail ?? "").toBe("updated");
    expect(row.after?.plugins["lagon-compteur"]).toBe("2.1");
    expect(row.after?.core).toBe("6.9.0");
    expect((await home()).html).toContain("<!-- lagon-compteur 2.1 -->");
  }, 300_000);
});
