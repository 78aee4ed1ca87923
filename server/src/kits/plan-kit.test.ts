import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { featuresLost } from "@lagon/contracts/plan-kits";
import { SITE_DISK_MB } from "@lagon/contracts/plans";
import { SFTP_MESSAGES } from "@lagon/contracts/sftp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { waitFor } from "../../test/smtp-sink.ts";
import { createTestContext } from "../../test/test-context.ts";
import type { Context } from "../context.ts";
import { orderLogs, orders } from "../db/schema.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { sftpView } from "../sftp/order-sftp.ts";
import { getSite, updateSite } from "../sites/sites-table.ts";
import { CLOSED_BY_SERVER, openSftp, sftpBatch } from "../wordpress/sftp-session.ts";
import { basicAuth, freePort, testCoreDir } from "../wordpress/site-checks.ts";
import { installPlugin } from "../wordpress-plugins/install-plugin.ts";
import {
  type PluginDirectoryStandIn,
  publishFolder,
  startPluginDirectory,
} from "../wordpress-plugins/plugin-directory-stand-in.ts";
import { createPluginSource } from "../wordpress-plugins/plugin-source.ts";
import { applyPlanKit } from "./apply-plan-kit.ts";
import { WOOCOMMERCE } from "./business-shop.ts";

/**
 * A Business order on the embedded host, its plugins coming from a stand-in of the WordPress.org
 * directory that does not have WooCommerce (as a host without internet): the site is delivered,
 * the kit waits and says so. The kit's site part (host/apply-kit.php) is proven with a real
 * plugin the stand-in serves.
 */
describe("plan kits", () => {
  let ctx: Context;
  let directory: PluginDirectoryStandIn;
  let orderId: string;
  let subdomain: string;
  let work: string | undefined;
  const order = async () => {
    const row = await findShownOrder(ctx.db, orderId);
    if (!row) throw new Error("order missing");
    return row;
  };
  const rest = async (urlPath: string, init: { method?: string; body?: unknown } = {}) => {
    const row = await order();
    const auth = basicAuth(
      (await getSite(ctx.db, row.id)).wpUsername as string,
      ctx.secrets.open((await getSite(ctx.db, row.id)).wpAppPasswordEnc as string),
    );
    const res = await ctx.wordpress.main.fetch(subdomain, urlPath, {
      method: init.method ?? "GET",
      headers: { ...auth, "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    expect(res.status, urlPath).toBeLessThan(300);
    return res.json() as Promise<Record<string, unknown> & Record<string, unknown>[]>;
  };

  beforeAll(async () => {
    const akismet = await publishFolder(
      path.join(testCoreDir(), "wp-content/plugins/akismet"),
      "akismet",
      "5.5",
    );
    directory = await startPluginDirectory([akismet]);
    ctx = await createTestContext({
      WP_PORT: String(await freePort()),
      WP_PLUGIN_SOURCE: directory.url,
      SFTP_PORT: String(await freePort()),
    });
    await ctx.wordpress.start();
    await ctx.queue.work(ctx);
    orderId = await givenPaidOrder(ctx, { planId: "business" });
    subdomain = (await order()).subdomain;
  }, 180_000);

  afterAll(async () => {
    await ctx?.close();
    await directory?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("delivers a Business site whose shop waits, said in French, when WooCommerce cannot be fetched", async () => {
    const row = await waitFor(async () => {
      const r = await order();
      return r.status === "active" ? r : undefined;
    }, 120_000);
    expect(row.steps.kit?.status).toBe("completed");
    expect((await getSite(ctx.db, row.id)).kit).toMatchObject({
      plan: "business",
      status: "waiting",
      attempts: 1,
    });
    // The customer reads plain words; the agency's log names the extension and the cause.
    expect((await getSite(ctx.db, row.id)).kit?.detail).toBe(
      "Boutique en ligne WooCommerce (catalogue, panier, paiement, commandes) en attente : l'extension n'a pas pu être téléchargée pour le moment. Le reste du site est livré ; nouvel essai automatique.",
    );
    // Minutes after the failed try, counted from the try: the order went on with its other steps since.
    const kit = (await getSite(ctx.db, row.id)).kit;
    expect(Date.parse(kit?.retryAt ?? "") - Date.parse(kit?.at ?? "")).toBeGreaterThan(200_000);
    expect(Date.parse(kit?.at ?? "")).toBeLessThanOrEqual(Date.now());
    expect(directory.requests).toContain("/plugins/info/1.2/");
    const logs = await ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, orderId));
    const kitLog = logs.find((l) => l.action === "kit")?.details;
    expect(kitLog).toContain(
      "Boutique en ligne WooCommerce (catalogue, panier, paiement, commandes) en attente : ",
    );
    expect(kitLog).toContain(`woocommerce ${WOOCOMMERCE.version} n'a pas pu être installé`);
    expect(kitLog).toContain("ne connaît pas l'extension woocommerce");
    // Nothing of the shop is half there.
    const plugins = (await rest("/wp-json/wp/v2/plugins")) as unknown as { plugin: string }[];
    expect(plugins.map((p) => p.plugin)).not.toContain("woocommerce/woocommerce");
    // A second try that still cannot fetch it counts, and waits longer.
    const again = await applyPlanKit(ctx, await order(), await getSite(ctx.db, orderId));
    expect(again.state).toMatchObject({ status: "waiting", attempts: 2 });
  });

  it("applies a kit's site part idempotently and turns it off keeping the data", async () => {
    const host = ctx.wordpress.main;
    await installPlugin(host, createPluginSource(directory.url), subdomain, {
      slug: "akismet",
      version: "5.5",
    });
    const kit = {
      activate: ["akismet/akismet.php"],
      deactivate: [],
      options: { blogdescription: "Pains et gâteaux à Saint-Paul" },
      pages: [
        {
          option: "woocommerce_terms_page_id",
          title: "Conditions générales de vente",
          slug: "cgv",
          content: "<p>À compléter</p>",
        },
      ],
      taxRates: [],
      product: null,
    };
    const first = JSON.parse(await host.applyKit(subdomain, kit));
    expect(first.activated).toEqual(["akismet/akismet.php"]);
    const pageId = first.pages.cgv as number;
    expect(pageId).toBeGreaterThan(0);
    const settings = await rest("/wp-json/wp/v2/settings");
    expect(settings.description).toBe("Pains et gâteaux à Saint-Paul");
    // The customer edits the page: a second run keeps it, activates nothing again.
    await rest(`/wp-json/wp/v2/pages/${pageId}`, {
      method: "POST",
      body: { content: "<p>Mes conditions</p>" },
    });
    const second = JSON.parse(await host.applyKit(subdomain, kit));
    expect(second).toMatchObject({ activated: [], pages: { cgv: pageId } });
    const page = await rest(`/wp-json/wp/v2/pages/${pageId}?context=edit`);
    expect((page.content as { raw: string }).raw).toBe("<p>Mes conditions</p>");
    // Off: the plugin stops, the page stays.
    const off = JSON.parse(
      await host.applyKit(subdomain, {
        ...kit,
        activate: [],
        deactivate: ["akismet/akismet.php"],
        options: {},
        pages: [],
      }),
    );
    expect(off.deactivated).toEqual(["akismet/akismet.php"]);
    const plugins = (await rest("/wp-json/wp/v2/plugins")) as unknown as { plugin: string; status: string }[];
    expect(plugins.find((p) => p.plugin === "akismet/akismet")?.status).toBe("inactive");
    expect((await rest(`/wp-json/wp/v2/pages/${pageId}`)).id).toBe(pageId);
  });

  it("a downgrade turns the shop, booking and statistics off, keeping the data; the upgrade brings them back", async () => {
    const reservation = async () =>
      (
        (await rest(
          "/wp-json/wp/v2/pages?slug=reservation&status=publish,draft&context=edit",
        )) as unknown as {
          id: number;
          status: string;
        }[]
      )[0];
    const visitor = async () => (await ctx.wordpress.main.fetch(subdomain, "/reservation/")).status;
    // The disk allowances the plan changes give the site (decision 0095).
    const host = ctx.wordpress.main;
    const allowances: number[] = [];
    const setDiskAllowance = host.setDiskAllowance.bind(host);
    host.setDiskAllowance = (sub, mb) => {
      allowances.push(mb);
      return setDiskAllowance(sub, mb);
    };
    const page = await reservation();
    expect(page?.status).toBe("publish");
    expect(await visitor()).toBe(200);
    await ctx.db.update(orders).set({ planId: "starter" }).where(eq(orders.id, orderId));
    await updateSite(ctx.db, orderId, {
      kit: {
        plan: "business",
        status: "applied",
        detail: "",
        features: ["Boutique en ligne WooCommerce (catalogue, panier, paiement, commandes)"],
        at: new Date().toISOString(),
      },
    });
    const down = await applyPlanKit(ctx, await order(), await getSite(ctx.db, orderId));
    expect(down.state.status).toBe("off");
    expect(down.state.detail).toBe(
      `Fonctions arrêtées, vos données sont gardées : ${featuresLost("business", "starter").join(" ; ")}.`,
    );
    expect(down.state.detail).toContain("Réservation en ligne");
    expect(down.state.detail).toContain("Statistiques de visite");
    expect(down.log).toBe(
      `${down.state.detail} Page Réservation retirée du site (gardée en brouillon, avec vos rendez-vous).`,
    );
    // The page is kept as a draft (same id, same content): visitors no longer reach it.
    expect(await reservation()).toMatchObject({ id: page?.id, status: "draft" });
    expect(await visitor()).toBe(404);
    // Run again on the same plan (the retry job, a restart): nothing more to do, still off.
    const again = await applyPlanKit(ctx, await order(), await getSite(ctx.db, orderId));
    expect(again.state).toMatchObject({ status: "off", detail: down.state.detail });
    expect(again.log).toBe(down.state.detail);
    expect(allowances).toEqual([SITE_DISK_MB.starter]);

    await ctx.db.update(orders).set({ planId: "business" }).where(eq(orders.id, orderId));
    const up = await applyPlanKit(ctx, await order(), await getSite(ctx.db, orderId));
    expect(up.state).toMatchObject({ plan: "business", status: "waiting", attempts: 1 });
    expect(up.log).toMatch(/ Page Réservation remise en ligne\.$/);
    expect(await reservation()).toMatchObject({ id: page?.id, status: "publish" });
    expect(await visitor()).toBe(200);
    expect(allowances).toEqual([SITE_DISK_MB.starter, SITE_DISK_MB.business]);
  });

  it("leaving Libre stops its SFTP login and plain site, keeping the files; coming back gives both back", async () => {
    const host = ctx.wordpress.main;
    const toPlan = async (planId: string) => {
      await ctx.db.update(orders).set({ planId }).where(eq(orders.id, orderId));
      return applyPlanKit(ctx, await order(), await getSite(ctx.db, orderId));
    };
    const home = async () => (await host.fetch(subdomain, "/")).text();
    await toPlan("libre");
    // The Libre customer's site: a password, a key, a plain site uploaded over SFTP and served.
    work = await mkdtemp(path.join(os.tmpdir(), "libre-leave-"));
    const keyFile = path.join(work, "id_ed25519");
    execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "marie@atelier", "-f", keyFile]);
    const password = "Vanille-Bourbon-974";
    const { user } = await host.sftp(subdomain, { action: "password", password });
    await host.sftp(subdomain, { action: "key-add", key: (await readFile(`${keyFile}.pub`, "utf8")).trim() });
    const port = host.sftpEndpoint()?.port as number;
    const login = { port, user, password };
    const withKey = { port, user, keyFile };
    await writeFile(path.join(work, "index.html"), "<h1>Bienvenue chez Atelier Libre</h1>\n");
    expect((await sftpBatch(login, ["cd www", `put ${work}/index.html`])).code).toBe(0);
    await host.setSiteMode(subdomain, "plain");
    expect(await home()).toContain("Bienvenue chez Atelier Libre");
    // A session open at that moment, as a customer's client stays connected between transfers.
    const open = await openSftp(login);
    open.send("ls -1 www");
    await waitFor(() => open.output().includes("index.html") || undefined);

    // Off: neither the password nor the key opens, WordPress is served, the files stay.
    const left = await toPlan("starter");
    // The open session was ended by the suspend: its next read gets nothing and the client ends
    // on the closed connection (a session left open would read the file, then end at its "bye").
    open.send(`get www/index.html ${work}/after-leaving.html`);
    open.send("bye");
    const ended = await open.ended;
    expect(ended.code).not.toBe(0);
    expect(ended.stderr).toMatch(CLOSED_BY_SERVER);
    await expect(readFile(path.join(work, "after-leaving.html"), "utf8")).rejects.toThrow("ENOENT");
    expect(left.state.status).toBe("off");
    expect(left.state.detail).toBe(
      `Fonctions arrêtées, vos données sont gardées : ${featuresLost("libre", "starter").join(" ; ")}.`,
    );
    expect(left.state.detail).toContain("Accès SFTP aux fichiers du site (la connexion est refusée");
    expect((await sftpBatch(login, ["ls"])).code).not.toBe(0);
    expect((await sftpBatch(withKey, ["ls"])).code).not.toBe(0);
    expect(await home()).not.toContain("Bienvenue chez Atelier Libre");
    const sitesDir = execFileSync("realpath", [path.join(ctx.config.DATA_DIR, "sites")], {
      encoding: "utf8",
    });
    expect(
      await readFile(path.join(sitesDir.trim(), subdomain, "wp-content/www/index.html"), "utf8"),
    ).toContain("Bienvenue");
    expect((await sftpView(ctx, await order())).unavailable_reason).toBe(SFTP_MESSAGES.notIncluded);

    // Back to Libre: the same password and key open again, the plain site is served again.
    const back = await toPlan("libre");
    expect(back.log).toContain("Accès SFTP et site libre rétablis tels qu'ils étaient.");
    expect((await sftpBatch(login, ["ls -1 www"])).stdout).toContain("index.html");
    expect((await sftpBatch(withKey, ["ls"])).code).toBe(0);
    expect(await home()).toContain("Bienvenue chez Atelier Libre");
    expect(await host.sftp(subdomain, { action: "status" })).toMatchObject({
      mode: "plain",
      passwordSet: true,
    });
    // The step again (a retry): nothing more to give back.
    expect(await host.suspendSftp(subdomain, false)).toBe(false);
  }, 120_000);
});
