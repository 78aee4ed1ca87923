/**
 * Test support: what a hostile customer does. A plugin uploaded through the site's own wp-admin
 * (as any buyer can) tries to reach the platform and another site; the tests of both WordPress
 * host implementations check that everything fails except its own site.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { sampleSite } from "./site-checks.ts";
import type { InstalledSite, WordPressHost } from "./wordpress-host.ts";

/** What a host's test adds to the attack: the platform's own files on that host. */
export interface HostileSetup {
  host: WordPressHost;
  /** The folder holding one folder per site on that host. */
  sitesDir: string;
  /** Files of the platform the plugin tries to read, by name. */
  read: Record<string, string>;
  /** Folders of the platform it tries to list, by name. */
  list: Record<string, string>;
  /** Names in `read` that a shell under the site's user must not read either. */
  unreadableByUser: string[];
}

/**
 * Installs sites "pirate" and "voisin"; a plugin uploaded through pirate's own wp-admin tries to
 * reach voisin (database, `wp-config.php`, writing, a symlink), the product's process (its
 * environment, command line, code, signals), a shell, and the host's files in `setup`. All fail,
 * the plugin works in its own site, and a shell under pirate's user cannot read them either.
 */
export async function expectHostilePluginConfined(setup: HostileSetup): Promise<void> {
  const { host, sitesDir } = setup;
  const [attacker] = await Promise.all([
    host.install(sampleSite("pirate", "Pirate")),
    host.install(sampleSite("voisin", "Voisin")),
  ]);
  const targets: ProbeTargets = {
    read: {
      "other-db": path.join(sitesDir, "voisin/wp-content/database/.ht.sqlite"),
      "other-config": path.join(sitesDir, "voisin/wp-config.php"),
      "product-environ": `/proc/${process.pid}/environ`,
      "product-cmdline": `/proc/${process.pid}/cmdline`,
      "product-code": path.resolve(import.meta.dirname, "../config.ts"),
      ...setup.read,
    },
    list: { sites: sitesDir, "other-site": path.join(sitesDir, "voisin"), proc: "/proc", ...setup.list },
    write: path.join(sitesDir, "voisin/wp-content/pirate.php"),
    pid: process.pid,
  };
  await installPluginThroughWpAdmin(host, "pirate", attacker as InstalledSite, probePluginZip(targets));
  const ownDir = path.join(sitesDir, "pirate");
  expectConfined(await runProbe(host, "pirate"), targets, ownDir);
  expect(existsSync(targets.write)).toBe(false);
  const unreadable = ["other-db", "other-config", "product-environ", ...setup.unreadableByUser];
  expectUserCannotRead(
    siteUser(ownDir),
    unreadable.map((name) => {
      const file = targets.read[name];
      if (!file) throw new Error(`no read target named ${name}`);
      return file;
    }),
  );
}

/** Files and folders the plugin tries to reach, by name. */
interface ProbeTargets {
  read: Record<string, string>;
  list: Record<string, string>;
  /** A file it tries to create in the other site. */
  write: string;
  /** The product's process, which it tries to signal. */
  pid: number;
}

interface ProbeResult {
  euid: number;
  own: boolean;
  write: boolean;
  symlink: boolean;
  exec: unknown;
  signal: boolean;
  env: unknown[];
  [key: `read:${string}` | `list:${string}`]: boolean;
}

/** An environment variable of the product's process that customer PHP must never see. */
export const PROBE_SECRET_VARIABLE = "LAGON_PROBE_SECRET";

function probePluginZip(targets: ProbeTargets): Buffer {
  const targetsB64 = Buffer.from(JSON.stringify(targets)).toString("base64");
  const plugin = `<?php
/**
 * Plugin Name: Sonde d'isolation
 * Description: Essaie de sortir de son site.
 */
add_action('init', function () {
	if (!isset($_GET['lagon_probe'])) {
		return;
	}
	$t = json_decode(base64_decode('${targetsB64}'), true);
	$r = ['euid' => posix_geteuid()];
	foreach ($t['read'] as $name => $file) {
		$r["read:$name"] = @file_get_contents($file) !== false;
	}
	foreach ($t['list'] as $name => $dir) {
		$r["list:$name"] = @scandir($dir) !== false;
	}
	$r['write'] = @file_put_contents($t['write'], '<?php echo "pirate";') !== false;
	$link = __DIR__ . '/lien';
	$r['symlink'] = @symlink($t['read']['other-config'], $link) && @file_get_contents($link) !== false;
	try {
		$r['exec'] = shell_exec('id');
	} catch (\\Throwable $e) {
		$r['exec'] = false;
	}
	$r['signal'] = @posix_kill($t['pid'], 0);
	$r['env'] = [getenv('${PROBE_SECRET_VARIABLE}'), $_ENV['${PROBE_SECRET_VARIABLE}'] ?? false, $_SERVER['${PROBE_SECRET_VARIABLE}'] ?? false, getenv('ADMIN_TOKEN'), getenv('SECRET_KEY')];
	$own = wp_upload_dir()['basedir'] . '/sonde.txt';
	$r['own'] = @file_put_contents($own, 'ok') !== false && file_get_contents($own) === 'ok';
	wp_send_json($r);
});
`;
  return pluginZip("sonde", plugin);
}

/** A plugin archive as wp-admin takes it: <slug>/<slug>.php holding `code`. */
export function pluginZip(slug: string, code: string): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), "probe-"));
  try {
    writeFileSync(path.join(dir, `${slug}.php`), code);
    const zip = path.join(dir, `${slug}.zip`);
    execFileSync("php", [
      "-r",
      "$z = new ZipArchive(); $z->open($argv[1], ZipArchive::CREATE); $z->addFile($argv[2], $argv[3]); $z->close();",
      zip,
      path.join(dir, `${slug}.php`),
      `${slug}/${slug}.php`,
    ]);
    return readFileSync(zip);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Logs in to wp-admin and returns the session cookies. */
async function adminCookies(host: WordPressHost, subdomain: string, site: InstalledSite): Promise<string> {
  const login = await host.fetch(subdomain, "/wp-login.php", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: "wordpress_test_cookie=WP%20Cookie%20check",
    },
    body: new URLSearchParams({
      log: site.adminUser,
      pwd: site.adminPassword,
      "wp-submit": "Se connecter",
      testcookie: "1",
    }).toString(),
  });
  expect(login.status).toBe(302);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Uploads and activates a plugin through wp-admin's own forms, as a customer would. */
export async function installPluginThroughWpAdmin(
  host: WordPressHost,
  subdomain: string,
  site: InstalledSite,
  zip: Buffer,
  fileName = "sonde.zip",
): Promise<void> {
  const cookie = await adminCookies(host, subdomain, site);
  const form = await host.fetch(subdomain, "/wp-admin/plugin-install.php?tab=upload", {
    headers: { cookie },
  });
  const formHtml = await form.text();
  const nonce = /name="_wpnonce" value="([0-9a-f]+)"/.exec(formHtml)?.[1];
  expect(nonce, "upload form nonce").toBeTruthy();

  const data = new FormData();
  data.set("_wpnonce", nonce as string);
  data.set("_wp_http_referer", "/wp-admin/plugin-install.php?tab=upload");
  data.set("pluginzip", new Blob([new Uint8Array(zip)], { type: "application/zip" }), fileName);
  data.set("install-plugin-submit", "Installer maintenant");
  const request = new Request("http://upload.invalid/", { method: "POST", body: data });
  const upload = await host.fetch(subdomain, "/wp-admin/update.php?action=upload-plugin", {
    method: "POST",
    headers: { cookie, "content-type": request.headers.get("content-type") as string },
    body: new Uint8Array(await request.arrayBuffer()),
  });
  const uploadHtml = await upload.text();
  expect(upload.status, uploadHtml.slice(0, 500)).toBe(200);
  const activate = /href="([^"]*plugins\.php\?action=activate[^"]*)"/.exec(uploadHtml)?.[1];
  expect(activate, `activation link in: ${uploadHtml.replace(/\s+/g, " ").slice(-1500)}`).toBeTruthy();
  const activateUrl = new URL(
    (activate as string).replaceAll("&amp;", "&"),
    `${host.siteUrl(subdomain)}/wp-admin/`,
  );
  const activated = await host.fetch(subdomain, activateUrl.pathname + activateUrl.search, {
    headers: { cookie },
  });
  expect(activated.status).toBe(302);
}

/** Runs the installed probe and returns what it could do. */
async function runProbe(host: WordPressHost, subdomain: string): Promise<ProbeResult> {
  const response = await host.fetch(subdomain, "/?lagon_probe=1");
  const text = await response.text();
  expect(response.status, text.slice(0, 500)).toBe(200);
  return JSON.parse(text) as ProbeResult;
}

/** Everything outside its own site fails; its own site works; it runs as its own user. */
function expectConfined(result: ProbeResult, targets: ProbeTargets, ownSiteDir: string): void {
  expect(result.own, "the plugin works inside its own site").toBe(true);
  expect(result.euid).not.toBe(0);
  expect(result.euid).toBe(statSync(path.join(ownSiteDir, "wp-content")).uid);
  for (const name of Object.keys(targets.read)) expect(result[`read:${name}`], `read ${name}`).toBe(false);
  for (const name of Object.keys(targets.list)) expect(result[`list:${name}`], `list ${name}`).toBe(false);
  expect(result.write, "write into the other site").toBe(false);
  expect(result.symlink, "read the other site through a symlink").toBe(false);
  expect(result.exec, "run a shell command").toBeFalsy();
  expect(result.signal, "signal the product's process").toBe(false);
  expect(
    result.env.every((value) => value === false),
    `environment: ${JSON.stringify(result.env)}`,
  ).toBe(true);
}

/**
 * Even a shell under the site's user (a PHP flaw that escapes open_basedir) cannot read what the
 * plugin tried: the system's own permissions hold.
 */
function expectUserCannotRead(user: string, files: string[]): void {
  for (const file of files) {
    let read = true;
    try {
      execFileSync("runuser", ["-u", user, "--", "cat", file], { stdio: "ignore" });
    } catch {
      read = false;
    }
    expect(read, `${user} reads ${file}`).toBe(false);
  }
}

/** The system user of a site: its wp-content is that user's (the folder itself is root's). */
export function siteUser(siteDir: string): string {
  return execFileSync("stat", ["-c", "%U", path.join(siteDir, "wp-content")], { encoding: "utf8" }).trim();
}
