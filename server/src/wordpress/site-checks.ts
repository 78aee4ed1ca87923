/**
 * Checks, over real HTTP, that an installed site works as the product needs; shared by the
 * tests of both WordPress host implementations.
 */
import { createReadStream, createWriteStream, existsSync, readdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect } from "vitest";
import type { InstalledSite, SiteIdentity, WordPressHost } from "./wordpress-host.ts";

/** The core template the tests install from: <repo>/.wordpress unless WP_CORE_DIR says otherwise. */
export function testCoreDir(): string {
  const coreDir = process.env.WP_CORE_DIR ?? path.resolve(import.meta.dirname, "../../../.wordpress");
  if (!existsSync(path.join(coreDir, "wp-settings.php"))) {
    throw new Error(`no WordPress core in ${coreDir}: run scripts/wordpress/fetch-core.sh ${coreDir}`);
  }
  return coreDir;
}

/**
 * Test ports come from 20000–31999, below Linux's ephemeral range (32768–60999): no outgoing
 * connection can take one as its source port between its choice and its use, as happened to a
 * port the kernel had handed out free a moment before. Each vitest worker (VITEST_POOL_ID, from 1)
 * has its own slice, and so has each browser lane's stack (E2E_LANE "1/2", "2/2": the last
 * slices), so two processes running side by side never pick the same one (two lanes sharing a
 * slice once gave one lane's Pebble the port of the other's DNS); within a slice, each process
 * starts at its own place and moves on, so a port a previous file used is not reused at once.
 */
const FIRST_PORT = 20_000;
const SLICE = 1_500;
const SLICES = 8;
export function portSlice(env: NodeJS.ProcessEnv): number {
  const lane = /^(\d+)\//.exec(env.E2E_LANE ?? "")?.[1];
  if (env.VITEST_POOL_ID) return Number(env.VITEST_POOL_ID) % SLICES;
  return lane ? (SLICES - Number(lane)) % SLICES : 0;
}
const sliceStart = FIRST_PORT + portSlice(process.env) * SLICE;
let cursor = process.pid % SLICE;

/** A loopback port free now, for a server a test starts. */
export async function freePort(): Promise<number> {
  return freePortSpan(1);
}

/** The first of `span` consecutive loopback ports, all free now. */
export async function freePortSpan(span: number): Promise<number> {
  for (let tried = 0; tried < SLICE; tried += span) {
    if (cursor + span > SLICE) cursor = 0;
    const first = sliceStart + cursor;
    cursor += span;
    const ports = Array.from({ length: span }, (_, i) => first + i);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return first;
  }
  throw new Error(`no ${span} free ports left in ${sliceStart}–${sliceStart + SLICE - 1}`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * The site folders a host's sites folder holds, sorted: every entry but the blog and the
 * helper's record of each site's disk allowance (decision 0095). A staged or left-over folder
 * (".sub.new-…") still shows.
 */
export function siteFoldersIn(sitesDir: string): string[] {
  return readdirSync(sitesDir)
    .filter((name) => name !== "blog" && name !== ".disk-limits")
    .sort();
}

export function sampleSite(subdomain: string, title: string): SiteIdentity {
  return {
    subdomain,
    title,
    adminEmail: `contact@${subdomain}.example`,
    legal: {
      companyName: `${title} SARL`,
      legalForm: "SARL",
      siret: "12345678900012",
      address: "3 rue de Paris, 97400 Saint-Denis",
      email: `contact@${subdomain}.example`,
      phone: "0262 12 34 56",
      host: "Lagon Digital, serveurs situés en France",
    },
  };
}

/** Logs in through wp-login.php; returns the dashboard response, or the login page on failure. */
export async function logIn(host: WordPressHost, subdomain: string, user: string, password: string) {
  const form = new URLSearchParams({
    log: user,
    pwd: password,
    "wp-submit": "Se connecter",
    redirect_to: `${host.siteUrl(subdomain)}/wp-admin/`,
    testcookie: "1",
  });
  const login = await host.fetch(subdomain, "/wp-login.php", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: "wordpress_test_cookie=WP%20Cookie%20check",
    },
    body: form.toString(),
  });
  if (login.status !== 302) return login;
  expect(login.headers.get("location")).toBe(`${host.siteUrl(subdomain)}/wp-admin/`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return host.fetch(subdomain, "/wp-admin/", { headers: { cookie } });
}

export function basicAuth(user: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` };
}

export async function createPage(host: WordPressHost, site: InstalledSite, subdomain: string, title: string) {
  return host.fetch(subdomain, "/wp-json/wp/v2/pages", {
    method: "POST",
    headers: { ...basicAuth(site.adminUser, site.appPassword), "content-type": "application/json" },
    body: JSON.stringify({ title, content: "<p>Bienvenue.</p>", status: "publish" }),
  });
}

/** Everything a fresh site must offer: French home page, legal notice, wp-admin, REST. */
export async function expectWorkingSite(host: WordPressHost, site: SiteIdentity, installed: InstalledSite) {
  const { subdomain } = site;
  expect(installed.url).toBe(host.siteUrl(subdomain));
  expect(installed.adminUrl).toBe(`${host.siteUrl(subdomain)}/wp-admin/`);
  expect(installed.adminPassword.length).toBeGreaterThanOrEqual(24);
  expect(await host.status(subdomain)).toBe("installed");

  const home = await host.fetch(subdomain, "/");
  expect(home.status).toBe(200);
  const homeHtml = await home.text();
  expect(homeHtml).toContain('<html lang="fr-FR"');
  expect(homeHtml).toContain(site.title);

  const legal = await host.fetch(subdomain, "/mentions-legales/");
  expect(legal.status).toBe(200);
  const legalHtml = await legal.text();
  expect(legalHtml).toContain("Mentions légales");
  expect(legalHtml).toContain(site.legal.companyName);
  expect(legalHtml).toContain(`SIRET : ${site.legal.siret}`);
  expect(legalHtml).toContain(site.legal.host);

  await expectCleanSite(host, site, installed);

  const dashboard = await logIn(host, subdomain, installed.adminUser, installed.adminPassword);
  expect(dashboard.status).toBe(200);
  const dashboardHtml = await dashboard.text();
  // The back office in French, including what Debian's old translations leave in English.
  expect(dashboardHtml).toContain("Tableau de bord");
  expect(dashboardHtml).toMatch(/<span class="ab-label">Créer<\/span>/);
  expect(dashboardHtml).toMatch(/wp-admin-bar-my-account[^>]*>[^>]*>Bonjour, /);
  const widgets = [...dashboardHtml.matchAll(/<h2 class=["']hndle[^>]*>([^<]+)</g)].map((m) => m[1]);
  expect(widgets.sort()).toEqual(["Activité", "D’un coup d’œil", "État de santé du site"]);
  expect(dashboardHtml).toContain("Brouillon rapide");

  const settings = await host.fetch(subdomain, "/wp-json/wp/v2/settings", {
    headers: basicAuth(installed.adminUser, installed.appPassword),
  });
  expect(await settings.json()).toMatchObject({
    language: "fr_FR",
    timezone: "Indian/Reunion",
    date_format: "j F Y",
    time_format: "G\\hi",
    start_of_week: 1,
  });

  const page = await createPage(host, installed, subdomain, "À propos");
  expect(page.status).toBe(201);
  const { link } = (await page.json()) as { link: string };
  expect(link).toBe(`${host.siteUrl(subdomain)}/a-propos/`);
  expect((await host.fetch(subdomain, "/a-propos/")).status).toBe(200);
}

/**
 * Suspension as visitors and the customer live it: the French notice with a 503 on every page,
 * wp-admin and the login still working, the REST API only for a logged-in user; then back.
 */
export async function expectSuspensionCycle(
  host: WordPressHost,
  subdomain: string,
  installed: InstalledSite,
) {
  await host.suspend(subdomain);
  for (const url of [
    "/",
    "/a-propos/",
    "/mentions-legales/",
    "/index.php",
    "/?p=1",
    "/wp-json/wp/v2/pages",
  ]) {
    const page = await host.fetch(subdomain, url);
    expect(page.status, url).toBe(503);
    expect(page.headers.get("content-type"), url).toContain("text/html");
    expect(page.headers.get("cache-control"), url).toBe("no-store");
    expect(await page.text(), url).toContain("Site suspendu");
  }
  const dashboard = await logIn(host, subdomain, installed.adminUser, installed.adminPassword);
  expect(dashboard.status).toBe(200);
  expect(await dashboard.text()).toContain("Tableau de bord");
  expect((await host.fetch(subdomain, "/wp-includes/css/dashicons.min.css")).status).toBe(200);
  // A forged login cookie opens nothing more than the REST API's public reads.
  const forged = await host.fetch(subdomain, "/", { headers: { cookie: "wordpress_logged_in_x=1" } });
  expect(forged.status).toBe(503);
  // Suspending twice is harmless; lifting it brings the site back at once.
  await host.suspend(subdomain);
  await host.unsuspend(subdomain);
  const home = await host.fetch(subdomain, "/");
  expect(home.status).toBe(200);
  expect(await home.text()).not.toContain("Site suspendu");
  await host.unsuspend(subdomain);
}

/** Export, remove, import: the site comes back with its pages and its admin's password. */
export async function expectArchiveRoundTrip(
  host: WordPressHost,
  subdomain: string,
  installed: InstalledSite,
  archive: string,
) {
  const page = await createPage(host, installed, subdomain, "Page archivée");
  expect(page.status).toBe(201);
  const file = createWriteStream(archive, { mode: 0o600 });
  await host.exportSite(subdomain, file);
  await new Promise((resolve, reject) => file.on("error", reject).end(resolve));
  await host.remove(subdomain);
  expect(await host.status(subdomain)).toBe("absent");
  expect((await host.fetch(subdomain, "/page-archivee/")).status).toBe(404);
  await host.importSite(subdomain, createReadStream(archive));
  expect(await host.status(subdomain)).toBe("installed");
  const back = await host.fetch(subdomain, "/page-archivee/");
  expect(back.status).toBe(200);
  expect(await back.text()).toContain("Page archivée");
  const dashboard = await logIn(host, subdomain, installed.adminUser, installed.adminPassword);
  expect(dashboard.status).toBe(200);
}

/**
 * A site nobody has filled yet: the business's name, a home page saying the site is being
 * prepared, contact details, the legal notice, menus whose every link answers, and nothing of
 * WordPress's samples.
 */
export async function expectCleanSite(host: WordPressHost, site: SiteIdentity, installed: InstalledSite) {
  const { subdomain, legal } = site;
  const auth = basicAuth(installed.adminUser, installed.appPassword);
  const json = async (path: string) => (await host.fetch(subdomain, path, { headers: auth })).json();

  const home = await (await host.fetch(subdomain, "/")).text();
  expect(home).toContain("lagon-en-preparation");
  expect(home).toContain("Notre site est en cours de préparation");
  expect(home).toContain(`<h1 class="wp-block-heading">${site.title}</h1>`);

  const contact = await (await host.fetch(subdomain, "/contact/")).text();
  for (const detail of [legal.companyName, legal.email, legal.phone, legal.address]) {
    if (detail) expect(contact).toContain(detail);
  }

  expect(await json("/wp-json/wp/v2/posts?status=any")).toEqual([]);
  expect(await json("/wp-json/wp/v2/comments?status=all")).toEqual([]);
  const pages = (await json("/wp-json/wp/v2/pages?status=any&context=edit")) as { slug: string }[];
  expect(pages.map((p) => p.slug).sort()).toEqual(["accueil", "contact", "mentions-legales"]);

  // Every link of every page leads somewhere: no "#", no page that is not there.
  const links = new Set<string>();
  for (const path of ["/", "/contact/", "/mentions-legales/"]) {
    const html = await (await host.fetch(subdomain, path)).text();
    for (const sample of [
      "Bonjour tout le monde",
      "Hello world",
      "Page d’exemple",
      "Sample Page",
      "FAQs",
      "Shop",
    ]) {
      expect(html, `${path}: ${sample}`).not.toContain(sample);
    }
    for (const [, href] of html.matchAll(/<a [^>]*href="([^"]*)"/g)) links.add(href as string);
  }
  for (const href of links) {
    if (href.startsWith("mailto:") || href.startsWith("tel:") || href === "#wp--skip-link--target") continue;
    expect(href, "lien vers le site lui-même").toMatch(new RegExp(`^${host.siteUrl(subdomain)}(/|$)`));
    const target = new URL(href).pathname;
    expect((await host.fetch(subdomain, target)).status, href).toBe(200);
  }
  expect([...links]).toEqual(
    expect.arrayContaining([
      `${host.siteUrl(subdomain)}/contact/`,
      `${host.siteUrl(subdomain)}/mentions-legales/`,
    ]),
  );
}
