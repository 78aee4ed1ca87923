import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestApp, TEST_ADMIN_TOKEN } from "../../test/test-context.ts";
import { type Order, siteBackups, subscriptions } from "../db/schema.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { getSite, updateSite } from "../sites/sites-table.ts";

/**
 * A backup or a restore only queues its job: the request answers 202 at once, holding the site,
 * and nothing touches the host until a worker runs the job. No worker and no host here: what the
 * jobs do on a real site is site-backups.test.ts.
 */
describe("backup and restore requests", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let orderId: string;
  let token: string;
  const backupId = "a".repeat(64);
  const admin = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url: `${url}?token=${TEST_ADMIN_TOKEN}`, payload });
  const customerRestore = (id = orderId, withToken = token) =>
    t.app.inject({
      method: "POST",
      url: `/api/order/${id}/backups/${backupId}/restore`,
      payload: { token: withToken },
    });
  const backupRows = () => t.ctx.db.select().from(siteBackups).where(eq(siteBackups.orderId, orderId));
  const jobState = async (name: string, id: string) => (await t.ctx.queue.state(name, id))?.state;
  const freeSite = () => updateSite(t.ctx.db, orderId, { leaseUntil: null, leaseHolder: null });

  beforeAll(async () => {
    t = await createTestApp();
    orderId = await givenPaidOrder(t.ctx, { subdomain: "file-attente" });
    const order = await findShownOrder(t.ctx.db, orderId);
    await updateSite(t.ctx.db, orderId, { setup: "active", wpUsername: "admin_file" });
    token = magicLinkToken(t.ctx, order as Order);
    await t.ctx.db.insert(siteBackups).values({
      id: backupId,
      orderId,
      subdomain: "file-attente",
      kind: "daily",
      sizeBytes: 1000,
      createdAt: new Date(),
    });
  });
  afterAll(() => t?.close());

  it("answers the admin's backup with 202 and a job that waits for a worker, holding the site", async () => {
    const res = await admin("/api/admin/backup-now", { order_id: orderId });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ success: true, detail: "Sauvegarde lancée…", job_id: expect.any(String) });
    expect(await jobState("backup-site", res.json().job_id)).toBe("waiting");
    const status = await t.app.inject({
      url: `/api/admin/backup-now/${res.json().job_id}?token=${TEST_ADMIN_TOKEN}`,
    });
    expect(status.json()).toEqual({ state: "waiting" });
    expect(await backupRows()).toHaveLength(1);
    // The site is held for the job: a restore meanwhile is refused at once.
    const busy = await customerRestore();
    expect(busy.statusCode).toBe(409);
    expect(busy.json().detail).toMatch(/^Une opération est déjà en cours sur ce site/);
    await freeSite();
  });

  it("answers the customer's and the admin's restore with 202; only the order's own restore is followed", async () => {
    const res = await customerRestore();
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ success: true, detail: "Restauration lancée…", job_id: expect.any(String) });
    const jobId = res.json().job_id as string;
    expect(await jobState("restore-backup", jobId)).toBe("waiting");
    const followed = await t.app.inject({
      url: `/api/order/${orderId}/backups/restore/${jobId}?token=${token}`,
    });
    expect(followed.json()).toEqual({ state: "waiting" });

    const other = await givenPaidOrder(t.ctx, { subdomain: "autre-file" });
    const otherOrder = await findShownOrder(t.ctx.db, other);
    const otherToken = magicLinkToken(t.ctx, otherOrder as Order);
    const foreign = await t.app.inject({
      url: `/api/order/${other}/backups/restore/${jobId}?token=${otherToken}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe("Tâche introuvable.");
    const status = `/api/order/${orderId}/backups/restore/${jobId}`;
    expect((await t.app.inject({ url: status })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `${status}?token=pas-le-bon-jeton` })).statusCode).toBe(403);
    await freeSite();

    const byAdmin = await admin("/api/admin/backups/restore", { order_id: orderId, backup_id: backupId });
    expect(byAdmin.statusCode, byAdmin.body).toBe(202);
    expect(await jobState("restore-backup", byAdmin.json().job_id)).toBe("waiting");
    await freeSite();
  });

  it("refuses at once, queueing nothing: no site yet, an archived site, an unknown backup", async () => {
    await updateSite(t.ctx.db, orderId, { wpUsername: null });
    const noSite = await admin("/api/admin/backup-now", { order_id: orderId });
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json().detail).toBe("Ce site n'est pas encore en ligne : il n'a rien à sauvegarder.");
    await updateSite(t.ctx.db, orderId, { wpUsername: "admin_file" });

    await t.ctx.db
      .update(subscriptions)
      .set({ siteState: "removed" })
      .where(eq(subscriptions.orderId, orderId));
    const archived = await customerRestore();
    expect(archived.statusCode).toBe(409);
    expect(archived.json().detail).toMatch(/^Ce site est archivé/);
    await t.ctx.db
      .update(subscriptions)
      .set({ siteState: "online" })
      .where(eq(subscriptions.orderId, orderId));

    const unknown = await admin("/api/admin/backups/restore", {
      order_id: orderId,
      backup_id: "b".repeat(64),
    });
    expect(unknown.statusCode).toBe(404);
    expect((await getSite(t.ctx.db, orderId)).leaseHolder).toBeNull();
  });
});
