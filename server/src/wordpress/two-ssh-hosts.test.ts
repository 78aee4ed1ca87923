import { existsSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { jobOutcome } from "../../test/job-outcome.ts";
import { startSmtpSink, waitFor } from "../../test/smtp-sink.ts";
import { createTestContext } from "../../test/test-context.ts";
import { requestReinstall } from "../admin/reinstall-wordpress.ts";
import { requestRestore, restoreStatus } from "../backups/backup-jobs.ts";
import type { Context } from "../context.ts";
import { customDomains, orderLogs, type Site, siteBackups, siteMaintenance, sites } from "../db/schema.ts";
import { monitorSites } from "../maintenance/site-monitor.ts";
import { findShownOrder, type ShownOrder } from "../orders/orders-table.ts";
import { getSite } from "../sites/sites-table.ts";
import { type LoopbackSshHost, startLoopbackSshHost } from "./loopback-ssh-host.ts";
import { pinSiteHost } from "./pin-site-host.ts";
import { siteHostsMap } from "./site-hosts-map.ts";

/** The WP_SSH_HOSTS entry of a loopback host. */
function entry(name: string, host: LoopbackSshHost) {
  const { ssh, helper, publicPort, connectHost } = host.options;
  return {
    name,
    host: ssh.host,
    port: ssh.port,
    user: ssh.user,
    key: ssh.keyFile,
    knownHosts: ssh.knownHostsFile,
    helper,
    connectHost,
    publicPort,
  };
}

/**
 * Two real SSH WordPress hosts on loopback (two sshd, two nginx + php-fpm, two site roots) in one
 * WP_SSH_HOSTS: new orders spread over both, and each site is reached on its own host only.
 */
/** A placed order with its site. */
type Placed = ShownOrder & { site: Site };

describe("several WordPress hosts", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let hosts: Record<"wp-a" | "wp-b", LoopbackSshHost>;
  let ctx: Context;
  const placed: Placed[] = [];

  const siteFolder = (name: "wp-a" | "wp-b", subdomain: string) =>
    existsSync(path.join(hosts[name].hostDataDir, "sites", subdomain));
  const orderRow = async (id: string): Promise<Placed> => {
    const row = await findShownOrder(ctx.db, id);
    if (!row) throw new Error("order missing");
    return { ...row, site: await getSite(ctx.db, id) };
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    hosts = { "wp-a": await startLoopbackSshHost(), "wp-b": await startLoopbackSshHost() };
    ctx = await createTestContext({
      WP_HOST: "ssh",
      WP_SSH_HOSTS: JSON.stringify([entry("wp-a", hosts["wp-a"]), entry("wp-b", hosts["wp-b"])]),
      WP_PUBLIC_SCHEME: "http",
      BASE_DOMAIN: "localhost",
      SMTP_URL: smtp.url,
    });
    await ctx.wordpress.start();
    await ctx.queue.work(ctx);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    await Promise.all(Object.values(hosts ?? {}).map((h) => h.stop()));
    await smtp?.close();
  });

  it("puts each new site on the host holding the fewest, and records it on the order", async () => {
    for (const name of ["Boulangerie Payet", "Garage Hoarau", "Salon Grondin", "Pizzeria Técher"]) {
      const subdomain = name
        .toLowerCase()
        .normalize("NFD")
        .replace(/[^a-z ]/g, "")
        .replace(" ", "-");
      const id = await givenPaidOrder(ctx, { subdomain, companyName: name });
      placed.push(
        await waitFor(
          async () => ((r) => (r.status === "active" ? r : undefined))(await orderRow(id)),
          120_000,
        ),
      );
    }
    expect(placed.map((o) => o.site.host)).toEqual(["wp-a", "wp-b", "wp-a", "wp-b"]);
    for (const order of placed) {
      const own = order.site.host as "wp-a" | "wp-b";
      const other = own === "wp-a" ? "wp-b" : "wp-a";
      expect(siteFolder(own, order.subdomain), `${order.subdomain} on ${own}`).toBe(true);
      expect(siteFolder(other, order.subdomain), `${order.subdomain} not on ${other}`).toBe(false);
      // Its address is its own host's; the other host has no such site.
      expect(ctx.wordpress.siteUrl(order.subdomain, order.site)).toBe(
        `http://${order.subdomain}.localhost:${hosts[own].options.publicPort}`,
      );
      const home = await ctx.wordpress.hostFor(order.site).fetch(order.subdomain, "/");
      expect(home.status).toBe(200);
      expect(await home.text()).toContain(order.companyName);
      expect((await ctx.wordpress.hostFor({ host: other }).fetch(order.subdomain, "/")).status).toBe(404);
    }
  }, 600_000);

  it("takes every action on a site to its own host: backup, reinstall, restore, monitoring", async () => {
    const order = placed.find((o) => o.site.host === "wp-b") as Placed;
    await requestReinstall(ctx, order.id);
    await waitFor(async () => {
      const logs = await ctx.db
        .select()
        .from(orderLogs)
        .where(and(eq(orderLogs.orderId, order.id), eq(orderLogs.action, "reinstall")));
      if (logs.some((l) => l.level === "error")) throw new Error(JSON.stringify(logs));
      return logs.length > 0 ? logs : undefined;
    }, 180_000);
    const reinstalled = await orderRow(order.id);
    expect(reinstalled.site.host).toBe("wp-b");
    expect(reinstalled.site.wpPasswordEnc).not.toBe(order.site.wpPasswordEnc);
    expect(siteFolder("wp-b", order.subdomain)).toBe(true);
    expect(siteFolder("wp-a", order.subdomain)).toBe(false);

    // The backup taken before the reinstall is the site exported from wp-b; restored there.
    const [backup] = await ctx.db.select().from(siteBackups).where(eq(siteBackups.orderId, order.id));
    expect(backup).toMatchObject({ kind: "before-reinstall" });
    expect(backup?.sizeBytes).toBeGreaterThan(100_000);
    const restore = await requestRestore(ctx, reinstalled.id, backup?.id as string);
    expect(await jobOutcome(() => restoreStatus(ctx, restore))).toEqual({ state: "completed" });
    expect((await ctx.wordpress.hostFor(reinstalled.site).fetch(order.subdomain, "/")).status).toBe(200);
    expect(siteFolder("wp-a", order.subdomain)).toBe(false);

    // Monitoring reaches every site on its host (a failure names each site's reason).
    const monitored = await monitorSites(ctx);
    const failures = await ctx.db
      .select({ orderId: siteMaintenance.orderId, reason: siteMaintenance.lastReason })
      .from(siteMaintenance)
      .where(eq(siteMaintenance.lastCheckOk, false));
    expect({ ...monitored, failures }).toEqual({ checked: 4, down: 0, failures: [] });
  }, 600_000);

  it("writes the front's map of each site's names to its host", async () => {
    const onB = placed.filter((o) => o.site.host === "wp-b");
    await ctx.db.insert(customDomains).values({
      orderId: onB[0]?.id as string,
      domain: "garage-hoarau.re",
      hasOwnDomain: true,
      state: "active",
    });
    // On loopback both hosts are 127.0.0.1: give them the private addresses of two machines.
    const wpSshHosts = ctx.config.wpSshHosts.map((h, i) => ({ ...h, connectHost: `10.0.0.${21 + i}` }));
    const map = await siteHostsMap(ctx.db, { BASE_DOMAIN: "localhost", wpSshHosts });
    expect(map.split("\n").slice(1)).toEqual([
      "default 10.0.0.21;",
      `${onB[0]?.subdomain}.localhost 10.0.0.22;`,
      "garage-hoarau.re 10.0.0.22;",
      "www.garage-hoarau.re 10.0.0.22;",
      `${onB[1]?.subdomain}.localhost 10.0.0.22;`,
      "",
    ]);
  });

  it("sends orders that recorded no host to the first one", async () => {
    const onA = placed.find((o) => o.site.host === "wp-a") as Placed;
    const onB = placed.find((o) => o.site.host === "wp-b") as Placed;
    // As if both had been installed before hosts were recorded: wp-a still has its site, wp-b's
    // is looked for on wp-a, where it is not.
    for (const o of [onA, onB]) await ctx.db.update(sites).set({ host: null }).where(eq(sites.orderId, o.id));
    expect(await monitorSites(ctx)).toEqual({ checked: 4, down: 1 });
    // A site installed before hosts were recorded is pinned to the first host, never moved.
    expect((await pinSiteHost(ctx, onA.id)).host).toBe("wp-a");
    expect((await orderRow(onA.id)).site.host).toBe("wp-a");
    for (const o of [onA, onB]) {
      await ctx.db.update(sites).set({ host: o.site.host }).where(eq(sites.orderId, o.id));
    }
  }, 120_000);
});
