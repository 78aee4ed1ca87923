import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { waitFor } from "../../test/smtp-sink.ts";
import { createTestApp } from "../../test/test-context.ts";
import { orders } from "../db/schema.ts";
import { storedFileExists, storeFile } from "../files/stored-files.ts";
import { WordPressRest } from "../koza/wordpress-rest.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { getSite, updateSite } from "../sites/sites-table.ts";
import { freePort } from "../wordpress/site-checks.ts";
import { isPublicAddress } from "./guarded-proxy.ts";
import { screenshotKey } from "./screenshot-address.ts";
import {
  queueScreenshot,
  screenshotSiteJob,
  screenshotSitesJob,
  WEEKLY_SPACING_SECONDS,
} from "./screenshot-jobs.ts";
import { screenshotSite } from "./site-screenshot.ts";
import { IMAGE, takeScreenshot, withSandboxedChromium } from "./take-screenshot.ts";

/** A page of the platform (or of its private network) that a customer's page tries to reach. */
async function platformPage() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    res.end("secret");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { hits, port: (server.address() as AddressInfo).port, close: () => server.close() };
}

/** How much the picture varies: a blank or one-colour image has none. */
const spread = async (image: Buffer) =>
  Math.max(...(await sharp(image).stats()).channels.map((c) => c.stdev));

describe("directory screenshots, taken by our own sandboxed Chromium", () => {
  it("runs Chromium in its sandbox", async () => {
    const text = await withSandboxedChromium(
      { chromiumPath: "/usr/bin/chromium", memoryLimitMb: 1024, own: [], refusedNames: [] },
      async (context) => {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto("chrome://sandbox");
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps the table's tabs
        return page.locator("body").innerText();
      },
    );
    expect(text).toContain("Seccomp-BPF sandbox\tYes");
    expect(text).toContain("You are adequately sandboxed.");
  }, 60_000);

  it("tells public addresses from the platform's and private ones", () => {
    for (const ip of ["127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1"])
      expect(isPublicAddress(ip), ip).toBe(false);
    for (const ip of ["::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "0.0.0.0", "not-an-ip"])
      expect(isPublicAddress(ip), ip).toBe(false);
    for (const ip of ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "::ffff:8.8.8.8"])
      expect(isPublicAddress(ip), ip).toBe(true);
  });

  it("keeps a hostile page away from the platform: other local addresses, redirects and scripts all fail", async () => {
    const platform = await platformPage();
    const site = http.createServer((req, res) => {
      if (req.url === "/go") {
        res.writeHead(302, { location: `http://127.0.0.1:${platform.port}/redirected` });
        return res.end();
      }
      res.setHeader("content-type", "text/html");
      res.end(`<body style="background:#1f4e79;color:#fff;font:48px sans-serif">
        <h1>Site hostile</h1>
        <img src="http://127.0.0.1:${platform.port}/img">
        <img src="http://localhost:${platform.port}/localhost">
        <iframe src="/go"></iframe>
        <script>
          fetch("http://127.0.0.1:${platform.port}/fetch").catch(() => {});
          new WebSocket("ws://127.0.0.1:${platform.port}/ws");
        </script></body>`);
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const port = (site.address() as AddressInfo).port;
    try {
      const image = await takeScreenshot(`http://hostile.localhost:${port}/`, {
        chromiumPath: "/usr/bin/chromium",
        memoryLimitMb: 1024,
        own: [{ authority: `hostile.localhost:${port}`, connect: { host: "127.0.0.1", port } }],
        refusedNames: [],
      });
      const meta = await sharp(image).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", IMAGE.width, IMAGE.height]);
      expect(await spread(image)).toBeGreaterThan(5);
      expect(platform.hits).toEqual([]);
    } finally {
      site.close();
      platform.close();
    }
  }, 90_000);
});

describe("the screenshot browser's memory", () => {
  it("kills a page that takes more memory than allowed (buffers outside the JavaScript heap too)", async () => {
    let imageAnswered = false;
    const site = http.createServer((req, res) => {
      // The page never finishes loading: its image answers after 20 s.
      if (req.url === "/slow.png")
        return void setTimeout(() => {
          imageAnswered = true;
          res.end();
        }, 20_000);
      res.setHeader("content-type", "text/html");
      res.end(`<img src="/slow.png"><script>
        const kept = [];
        setInterval(() => { const b = new Uint8Array(50_000_000); b.fill(7); kept.push(b); }, 50);
      </script>`);
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const port = (site.address() as AddressInfo).port;
    try {
      await expect(
        takeScreenshot(`http://hungry.localhost:${port}/`, {
          chromiumPath: "/usr/bin/chromium",
          memoryLimitMb: 700,
          own: [{ authority: `hungry.localhost:${port}`, connect: { host: "127.0.0.1", port } }],
          refusedNames: [],
        }),
      ).rejects.toThrow(/Mo de mémoire, plus que la limite de 700 Mo/);
      // Killed while the page was still loading, however long the browser took to start.
      expect(imageAnswered).toBe(false);
    } finally {
      site.closeAllConnections();
      site.close();
    }
  }, 60_000);
});

describe("the weekly screenshot pass", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ SCREENSHOT_SCHEDULE: "off" });
  });
  afterAll(() => t?.close());

  it("queues every listed site, newest first and spaced out, and deletes the screenshots of sites no longer listed", async () => {
    const listedIds = [];
    for (const [subdomain, activatedAt] of [
      ["hebdo-recent", "2026-11-20T08:00:00Z"],
      ["hebdo-ancien", "2026-10-01T08:00:00Z"],
    ] as const) {
      const id = await givenPaidOrder(t.ctx, { subdomain, directoryOptIn: true });
      await updateSite(t.ctx.db, id, {
        setup: "active",
        activatedAt: new Date(activatedAt),
        filledAt: new Date(),
      });
      listedIds.push(id);
    }
    const gone = await givenPaidOrder(t.ctx, { subdomain: "hebdo-parti", directoryOptIn: false });
    await updateSite(t.ctx.db, gone, { setup: "active", filledAt: new Date(), screenshotAt: new Date() });
    await storeFile(t.ctx, screenshotKey(gone), Buffer.from("ancienne capture"));

    await screenshotSitesJob.handle({}, t.ctx, {
      name: screenshotSitesJob.name,
      id: "x",
      retryCount: 0,
      retryLimit: 0,
    });

    const { rows } = await t.ctx.database.sql.executeSql(
      `select data->>'orderId' as "orderId", extract(epoch from start_after - created_on)::int as delay
       from pgboss.job where name = $1 order by start_after`,
      [screenshotSiteJob.name],
    );
    expect(rows).toEqual([
      { orderId: listedIds[0], delay: 5 },
      { orderId: listedIds[1], delay: 5 + WEEKLY_SPACING_SECONDS },
    ]);
    expect(await storedFileExists(t.ctx, screenshotKey(gone))).toBe(false);
    expect((await getSite(t.ctx.db, gone)).screenshotAt).toBeNull();
  });
});

/** A real site, installed by the normal pipeline, listed, shot by the queue's job. */
describe("the screenshot-site job on a real WordPress site", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const order = async (id: string) => {
    const o = await findShownOrder(t.ctx.db, id);
    if (!o) throw new Error("order missing");
    return o;
  };
  const card = async (subdomain: string) =>
    (
      (await t.app.inject({ url: "/api/directory" })).json().sites as {
        subdomain: string;
        screenshot_url: string | null;
      }[]
    ).find((s) => s.subdomain === subdomain);

  beforeAll(async () => {
    t = await createTestApp({ WP_PORT: String(await freePort()), SCREENSHOT_SCHEDULE: "off" });
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
  }, 60_000);
  afterAll(() => t?.close());

  it("shoots a listed site when it changes, serves it on a cacheable URL, keeps the placeholder for others", async () => {
    const id = await givenPaidOrder(t.ctx, {
      subdomain: "capture-annuaire",
      companyName: "Capture Annuaire",
      directoryOptIn: true,
    });
    const live = await waitFor(
      async () => ((await order(id)).status === "active" ? order(id) : undefined),
      120_000,
    );
    // Live but not listed yet (the installer's home page): no screenshot.
    expect(await screenshotSite(t.ctx, id)).toBe(false);
    expect((await getSite(t.ctx.db, id)).screenshotAt).toBeNull();

    // The owner writes the home page (with an image aimed at the platform): the site is listed.
    const platform = await platformPage();
    const wp = new WordPressRest(
      t.ctx.wordpress.main,
      live.subdomain,
      (await getSite(t.ctx.db, live.id)).wpUsername ?? "",
      t.ctx.secrets.open((await getSite(t.ctx.db, live.id)).wpAppPasswordEnc ?? ""),
    );
    const { page_on_front } = await wp.json<{ page_on_front: number }>("GET", "/wp/v2/settings");
    await wp.json("POST", `/wp/v2/pages/${page_on_front}`, {
      content: `<!-- wp:paragraph --><p>Bienvenue chez Capture Annuaire.</p><!-- /wp:paragraph --><p><img src="http://127.0.0.1:${platform.port}/fuite" alt=""></p>`,
    });
    await updateSite(t.ctx.db, id, { filledAt: new Date() });
    expect((await card("capture-annuaire"))?.screenshot_url).toBeNull();

    await queueScreenshot(t.ctx, id);
    const shot = await waitFor(
      async () => (await card("capture-annuaire"))?.screenshot_url ?? undefined,
      90_000,
    );
    expect(shot).toMatch(/^\/api\/directory\/screenshots\/capture-annuaire\.webp\?v=\d+$/);
    const res = await t.app.inject({ url: shot });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", IMAGE.width, IMAGE.height]);
    expect(res.rawPayload.length).toBeLessThan(150_000);
    expect(await spread(res.rawPayload)).toBeGreaterThan(5);
    expect(platform.hits).toEqual([]);
    platform.close();

    // A suspended site (503) is not shot: the earlier screenshot stays.
    await t.ctx.wordpress.main.suspend(live.subdomain);
    await expect(screenshotSite(t.ctx, id)).rejects.toThrow(/HTTP 503/);
    expect((await card("capture-annuaire"))?.screenshot_url).toBe(shot);
    await t.ctx.wordpress.main.unsuspend(live.subdomain);

    // Opted out: the weekly pass deletes it and the address answers 404 in French.
    await t.ctx.db.update(orders).set({ directoryOptIn: false }).where(eq(orders.id, id));
    await screenshotSitesJob.handle({}, t.ctx, {
      name: screenshotSitesJob.name,
      id: "x",
      retryCount: 0,
      retryLimit: 0,
    });
    expect((await getSite(t.ctx.db, id)).screenshotAt).toBeNull();
    const gone = await t.app.inject({ url: shot });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe("Capture d'écran introuvable.");
    const bad = await t.app.inject({ url: "/api/directory/screenshots/..%2Fetc.webp" });
    expect(bad.statusCode).toBe(400);
  }, 300_000);
});
