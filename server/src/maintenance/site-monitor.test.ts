import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SITE_DISK_MB } from "@lagon/contracts/plans";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { jobOutcome } from "../../test/job-outcome.ts";
import { useCheapBackupRepository } from "../../test/restic-test-key.ts";
import { waitFor } from "../../test/smtp-sink.ts";
import { createTestApp, TEST_ADMIN_TOKEN } from "../../test/test-context.ts";
import { emailLog, type Order, siteBackups, siteDowntimes } from "../db/schema.ts";
import { applyPlanDisk } from "../kits/plan-disk.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { getSite } from "../sites/sites-table.ts";
import { siteUser } from "../wordpress/hostile-plugin.ts";
import type { LocalWordPressHost } from "../wordpress/local-host.ts";
import { freePort } from "../wordpress/site-checks.ts";
import { checkDiskUsage } from "./disk-alerts.ts";
import { checkHome } from "./site-answers.ts";
import { monitorSites } from "./site-monitor.ts";

/** The site's disk allowance, MiB, given through the host: small, for the disk alert to be reached fast. */
const DISK_MB = 40;
/** The host's cap on every allowance (SITE_DISK_MB), MiB, and a site's allowance without a plan: above every plan's. */
const CAP_MB = 30_720;
const MIB = 1024 * 1024;

/** The monitoring of a real site, broken by a must-use plugin that fatals on every page. */
describe("site monitoring", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let order: Order;
  let breaker: string;

  const breakSite = () => writeFileSync(breaker, "<?php\nlagon_panne_volontaire();\n", { mode: 0o644 });
  /** Removes the breaker, and returns once the home page answers again (PHP may keep the file a moment). */
  const repairSite = async () => {
    rmSync(breaker, { force: true });
    await waitFor(
      async () => (await checkHome(t.ctx.wordpress.main, order.subdomain)).ok || undefined,
      30_000,
    );
  };
  const emails = (template: string) =>
    t.ctx.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.orderId, order.id), eq(emailLog.template, template)));
  const downtimes = () => t.ctx.db.select().from(siteDowntimes).where(eq(siteDowntimes.orderId, order.id));
  const maintenance = async () =>
    (
      await t.app.inject({ url: `/api/order/${order.id}/maintenance?token=${magicLinkToken(t.ctx, order)}` })
    ).json();

  beforeAll(async () => {
    t = await createTestApp({
      WP_PORT: String(await freePort()),
      MONITOR_SCHEDULE: "off",
      MAINTENANCE_SCHEDULE: "off",
      DISK_ALERT_SCHEDULE: "off",
      // The disk alert below: a quota where the machine allows it (decision 0071).
      SITE_QUOTA: "auto",
      SITE_DISK_MB: String(CAP_MB),
    });
    // The restore below: restic's key made cheap to derive.
    await useCheapBackupRepository(t.ctx);
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
    const id = await givenPaidOrder(t.ctx, {
      subdomain: "surveillance",
      companyName: "Atelier Surveillance",
    });
    order = await waitFor(async () => {
      const o = await findShownOrder(t.ctx.db, id);
      return o?.status === "active" ? o : undefined;
    }, 120_000);
    breaker = path.join(t.ctx.config.DATA_DIR, "sites", order.subdomain, "wp-content/mu-plugins/panne.php");
  }, 180_000);
  afterAll(() => t?.close());

  it("sees a site that answers as up", async () => {
    expect(await monitorSites(t.ctx)).toEqual({ checked: 1, down: 0 });
    const view = await maintenance();
    expect(view.monitoring).toMatchObject({ status: "up", reason: null, downtimes: [] });
    expect(view.monitoring.checked_at).toEqual(expect.any(String));
  }, 60_000);

  it("does not alert after a single failed check that the next one contradicts", async () => {
    breakSite();
    expect(await monitorSites(t.ctx)).toEqual({ checked: 1, down: 1 });
    await repairSite();
    expect(await monitorSites(t.ctx)).toEqual({ checked: 1, down: 0 });
    expect(await downtimes()).toEqual([]);
    expect(await emails("site_down_agency")).toEqual([]);
    expect((await maintenance()).monitoring.status).toBe("up");
  }, 60_000);

  it("alerts once after two failed checks, and a recovery closes the period", async () => {
    breakSite();
    const first = new Date();
    await monitorSites(t.ctx);
    expect(await emails("site_down_agency")).toHaveLength(0);
    expect(await downtimes()).toHaveLength(0);

    await monitorSites(t.ctx);
    const [period] = await downtimes();
    expect(period?.endedAt).toBeNull();
    expect(period?.reason).toBe("page d'accueil : erreur PHP fatale");
    // The period starts at the first failed check.
    expect(period?.startedAt.getTime()).toBeGreaterThanOrEqual(first.getTime() - 1000);
    const alerts = await emails("site_down_agency");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.recipient).toBe(t.ctx.config.AGENCY_EMAIL);
    expect(alerts[0]?.subject).toBe(`Site hors ligne : ${t.ctx.wordpress.main.siteUrl(order.subdomain)}`);
    expect(alerts[0]?.html).toContain("erreur PHP fatale");
    expect((await maintenance()).monitoring).toMatchObject({
      status: "down",
      reason: "page d'accueil : erreur PHP fatale",
      downtimes: [{ ended_at: null, reason: "page d'accueil : erreur PHP fatale" }],
    });

    // Still down: no second alert.
    await monitorSites(t.ctx);
    expect(await emails("site_down_agency")).toHaveLength(1);
    expect(await downtimes()).toHaveLength(1);

    await repairSite();
    expect(await monitorSites(t.ctx)).toEqual({ checked: 1, down: 0 });
    const [closed] = await downtimes();
    expect(closed?.endedAt).toBeInstanceOf(Date);
    expect(await emails("site_up_agency")).toHaveLength(1);
    const view = await maintenance();
    expect(view.monitoring.status).toBe("up");
    expect(view.monitoring.downtimes[0].ended_at).toEqual(expect.any(String));

    // The admin card shows the same.
    const admin = await t.app.inject({ url: `/api/admin/orders?token=${TEST_ADMIN_TOKEN}` });
    expect(admin.statusCode).toBe(200);
    const card = admin.json().orders.find((o: { order_id: string }) => o.order_id === order.id);
    expect(card.maintenance.monitoring.downtimes).toHaveLength(1);
    expect(card.maintenance.versions.core).toEqual(expect.any(String));
  }, 120_000);

  it("tells the customer and the agency once when the site reaches 90 % of its disk", async (context) => {
    if (!(t.ctx.wordpress.main as LocalWordPressHost).diskQuota) {
      console.warn(
        "site-monitor: no disk quota on this machine (see the host's start line), the disk alert is not tried",
      );
      context.skip();
    }
    const siteDir = path.join(t.ctx.config.DATA_DIR, "sites", order.subdomain);
    const filler = path.join(siteDir, "wp-content/uploads/filler.bin");
    const host = t.ctx.wordpress.main;
    const limit = async () =>
      (await host.diskUsage()).find((u) => u.subdomain === order.subdomain)?.limitBytes;
    // Installed as a Business site: its plan's 20 Go, not the host's default (decision 0095).
    expect(order.planId).toBe("business");
    expect(SITE_DISK_MB.business).toBeLessThan(CAP_MB);
    expect(await limit()).toBe(SITE_DISK_MB.business * MIB);
    // Down to Starter, then up again: the allowance follows the plan.
    const site = await getSite(t.ctx.db, order.id);
    expect(await applyPlanDisk(host, site, order.subdomain, "starter")).toBeNull();
    expect(await limit()).toBe(SITE_DISK_MB.starter * MIB);
    expect(SITE_DISK_MB.starter).toBeLessThan(SITE_DISK_MB.business);
    await applyPlanDisk(host, site, order.subdomain, "business");
    expect(await limit()).toBe(SITE_DISK_MB.business * MIB);
    // A small allowance, for the alert to be reached fast.
    await host.setDiskAllowance(order.subdomain, DISK_MB);
    const [usage] = await host.diskUsage();
    expect(usage).toMatchObject({ subdomain: order.subdomain, limitBytes: DISK_MB * MIB });
    expect(await checkDiskUsage(t.ctx)).toEqual({ alerted: 0 });
    // The site's own user fills it to 93 % (root's writes would count the same).
    const missing = Math.ceil((0.93 * DISK_MB * 1024 * 1024 - (usage?.usedBytes ?? 0)) / 65536);
    const fill = () =>
      execFileSync(
        "runuser",
        [
          "-u",
          siteUser(siteDir),
          "--",
          "sh",
          "-c",
          'mkdir -p "$(dirname "$1")" && dd if=/dev/zero of="$1" bs=64K count="$2"',
          "sh",
          filler,
          String(missing),
        ],
        { stdio: "ignore" },
      );
    fill();

    expect(await checkDiskUsage(t.ctx)).toEqual({ alerted: 1 });
    const [customer] = await emails("site_disk_nearly_full");
    expect(customer?.recipient).toBe(order.customerEmail);
    expect(customer?.subject).toBe("Votre site a presque rempli son espace disque");
    expect(customer?.html).toMatch(/sur les 40 Mo de sa formule/);
    const [agency] = await emails("site_disk_nearly_full_agency");
    expect(agency?.recipient).toBe(t.ctx.config.AGENCY_EMAIL);
    // The order page shows what was read.
    const disk = (await maintenance()).disk;
    expect(disk).toMatchObject({ limit_bytes: DISK_MB * 1024 * 1024 });
    expect(disk.used_bytes).toBeGreaterThanOrEqual(0.9 * DISK_MB * 1024 * 1024);

    // Still full: no second e-mail. Emptied, then full again: a new crossing, told again.
    expect(await checkDiskUsage(t.ctx)).toEqual({ alerted: 0 });
    rmSync(filler);
    expect(await checkDiskUsage(t.ctx)).toEqual({ alerted: 0 });
    fill();
    expect(await checkDiskUsage(t.ctx)).toEqual({ alerted: 1 });
    expect(await emails("site_disk_nearly_full")).toHaveLength(2);
    expect(await emails("site_disk_nearly_full_agency")).toHaveLength(2);
    rmSync(filler);
  }, 60_000);

  it("gives a restored site its plan's allowance, whatever the helper kept for it before", async (context) => {
    if (!(t.ctx.wordpress.main as LocalWordPressHost).diskQuota) {
      console.warn("site-monitor: no disk quota on this machine, the restore's allowance is not tried");
      context.skip();
    }
    const host = t.ctx.wordpress.main;
    const limit = async () =>
      (await host.diskUsage()).find((u) => u.subdomain === order.subdomain)?.limitBytes;
    // Another figure than the plan's (an older product's, or an operator's): the restore, through
    // the customer's page, makes the site's folders again with its Business allowance (decision 0095).
    await host.setDiskAllowance(order.subdomain, DISK_MB);
    expect(await limit()).toBe(DISK_MB * MIB);
    const job = async (
      started: { statusCode: number; body: string; json(): { job_id: string } },
      url: string,
    ) => {
      expect(started.statusCode, started.body).toBe(202);
      const token = url.startsWith("/api/admin") ? TEST_ADMIN_TOKEN : magicLinkToken(t.ctx, order);
      return jobOutcome(async () =>
        (await t.app.inject({ url: `${url}/${started.json().job_id}?token=${token}` })).json(),
      );
    };
    const taken = await t.app.inject({
      method: "POST",
      url: `/api/admin/backup-now?token=${TEST_ADMIN_TOKEN}`,
      payload: { order_id: order.id },
    });
    expect(await job(taken, "/api/admin/backup-now")).toEqual({ state: "completed" });
    const [backup] = await t.ctx.db.select().from(siteBackups).where(eq(siteBackups.orderId, order.id));
    const restore = await t.app.inject({
      method: "POST",
      url: `/api/order/${order.id}/backups/${backup?.id}/restore`,
      payload: { token: magicLinkToken(t.ctx, order) },
    });
    expect(await job(restore, `/api/order/${order.id}/backups/restore`)).toEqual({ state: "completed" });
    expect(await limit()).toBe(SITE_DISK_MB.business * MIB);
    expect((await host.fetch(order.subdomain, "/")).status).toBe(200);
  }, 120_000);
});
