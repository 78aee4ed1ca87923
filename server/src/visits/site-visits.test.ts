import { readFile, realpath, writeFile } from "node:fs/promises";
import path from "node:path";
import { formatIsoDate } from "@lagon/contracts/french-date";
import { DISTINCT_VISITORS_LABELS } from "@lagon/contracts/visits";
import type { VisitsView } from "@lagon/contracts/visits-schemas";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { waitFor } from "../../test/smtp-sink.ts";
import { createTestApp } from "../../test/test-context.ts";
import { type Order, orders, sites, siteVisitDays } from "../db/schema.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { PRODUCT_FILES_UPGRADE } from "../sites/product-files.ts";
import { siteAdminRest } from "../sites/site-of.ts";
import { upgradeSite } from "../sites/site-upgrades.ts";
import { getSite } from "../sites/sites-table.ts";
import { freePort, logIn } from "../wordpress/site-checks.ts";
import { SITE_HOST_SCRIPT } from "../wordpress/site-install.ts";
import { dashboardVisits, pushSiteVisits } from "./push-site-visits.ts";
import { addDays } from "./read-site-visits.ts";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/**
 * A Business site provisioned by the normal pipeline, browsed through the embedded nginx: its
 * visit log holds anonymised lines only, and the order page's route counts them (GoAccess in a job).
 */
describe("visits of a local site, counted", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let order: Order;
  /** The day of the visits below in La Réunion, as their log line dates them. */
  let visitDay = "";
  const visits = (token = magicLinkToken(t.ctx, order), id = order.id) =>
    t.app.inject({ method: "GET", url: `/api/order/${id}/visits?token=${encodeURIComponent(token)}` });
  /** The site's wp-admin dashboard, as its admin. */
  const dashboard = async () => {
    const site = await getSite(t.ctx.db, order.id);
    const admin = t.ctx.secrets.open(site.wpPasswordEnc as string);
    return (await logIn(t.ctx.wordpress.main, order.subdomain, site.wpUsername as string, admin)).text();
  };

  beforeAll(async () => {
    t = await createTestApp({
      WP_PORT: String(await freePort()),
      MONITOR_SCHEDULE: "off",
      MAINTENANCE_SCHEDULE: "off",
      VISITS_SCHEDULE: "off",
    });
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
    const id = await givenPaidOrder(t.ctx, { subdomain: "visites", companyName: "Atelier des Visites" });
    order = await waitFor(async () => {
      const o = await findShownOrder(t.ctx.db, id);
      return o?.status === "active" ? o : undefined;
    }, 120_000);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it("writes each visit with the address cut to its network, no query string, no wp-admin, no owner, no script", async () => {
    const host = t.ctx.wordpress.main;
    const get = (path: string, headers: Record<string, string>) =>
      host.fetch(order.subdomain, path, { headers }).then((res) => res.arrayBuffer());
    await get("/?email=zoe%40example.re", {
      "user-agent": IPHONE,
      referer: "https://www.google.com/search?q=atelier",
    });
    await get("/mentions-legales/", { "user-agent": IPHONE, referer: host.siteUrl(order.subdomain) });
    await get("/", { "user-agent": WINDOWS });
    await get("/wp-login.php", { "user-agent": WINDOWS });
    await get("/wp-admin/", { "user-agent": WINDOWS });
    await get("/", { "user-agent": WINDOWS, cookie: "wordpress_logged_in_0123=zoe" });
    // No User-Agent: a script, such as the product's own checks of the site.
    await get("/", {});
    const log = await host.visitLog(order.subdomain, addDays(formatIsoDate(new Date()), -1));
    const lines = log.trim().split("\n");
    expect(lines).toHaveLength(3);
    for (const line of lines)
      expect(line).toMatch(/^127\.0\.0\.0 - - \[\d{2}\/\w{3}\/\d{4}:[\d:]{8} \+0400\] "GET \//);
    expect(log).not.toContain("zoe");
    expect(lines[0]).toContain('"GET / HTTP/1.1" 200');
    expect(lines[0]).toContain('"https://www.google.com/search"');
    const [, day, month, year, time] =
      lines[0]?.match(/\[(\d{2})\/(\w{3})\/(\d{4}):([\d:]{8}) \+0400\]/) ?? [];
    visitDay = formatIsoDate(new Date(`${day} ${month} ${year} ${time} GMT+0400`));
    expect(log).not.toMatch(/wp-login|wp-admin/);
  });

  it("answers the order page with the day's visitors once GoAccess has read the log", async () => {
    const first = await visits();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ included: true, refreshing: true });
    const view = await waitFor(async () => {
      const body = (await visits()).json() as VisitsView;
      return body.included && body.analysed_at ? body : undefined;
    }, 60_000);
    if (!view.included) throw new Error("not included");
    const days = view.series.find((s) => s.grain === "day");
    // The iPhone and the computer (same network, two browsers), three pages, on the day of the
    // visits: the last, or the one before when midnight passed since.
    expect([visitDay, addDays(visitDay, 1)]).toContain(days?.periods.at(-1)?.start);
    expect(days?.periods.find((p) => p.start === visitDay)).toMatchObject({ visitors: 2, page_views: 3 });
    expect(days?.referrers.map(([site]) => site)).toEqual(["www.google.com"]);
    expect(Object.fromEntries(days?.devices.map(([kind, v]) => [kind, v]) ?? [])).toEqual({
      mobile: 1,
      desktop: 1,
    });
    expect(view.series.find((s) => s.grain === "month")).toMatchObject({ visitors: 2, page_views: 3 });
    expect(view.distinct_visitors).toEqual({ last_7_days: 2, last_30_days: 2 });
  });

  it("refuses a wrong token, and gives a Starter site no figure", async () => {
    expect((await visits("not-the-token")).statusCode).toBe(403);
    await t.ctx.db.update(orders).set({ planId: "starter" }).where(eq(orders.id, order.id));
    const starter = await visits();
    expect(starter.json()).toEqual({ included: false });
    await t.ctx.db.update(orders).set({ planId: "business" }).where(eq(orders.id, order.id));
  });
  it("gives the site's WordPress dashboard its figures, escaped, and takes them away off Business", async () => {
    // The reading job gave them right after counting.
    const html = await waitFor(async () => {
      const page = await dashboard();
      return page.includes('id="lagon_visites"') ? page : undefined;
    }, 60_000);
    expect(html).toContain(
      "<strong>2</strong> visiteurs et <strong>3</strong> pages vues sur les 30 derniers jours.",
    );
    expect(html).toContain("<li>www.google.com — 1</li>");
    const chart = html.slice(html.indexOf('id="lagon_visites"'));
    expect(chart.slice(0, chart.indexOf("</svg>")).match(/<rect /g)).toHaveLength(30);
    // The distinct visitors, with the order page's labels and line (decision 0086).
    const text = html.replaceAll("&#039;", "'");
    expect(text).toContain(`<h3>${DISTINCT_VISITORS_LABELS.title}</h3>`);
    expect(text).toContain(`<li>${DISTINCT_VISITORS_LABELS.last_7_days} : <strong>2</strong></li>`);
    expect(text).toContain(`<li>${DISTINCT_VISITORS_LABELS.last_30_days} : <strong>2</strong></li>`);
    expect(text).toContain(`<p class="description">${DISTINCT_VISITORS_LABELS.help}</p>`);
    // A page name comes from a visitor's request: drawn as text, never as markup.
    await t.ctx.db.insert(siteVisitDays).values({
      orderId: order.id,
      day: addDays(formatIsoDate(new Date()), -1),
      visitors: 1,
      pageViews: 1,
      pages: [['/"><img src=x onerror=alert(1)>', 1, 1]],
      referrers: [],
      devices: [],
    });
    expect(await pushSiteVisits(t.ctx, order)).toBe(true);
    const hostile = await dashboard();
    expect(hostile).toContain("<strong>3</strong> visiteurs");
    expect(hostile).toContain("/&quot;&gt;&lt;img src=x onerror=alert(1)&gt; — 1");
    expect(hostile).not.toContain("<img src=x");
    // The site takes only figures of the expected shape.
    const rest = (await siteAdminRest(t.ctx, order)) as NonNullable<
      Awaited<ReturnType<typeof siteAdminRest>>
    >;
    const valid = await dashboardVisits(t.ctx, order);
    for (const figures of [{ days: "tout" }, { ...valid, distinct_visitors: "beaucoup" }]) {
      await expect(rest.json("PUT", "/lagon/v1/visites", { figures })).rejects.toThrow(
        /400 lagon_visites : Statistiques invalides\./,
      );
    }
    // Off Business (a downgrade): the widget goes; the figures stay on the platform.
    await t.ctx.db.update(orders).set({ planId: "starter" }).where(eq(orders.id, order.id));
    const starter = { ...order, planId: "starter" };
    expect(await pushSiteVisits(t.ctx, starter)).toBe(true);
    expect(await dashboard()).not.toContain('id="lagon_visites"');
    await t.ctx.db.update(orders).set({ planId: "business" }).where(eq(orders.id, order.id));
  });

  it("gives a site made before the distinct visitors the widget that draws them, by the product-files upgrade", async () => {
    const file = "lagon-visites.php";
    const muPlugin = path.join(
      await realpath(path.join(t.ctx.config.DATA_DIR, "sites")),
      order.subdomain,
      "wp-content/mu-plugins",
      file,
    );
    const current = await readFile(
      path.join(path.dirname(SITE_HOST_SCRIPT), "site-files/mu-plugins", file),
      "utf8",
    );
    // The site as an older version left it: another file, the upgrade not recorded.
    await writeFile(muPlugin, "<?php\n// Statistiques de visite, version 1.\n");
    expect(await pushSiteVisits(t.ctx, order)).toBe(false);
    const site = await getSite(t.ctx.db, order.id);
    const upgrades = site.upgrades.filter((name) => name !== PRODUCT_FILES_UPGRADE);
    await t.ctx.db.update(sites).set({ upgrades }).where(eq(sites.orderId, order.id));
    expect(PRODUCT_FILES_UPGRADE).toContain("lagon-visites@2");
    expect(await upgradeSite(t.ctx, order, { ...site, upgrades })).toBe(1);
    expect(await readFile(muPlugin, "utf8")).toBe(current);
    expect((await getSite(t.ctx.db, order.id)).upgrades).toContain(PRODUCT_FILES_UPGRADE);
    // The next reading's push is drawn with the distinct visitors.
    expect(await pushSiteVisits(t.ctx, order)).toBe(true);
    expect(await dashboard()).toContain(
      `<li>${DISTINCT_VISITORS_LABELS.last_30_days} : <strong>2</strong></li>`,
    );
  });
});
