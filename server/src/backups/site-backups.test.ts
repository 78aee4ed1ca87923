import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { jobOutcome } from "../../test/job-outcome.ts";
import { useCheapBackupRepository } from "../../test/restic-test-key.ts";
import { waitFor } from "../../test/smtp-sink.ts";
import { createTestApp, TEST_ADMIN_TOKEN } from "../../test/test-context.ts";
import { adminAudit, type Order, siteBackups } from "../db/schema.ts";
import { WordPressRest } from "../koza/wordpress-rest.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { getSite } from "../sites/sites-table.ts";
import { freePort } from "../wordpress/site-checks.ts";
import { backupAllSites } from "./site-backups.ts";

/** Backups and restores of a real site, provisioned by the normal pipeline, through the API. */
describe("site backups", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let order: Order;
  let token: string;
  let wp: WordPressRest;
  const title = async () => (await wp.json<{ title: string }>("GET", "/wp/v2/settings")).title;
  const list = () => t.app.inject({ url: `/api/order/${order.id}/backups?token=${token}` });
  const backupNow = (orderId: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/admin/backup-now?token=${TEST_ADMIN_TOKEN}`,
      payload: { order_id: orderId },
    });
  const restore = (backupId: string, withToken = token) =>
    t.app.inject({
      method: "POST",
      url: `/api/order/${order.id}/backups/${backupId}/restore`,
      payload: { token: withToken },
    });
  /** Follows a job started with 202 at `statusUrl` until it ends. */
  const outcome = (
    started: { statusCode: number; body: string; json(): { job_id: string } },
    statusUrl: string,
  ) => {
    expect(started.statusCode, started.body).toBe(202);
    const url = `${statusUrl}/${started.json().job_id}?token=${statusUrl.startsWith("/api/admin") ? TEST_ADMIN_TOKEN : token}`;
    return jobOutcome(async () => (await t.app.inject({ url })).json());
  };
  const restored = async (backupId: string) =>
    outcome(await restore(backupId), `/api/order/${order.id}/backups/restore`);
  const kinds = async () => (await list()).json().backups.map((b: { kind: string }) => b.kind);

  beforeAll(async () => {
    t = await createTestApp({ WP_PORT: String(await freePort()) });
    // Some twenty restic commands below: each derives the repository's key again.
    await useCheapBackupRepository(t.ctx);
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
    const id = await givenPaidOrder(t.ctx, { subdomain: "sauvegarde", companyName: "Atelier Sauvegarde" });
    order = await waitFor(async () => {
      const o = await findShownOrder(t.ctx.db, id);
      return o?.status === "active" ? o : undefined;
    }, 90_000);
    token = magicLinkToken(t.ctx, order);
    wp = new WordPressRest(
      t.ctx.wordpress.main,
      order.subdomain,
      (await getSite(t.ctx.db, order.id)).wpUsername ?? "",
      t.ctx.secrets.open((await getSite(t.ctx.db, order.id)).wpAppPasswordEnc ?? ""),
    );
  }, 180_000);
  afterAll(() => t?.close());

  it("backs up, and a restore brings back the old title after it was changed in WordPress", async () => {
    expect(await title()).toBe("Atelier Sauvegarde");
    const taken = await backupNow(order.id);
    expect(taken.json()).toEqual({ success: true, detail: "Sauvegarde lancée…", job_id: expect.any(String) });
    expect(await outcome(taken, "/api/admin/backup-now")).toEqual({ state: "completed" });
    const [row] = await t.ctx.db.select().from(siteBackups).where(eq(siteBackups.orderId, order.id));
    const backup_id = row?.id as string;
    expect(backup_id).toMatch(/^[0-9a-f]{64}$/);

    await wp.json("POST", "/wp/v2/settings", { title: "Titre changé par erreur" });
    const page = await wp.json<{ id: number }>("POST", "/wp/v2/pages", {
      title: "Page perdue",
      status: "publish",
    });
    expect(await title()).toBe("Titre changé par erreur");

    const listed = await list();
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      backups: [
        { id: backup_id, created_at: expect.any(String), size_bytes: expect.any(Number), kind: "manual" },
      ],
    });
    expect(listed.json().backups[0].size_bytes).toBeGreaterThan(100_000);

    expect(await restored(backup_id)).toEqual({ state: "completed" });
    const [safety] = (await list()).json().backups as { id: string; kind: string }[];
    expect(safety?.kind).toBe("before-restore");

    expect(await title()).toBe("Atelier Sauvegarde");
    expect((await t.ctx.wordpress.main.fetch(order.subdomain, `/?page_id=${page.id}`)).status).toBe(404);
    const home = await t.ctx.wordpress.main.fetch(order.subdomain, "/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Atelier Sauvegarde");

    // The backup taken before the restore holds the changed site: the restore can be undone.
    expect(await restored(safety?.id as string)).toEqual({ state: "completed" });
    expect(await title()).toBe("Titre changé par erreur");
    // The restored site is its user's again: WordPress writes to its database.
    await wp.json("POST", "/wp/v2/settings", { title: "Atelier Sauvegarde" });
    expect(await title()).toBe("Atelier Sauvegarde");
    expect(await kinds()).toEqual(["before-restore", "before-restore", "manual"]);
  }, 240_000);

  it("backs every site up in the daily run and keeps the rows of what restic keeps", async () => {
    const { done, failed } = await backupAllSites(t.ctx);
    expect(failed).toEqual([]);
    expect(done).toBe(1);
    const rows = await t.ctx.db.select().from(siteBackups).where(eq(siteBackups.orderId, order.id));
    expect(rows.filter((r) => r.kind === "daily")).toHaveLength(1);
    // The backups of the day taken on request or before a restore are kept with the daily one.
    expect(rows.map((r) => r.kind).sort()).toEqual(["before-restore", "before-restore", "daily", "manual"]);
    const snapshots = (await t.ctx.backups.snapshots()).map((s) => s.id).sort();
    expect(rows.map((r) => r.id).sort()).toEqual(snapshots);
  }, 240_000);

  it("lets the admin restore any backup and download the site or a backup as .tar.gz, audited", async () => {
    const backups = (await list()).json().backups as { id: string; kind: string; created_at: string }[];
    const manual = backups.find((b) => b.kind === "manual") as { id: string };
    await wp.json("POST", "/wp/v2/settings", { title: "Titre changé par l'agence" });
    const started = await t.app.inject({
      method: "POST",
      url: `/api/admin/backups/restore?token=${TEST_ADMIN_TOKEN}`,
      payload: { order_id: order.id, backup_id: manual.id },
    });
    expect(started.json().detail).toBe("Restauration lancée…");
    expect(await outcome(started, "/api/admin/backups/restore")).toEqual({ state: "completed" });
    const [safety] = (await list()).json().backups as { id: string; kind: string }[];
    expect(safety?.kind).toBe("before-restore");
    expect(await title()).toBe("Atelier Sauvegarde");
    const denied = await t.app.inject({
      method: "POST",
      url: "/api/admin/backups/restore?token=pas-le-jeton",
      payload: { order_id: order.id, backup_id: manual.id },
    });
    expect(denied.statusCode).toBe(403);

    // The live site, then the backup taken before the restore (which holds the admin's title).
    for (const backupId of [undefined, safety?.id as string]) {
      const download = await t.app.inject({
        url: `/api/admin/orders/${order.id}/download?token=${TEST_ADMIN_TOKEN}${backupId ? `&backup_id=${backupId}` : ""}`,
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers["content-type"]).toBe("application/gzip");
      expect(download.headers["content-disposition"]).toMatch(
        /^attachment; filename="sauvegarde-\d{12}\.tar\.gz"$/,
      );
      const dir = await mkdtemp(path.join(os.tmpdir(), "download-"));
      await writeFile(path.join(dir, "site.tar.gz"), download.rawPayload);
      execFileSync("tar", ["-xzf", "site.tar.gz"], { cwd: dir });
      expect(existsSync(path.join(dir, "wp-config.php"))).toBe(true);
      const database = path.join(dir, "wp-content/database/.ht.sqlite");
      const blogname = execFileSync("php", [
        "-r",
        `$db = new PDO("sqlite:" . $argv[1]); echo $db->query("select option_value from wp_options where option_name = 'blogname'")->fetchColumn();`,
        database,
      ]).toString();
      expect(blogname).toBe(backupId ? "Titre changé par l&#039;agence" : "Atelier Sauvegarde");
      await rm(dir, { recursive: true, force: true });
    }
    const notFound = await t.app.inject({
      url: `/api/admin/orders/${order.id}/download?token=${TEST_ADMIN_TOKEN}&backup_id=${"0".repeat(64)}`,
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().detail).toBe("Sauvegarde introuvable pour ce site.");

    const audit = await t.ctx.db.select().from(adminAudit).where(eq(adminAudit.orderId, order.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["backup-now", "restore-backup", "download-site"]),
    );
  }, 240_000);

  it("refuses without the order's token, and a backup of another order, in French", async () => {
    const [backup] = await t.ctx.db.select().from(siteBackups).where(eq(siteBackups.orderId, order.id));
    const id = backup?.id as string;
    expect((await t.app.inject({ url: `/api/order/${order.id}/backups` })).statusCode).toBe(401);
    const wrong = await restore(id, "pas-le-bon-jeton");
    expect(wrong.statusCode).toBe(403);

    const other = await givenPaidOrder(t.ctx, { subdomain: "autre-client" });
    const otherOrder = await findShownOrder(t.ctx.db, other);
    const otherToken = magicLinkToken(t.ctx, otherOrder as Order);
    const foreign = await t.app.inject({
      method: "POST",
      url: `/api/order/${other}/backups/${id}/restore`,
      payload: { token: otherToken },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe("Sauvegarde introuvable pour ce site.");

    const malformed = await restore("pas-un-identifiant");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain("Identifiant de sauvegarde invalide.");

    const unknownOrder = await backupNow("00000000-0000-4000-8000-000000000000");
    expect(unknownOrder.statusCode).toBe(404);
  }, 120_000);
});
