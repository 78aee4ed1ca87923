import { execFileSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectHostilePluginConfined, PROBE_SECRET_VARIABLE, siteUser } from "./hostile-plugin.ts";
import {
  expectNoProcessFromPhp,
  expectSymlinkSwapsHarmless,
  exportToBuffer,
  restoreFromOwnExport,
  type SitePaths,
} from "./hostile-tenant.ts";
import { LocalWordPressHost } from "./local-host.ts";
import {
  basicAuth,
  expectArchiveRoundTrip,
  expectSuspensionCycle,
  expectWorkingSite,
  freePort,
  logIn,
  sampleSite,
  testCoreDir,
} from "./site-checks.ts";
import { sharedRandomValues, siteOption, siteValues } from "./site-secrets.ts";
import { type InstalledSite, SiteExistsError } from "./wordpress-host.ts";

describe("LocalWordPressHost", () => {
  let dataDir: string;
  let coreDir: string;
  let host: LocalWordPressHost;
  const createPageFor = async (installed: InstalledSite) => {
    const page = await host.fetch(
      new URL(installed.url).hostname.split(".")[0] as string,
      "/wp-json/wp/v2/pages",
      {
        method: "POST",
        headers: {
          ...basicAuth(installed.adminUser, installed.appPassword),
          "content-type": "application/json",
        },
        body: JSON.stringify({ title: "À propos", status: "publish" }),
      },
    );
    expect(page.status).toBe(201);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "wp-local-"));
    // What the product keeps beside the sites, as it does on a real start.
    await mkdir(path.join(dataDir, "secrets"), { mode: 0o700 });
    await writeFile(path.join(dataDir, "secrets", "admin-token"), "secret-admin-token", { mode: 0o600 });
    await mkdir(path.join(dataDir, "pglite"));
    await writeFile(path.join(dataDir, "pglite", "PG_VERSION"), "18\n");
    process.env[PROBE_SECRET_VARIABLE] = "the-product-environment";
    // A core of its own: the last test gives it a new version.
    coreDir = path.join(dataDir, "core");
    await cp(testCoreDir(), coreDir, { recursive: true, preserveTimestamps: true });
    host = new LocalWordPressHost({ dataDir, coreDir, port: await freePort() });
    await host.start();
  });

  afterAll(async () => {
    await host?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  let acme: InstalledSite;
  /** Installed side by side below; the tests after it that need any site use these. */
  let alpha: InstalledSite;

  it("installs a French site with its legal notice, wp-admin and REST access", async () => {
    const site = sampleSite("acme", "Boulangerie Acmé");
    expect(await host.status("acme")).toBe("absent");
    acme = await host.install(site);
    await expectWorkingSite(host, site, acme);
  });

  it("has every menu the WordPress guide names, as the guide names it", async () => {
    const guide = await readFile(
      path.resolve(import.meta.dirname, "../../../docs/guides/guide-wordpress.md"),
      "utf8",
    );
    const paths = [...guide.matchAll(/(\p{Lu}\p{Ll}+) > (\p{Lu}[\p{L}’ ]*?)[.,]?(?= et | puis | où |$)/gmu)];
    expect(paths.map((m) => `${m[1]} > ${m[2]}`)).toEqual([
      "Utilisateurs > Profil",
      "Pages > Toutes les pages",
      "Médias > Bibliothèque",
      "Utilisateurs > Ajouter un utilisateur",
    ]);
    const dashboard = await (await logIn(host, "acme", acme.adminUser, acme.adminPassword)).text();
    const menu = adminMenu(dashboard);
    for (const [, top, sub] of paths) {
      expect(menu.get(top as string), `${top} > ${sub}`).toContain(sub);
    }
  });

  it("refuses to install over an existing site", async () => {
    await expect(host.install(sampleSite("acme", "Encore"))).rejects.toBeInstanceOf(SiteExistsError);
  });

  it("serves a site's new address from the very next request after a move", async () => {
    for (const url of ["https://boulangerie-acme.test:8443", host.siteUrl("acme")]) {
      // php-fpm has just compiled wp-config.php (older than OPcache's 2-second update guard)
      // when the helper rewrites it from outside: the next page must not come from that copy.
      // The file is dated 10 s back rather than waited for until it is old enough to be cached.
      const config = path.join(dataDir, "sites", "acme", "wp-config.php");
      const past = new Date(Date.now() - 10_000);
      await utimes(config, past, past);
      expect((await host.fetch("acme", "/")).status).toBe(200);
      await host.setSiteUrl("acme", url);
      const home = await (await host.fetch("acme", "/")).text();
      expect(home).toContain(`<link rel="canonical" href="${url}/" />`);
    }
  });

  it("serves two sites side by side, each as its own system user", async () => {
    let beta: InstalledSite;
    [alpha, beta] = await Promise.all([
      host.install(sampleSite("alpha", "Alpha Plongée")),
      host.install(sampleSite("beta", "Bêta Randonnées")),
    ]);
    const alphaHome = await (await host.fetch("alpha", "/")).text();
    const betaHome = await (await host.fetch("beta", "/")).text();
    expect(alphaHome).toContain("Alpha Plongée");
    expect(alphaHome).not.toContain("Bêta Randonnées");
    expect(betaHome).toContain("Bêta Randonnées");
    expect(betaHome).not.toContain("Alpha Plongée");
    expect(alpha.appPassword).not.toBe(beta.appPassword);
    // Both come from the host's one database template (decision 0106): they share nothing that
    // was made at random, in their wp-config.php, options, users or user meta.
    const [alphaValues, betaValues] = ["alpha", "beta"].map((sub) =>
      siteValues(path.join(dataDir, "sites", sub)),
    );
    expect(sharedRandomValues(alphaValues as Map<string, string>, betaValues as Map<string, string>)).toEqual(
      [],
    );
    for (const key of [
      "config:AUTH_KEY",
      "config:NONCE_SALT",
      "user:1:user_pass",
      "usermeta:1:_application_passwords",
    ]) {
      expect(alphaValues?.get(key)).toBeTruthy();
      expect(alphaValues?.get(key)).not.toBe(betaValues?.get(key));
    }
    // Nothing of the template's placeholders stays in a site's database.
    const database = await readFile(path.join(dataDir, "sites/alpha/wp-content/database/.ht.sqlite"));
    expect(database.includes("db-template")).toBe(false);
    expect(alphaValues?.get("user:1:user_login")).toBe(alpha.adminUser);
    // Its own address, in the database as in wp-config.php.
    for (const option of ["option:siteurl", "option:home"]) {
      expect(alphaValues?.get(option)).toBe(alphaValues?.get("config:WP_SITEURL"));
    }
  });

  it("reinstalls with new credentials and invalidates the old ones", async () => {
    const site = sampleSite("refait", "Atelier Refait");
    const before = await host.install(site);
    const page = await host.fetch("refait", "/wp-json/wp/v2/pages", {
      method: "POST",
      headers: { ...basicAuth(before.adminUser, before.appPassword), "content-type": "application/json" },
      body: JSON.stringify({ title: "Ancienne page", status: "publish" }),
    });
    expect(page.status).toBe(201);

    const after = await host.reinstall(site);
    expect(after.adminPassword).not.toBe(before.adminPassword);
    expect(after.appPassword).not.toBe(before.appPassword);
    await expectWorkingSite(host, site, after);

    const oldApp = await host.fetch("refait", "/wp-json/wp/v2/users/me", {
      headers: basicAuth(before.adminUser, before.appPassword),
    });
    expect(oldApp.status).toBe(401);
    const oldLogin = await logIn(host, "refait", before.adminUser, before.adminPassword);
    expect(oldLogin.status).toBe(200);
    expect(await oldLogin.text()).toContain('id="login_error"');
    expect((await host.fetch("refait", "/ancienne-page/")).status).toBe(404);
  });

  it("removes a site", async () => {
    // The site the test above reinstalled: nothing after it needs it.
    expect(await host.status("refait")).toBe("installed");
    await host.remove("refait");
    expect(await host.status("refait")).toBe("absent");
    const home = await host.fetch("refait", "/");
    expect(home.status).toBe(404);
    expect(await home.text()).toContain("Site introuvable");
    await host.remove("refait");
  });

  it("suspends a site for visitors while wp-admin keeps working, and lifts it at once", async () => {
    const site = sampleSite("impaye", "Impayé");
    const installed = await host.install(site);
    await createPageFor(installed);
    await expectSuspensionCycle(host, "impaye", installed);
    // A suspension outlives a restart of nginx and php-fpm.
    await host.suspend("impaye");
    await host.stop();
    await host.start();
    expect((await host.fetch("impaye", "/")).status).toBe(503);
    await host.remove("impaye");
    await host.install(site);
    expect((await host.fetch("impaye", "/")).status).toBe(200);
  });

  it("exports a site, removes it and serves it again from the archive", async () => {
    const installed = await host.install(sampleSite("archive", "Archivé"));
    await expectArchiveRoundTrip(host, "archive", installed, path.join(dataDir, "archive.tar.gz"));
  });

  it("serves media the site uploads into folders it creates itself", async () => {
    const site = alpha;
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    const upload = await host.fetch("alpha", "/wp-json/wp/v2/media", {
      method: "POST",
      headers: {
        ...basicAuth(site.adminUser, site.appPassword),
        "content-type": "image/png",
        "content-disposition": "attachment; filename=pixel.png",
      },
      body: new Uint8Array(png),
    });
    expect(upload.status).toBe(201);
    const { source_url } = (await upload.json()) as { source_url: string };
    const image = await host.fetch("alpha", new URL(source_url).pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  it("never serves the SQLite database", async () => {
    const response = await host.fetch("acme", "/wp-content/database/.ht.sqlite");
    expect(response.status).toBe(403);
    // Nor may nginx's group read it: its folder is the site user's alone, as the SQLite
    // integration makes it (the copy of the host's template too, decision 0106).
    const folder = await stat(path.join(dataDir, "sites/acme/wp-content/database"));
    expect(folder.mode & 0o7777).toBe(0o2700);
  });

  it("never runs PHP dropped into uploads, however the path is written", async () => {
    const uploads = path.join(dataDir, "sites/beta/wp-content/uploads");
    await mkdir(uploads, { recursive: true });
    await writeFile(path.join(uploads, "x.php"), "<?php echo 'exécuté';");
    for (const url of [
      "/wp-content/uploads/x.php",
      "/wp-content//uploads/x.php",
      "/wp-content/./uploads/x.PHP",
    ]) {
      const response = await host.fetch("beta", url);
      expect(await response.text(), url).not.toContain("exécuté");
      expect(response.status, url).toBe(403);
    }
  });

  it("confines a hostile plugin uploaded through wp-admin to its own site", async () => {
    await expectHostilePluginConfined({
      host,
      sitesDir: path.join(dataDir, "sites"),
      read: {
        secrets: path.join(dataDir, "secrets/admin-token"),
        database: path.join(dataDir, "pglite/PG_VERSION"),
      },
      list: { "data-dir": dataDir },
      unreadableByUser: ["secrets", "database"],
    });
  });

  it("lets no PHP function start a program, even with the plugin's own LD_PRELOAD", async () => {
    await expectNoProcessFromPhp(host, "evasion");
  });

  describe("a site swapping its files for symlinks to root's", () => {
    let paths: SitePaths;
    beforeAll(async () => {
      paths = { sitesDir: path.join(dataDir, "sites"), siteTmpDir: path.join(dataDir, "site-tmp") };
      await host.install(sampleSite("bascule", "Bascule"));
    });

    it("gains nothing from an update, nor from its rollback", async () => {
      await expectSymlinkSwapsHarmless(host, paths, "bascule", () =>
        host.updateSite("bascule", [
          { kind: "plugin", slug: "akismet" },
          { kind: "theme", slug: "twentytwentyfive" },
        ]),
      );
      await expectSymlinkSwapsHarmless(host, paths, "bascule", async () => {
        const archive = await exportToBuffer(host, "bascule");
        await host.rollbackUpdate("bascule", Readable.from([archive]));
      });
    });

    it("gains nothing from a restore", async () => {
      await expectSymlinkSwapsHarmless(host, paths, "bascule", () => restoreFromOwnExport(host, "bascule"));
    });

    it("gains nothing from a reinstall", async () => {
      await expectSymlinkSwapsHarmless(host, paths, "bascule", () =>
        host.reinstall(sampleSite("bascule", "Bascule")),
      );
    });

    it("gains nothing when the start takes back a folder of the older layout", async () => {
      // The layout before decision 0043: the site's folder and its temp folders were its user's.
      const site = path.join(paths.sitesDir, "bascule");
      const user = siteUser(site);
      const privateDir = path.join(paths.siteTmpDir, "bascule");
      execFileSync("chown", [`${user}:www-data`, site]);
      execFileSync("chmod", ["2750", site]);
      execFileSync("chown", ["-h", `${user}:www-data`, path.join(site, "wp-config.php")]);
      execFileSync("chown", ["-R", `${user}:${user}`, privateDir]);
      execFileSync("chmod", ["700", privateDir]);
      await expectSymlinkSwapsHarmless(
        host,
        paths,
        "bascule",
        async () => {
          await host.stop();
          await host.start();
          // Its wp-config.php was a link when the start took the folder back: root never reads it.
          await expect(host.setSiteUrl("bascule", "http://bascule.test")).rejects.toThrow(/of root's/);
          await expect(host.updateSite("bascule", [])).rejects.toThrow(/of root's/);
        },
        { siteBreaksItself: true },
      );
    });
  });

  it("makes its database template again when WordPress changes", async () => {
    const versionFile = path.join(coreDir, "wp-includes/version.php");
    const source = await readFile(versionFile, "utf8");
    const dbVersion = Number(/\$wp_db_version = (\d+);/.exec(source)?.[1]);
    expect(siteOption(path.join(dataDir, "sites/alpha"), "db_version")).toBe(String(dbVersion));
    const templates = path.join(dataDir, "site-tmp/.db-template");
    const before = (await readdir(templates)).filter((name) => name.endsWith(".sqlite"));
    expect(before).toHaveLength(1);
    await writeFile(
      versionFile,
      source.replace(/\$wp_db_version = \d+;/, `$wp_db_version = ${dbVersion + 1};`),
    );
    await host.install(sampleSite("nouvelle", "Nouvelle Version"));
    expect(siteOption(path.join(dataDir, "sites/nouvelle"), "db_version")).toBe(String(dbVersion + 1));
    const after = (await readdir(templates)).filter((name) => name.endsWith(".sqlite"));
    expect(after).toHaveLength(2);
  });
});

/** The wp-admin menu as the customer reads it: each top-level label with its submenu labels. */
function adminMenu(html: string): Map<string, string[]> {
  const text = (fragment: string) =>
    fragment
      .replace(
        /<span class="(?:update-plugins|awaiting-mod|screen-reader-text)[\s\S]*?<\/span>(?:<\/span>)*/g,
        "",
      )
      .replace(/<[^>]+>/g, "")
      .trim();
  const menu = new Map<string, string[]>();
  const start = html.indexOf('<ul id="adminmenu">');
  expect(start).toBeGreaterThan(0);
  const items = html.slice(start, html.indexOf('<div id="wpcontent">')).split(' id="menu-');
  for (const item of items) {
    const name = /<div class='wp-menu-name'>([\s\S]*?)<\/div>/.exec(item)?.[1];
    if (!name) continue;
    const subs = [...item.matchAll(/<li[^>]*><a[^>]*>([\s\S]*?)<\/a><\/li>/g)].map((m) =>
      text(m[1] as string),
    );
    menu.set(text(name), subs);
  }
  return menu;
}
