import { readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { useCheapBackupRepository } from "../../test/restic-test-key.ts";
import { waitFor } from "../../test/smtp-sink.ts";
import { createTestApp, TEST_ADMIN_TOKEN } from "../../test/test-context.ts";
import { emailLog, type Order, orderLogs } from "../db/schema.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { freePort } from "../wordpress/site-checks.ts";
import { alertMissedBackups, lastDueRun } from "./missed-backups.ts";
import { runRestoreDrill } from "./restore-drill.ts";
import { backupSite } from "./site-backups.ts";

const DAY = 24 * 3600_000;

/** Every pack of a restic repository's data folder overwritten with zeros, its size kept. */
async function damagePacks(data: string) {
  for (const dir of await readdir(data)) {
    for (const name of await readdir(path.join(data, dir))) {
      const file = path.join(data, dir, name);
      await writeFile(file, Buffer.alloc((await stat(file)).size));
    }
  }
}

/** The weekly restore drill and the missed-backup alert, on a real site and the real restic. */
describe("restore drill and missed backups", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let order: Order;

  const alertEmails = () =>
    t.ctx.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.template, "backup_alert_agency"), eq(emailLog.recipient, "alertes@lagon.re")));
  const adminCard = async () => {
    const res = await t.app.inject({ url: `/api/admin/orders?token=${TEST_ADMIN_TOKEN}` });
    return (res.json().orders as { order_id: string; backup_alert: string | null }[]).find(
      (o) => o.order_id === order.id,
    );
  };
  const logs = async (action: string) =>
    (
      await t.ctx.db
        .select()
        .from(orderLogs)
        .where(and(eq(orderLogs.orderId, order.id), eq(orderLogs.action, action)))
    ).map((l) => l.details);
  /** The host's site folders: a drill leaves no scratch site behind. */
  const scratchSites = async () =>
    (await readdir(path.join(t.ctx.config.DATA_DIR, "sites")).catch(() => [])).filter((n) =>
      n.includes("restore-drill"),
    );

  beforeAll(async () => {
    t = await createTestApp({ WP_PORT: String(await freePort()), AGENCY_EMAIL: "alertes@lagon.re" });
    // Backups and drills: each restic command would derive the repository's key again.
    await useCheapBackupRepository(t.ctx);
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
    const id = await givenPaidOrder(t.ctx, { subdomain: "exercice", companyName: "Atelier Exercice" });
    order = await waitFor(async () => {
      const o = await findShownOrder(t.ctx.db, id);
      return o?.status === "active" ? o : undefined;
    }, 90_000);
  }, 180_000);
  afterAll(() => t?.close());

  it("restores the latest backup into a scratch site, checks its home page and removes it", async () => {
    expect(await runRestoreDrill(t.ctx, { count: 1 })).toEqual([]);
    const backup = await backupSite(t.ctx, order, "manual");
    const [result] = await runRestoreDrill(t.ctx, { count: 1 });
    expect(result).toMatchObject({ subdomain: "exercice", backupId: backup.id, ok: true });
    expect(result?.detail).toMatch(
      /^Exercice de restauration réussi : la sauvegarde du .* page d'accueil 200/,
    );
    expect(await t.ctx.wordpress.main.status(result?.scratch as string)).toBe("absent");
    expect(await scratchSites()).toEqual([]);
    expect(await logs("backup-drill")).toHaveLength(1);
    // The customer's site was not touched.
    expect((await t.ctx.wordpress.main.fetch("exercice", "/")).status).toBe(200);
    expect(await alertEmails()).toHaveLength(0);
  }, 240_000);

  it("alerts the agency once when a site misses its daily backup, until it is backed up again", async () => {
    const now = new Date();
    // Today's run is the last due one: the site was backed up since, nothing is missing.
    expect(await alertMissedBackups(t.ctx, now)).toEqual([]);
    // Three days later without a backup: missed.
    const later = new Date(now.getTime() + 3 * DAY);
    expect(lastDueRun("0 2 * * *", later).getTime()).toBeGreaterThan(now.getTime());
    expect(await alertMissedBackups(t.ctx, later)).toEqual(["exercice"]);
    expect(await alertMissedBackups(t.ctx, later)).toEqual([]);
    const [email] = await alertEmails();
    expect(await alertEmails()).toHaveLength(1);
    expect(email?.subject).toBe("[Alerte] Sauvegardes : 1 site(s) sans sauvegarde");
    expect(email?.html).toContain("exercice (");
    expect((await adminCard())?.backup_alert).toMatch(/^Sauvegarde manquée : pas de sauvegarde depuis/);
    expect((await logs("backup-alert"))[0]).toMatch(/^Sauvegarde manquée/);

    await backupSite(t.ctx, order, "manual");
    expect((await adminCard())?.backup_alert).toBeNull();
  }, 240_000);

  it("alerts the agency when the drill cannot bring a backup back, and still cleans up", async () => {
    // The repository's data was damaged (a disk, a bucket): the backups are listed but unusable.
    // Damaged, not deleted: restic retries a missing file for 44 s before it gives up, per drill.
    await damagePacks(path.join(t.ctx.config.BACKUP_REPOSITORY, "data"));

    const [result] = await runRestoreDrill(t.ctx, { count: 1 });
    expect(result?.ok).toBe(false);
    expect(result?.detail).toMatch(/^Exercice de restauration échoué pour la sauvegarde du /);
    expect(await t.ctx.wordpress.main.status(result?.scratch as string)).toBe("absent");
    expect(await scratchSites()).toEqual([]);
    const emails = await alertEmails();
    expect(emails.map((e) => e.subject)).toContain("[Alerte] Sauvegardes : exercice de restauration échoué");
    expect((await adminCard())?.backup_alert).toMatch(/^Exercice de restauration échoué/);
    // The same failure the next week is not e-mailed again.
    await runRestoreDrill(t.ctx, { count: 1 });
    expect((await alertEmails()).length).toBe(emails.length);
    expect((await t.ctx.wordpress.main.fetch("exercice", "/")).status).toBe(200);
  }, 240_000);
});
