/**
 * Test support: a hostile customer with native code. A plugin that ships its own shared object
 * tries to start a process from PHP (`putenv('LD_PRELOAD=…')` then `mail()` and its kin), and a
 * shell under the site's user (standing in for the one such a plugin would get) swaps the site's
 * files for symlinks to a root-only file while the helper updates, restores and reinstalls the
 * site. The tests of both WordPress host implementations run them.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { expect } from "vitest";
import { installPluginThroughWpAdmin, siteUser } from "./hostile-plugin.ts";
import { sampleSite } from "./site-checks.ts";
import type { InstalledSite, WordPressHost } from "./wordpress-host.ts";

/** What the escaping plugin reports, function by function. */
interface EscapeResult {
  putenv: unknown;
  mail: unknown;
  mb_send_mail: unknown;
  error_log: unknown;
  imap_open: unknown;
  wp_mail: unknown;
}

/**
 * Installs site `subdomain`, uploads through its wp-admin a plugin carrying a shared object whose
 * constructor writes a marker file, and lets it try every way PHP has to start a program with an
 * `LD_PRELOAD` of its own. No marker may appear; `wp_mail()` fails without a fatal error, the
 * password-reset page answers with WordPress's French error, and the site keeps answering 200.
 */
export async function expectNoProcessFromPhp(host: WordPressHost, subdomain: string): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), "escape-"));
  try {
    // Whoever runs the shared object (the site's user) can write the marker there.
    const markers = path.join(work, "markers");
    mkdirSync(markers);
    chmodSync(markers, 0o1777);
    chmodSync(work, 0o755);
    const marker = path.join(markers, "escaped");
    const so = buildMarkerLibrary(work, marker);
    // The shared object works: anything that loads it leaves the marker.
    execFileSync("/bin/sh", ["-c", "true"], { env: { LD_PRELOAD: so, PATH: "/usr/bin:/bin" } });
    expect(existsSync(marker), "the shared object writes its marker").toBe(true);
    rmSync(marker);

    const site = await host.install(sampleSite(subdomain, "Évasion"));
    await installPluginThroughWpAdmin(host, subdomain, site, escapePluginZip(work, so), "evasion.zip");
    const response = await host.fetch(subdomain, "/?lagon_escape=1");
    const text = await response.text();
    expect(response.status, text.slice(0, 500)).toBe(200);
    const result = JSON.parse(text) as EscapeResult;
    expect(existsSync(marker), `a program ran with the plugin's LD_PRELOAD: ${text}`).toBe(false);
    expect(result.putenv, "putenv").toBe("disabled");
    expect(result.mail, "mail").toBe("disabled");
    expect(result.mb_send_mail, "mb_send_mail").toBe("disabled");
    expect(result.wp_mail, "wp_mail fails without a fatal error").toBe(false);

    await expectLostPasswordError(host, subdomain, site);
    expect((await host.fetch(subdomain, "/")).status).toBe(200);
    expect(existsSync(marker)).toBe(false);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A shared object whose constructor writes `marker`. */
function buildMarkerLibrary(dir: string, marker: string): string {
  const source = path.join(dir, "evasion.c");
  const so = path.join(dir, "evasion.so");
  writeFileSync(
    source,
    `#include <stdio.h>
#include <stdlib.h>
__attribute__((constructor)) static void escape(void) {
  unsetenv("LD_PRELOAD");
  FILE *f = fopen(${JSON.stringify(marker)}, "w");
  if (f) { fputs("escaped\\n", f); fclose(f); }
}
`,
  );
  execFileSync("gcc", ["-shared", "-fPIC", "-o", so, source]);
  return so;
}

function escapePluginZip(dir: string, so: string): Buffer {
  const plugin = `<?php
/**
 * Plugin Name: Évasion
 * Description: Essaie de lancer un programme avec sa propre bibliothèque.
 */
add_action('init', function () {
	if (!isset($_GET['lagon_escape'])) {
		return;
	}
	$so = __DIR__ . '/evasion.so';
	$try = function (string $name, callable $call) {
		if (!function_exists($name)) {
			return 'disabled';
		}
		try {
			return $call();
		} catch (\\Throwable $e) {
			return get_class($e) . ': ' . $e->getMessage();
		}
	};
	$r = [];
	$r['putenv'] = $try('putenv', fn() => putenv("LD_PRELOAD=$so"));
	$r['mail'] = $try('mail', fn() => mail('victime@example.com', 'evasion', 'evasion'));
	$r['mb_send_mail'] = $try('mb_send_mail', fn() => mb_send_mail('victime@example.com', 'evasion', 'evasion'));
	$r['error_log'] = $try('error_log', fn() => error_log('evasion', 1, 'victime@example.com'));
	$r['imap_open'] = $try('imap_open', fn() => imap_open('{localhost:143/imap}INBOX', 'x', 'y'));
	$r['wp_mail'] = $try('wp_mail', fn() => wp_mail('victime@example.com', 'evasion', 'evasion'));
	wp_send_json($r);
});
`;
  const pluginFile = path.join(dir, "evasion.php");
  writeFileSync(pluginFile, plugin);
  const zip = path.join(dir, "evasion.zip");
  execFileSync("php", [
    "-r",
    '$z = new ZipArchive(); $z->open($argv[1], ZipArchive::CREATE); $z->addFile($argv[2], "evasion/evasion.php"); $z->addFile($argv[3], "evasion/evasion.so"); $z->close();',
    zip,
    pluginFile,
    so,
  ]);
  return readFileSync(zip);
}

/** WordPress's lost-password form, which mails a link: a French error, never a fatal one. */
async function expectLostPasswordError(host: WordPressHost, subdomain: string, site: InstalledSite) {
  const response = await host.fetch(subdomain, "/wp-login.php?action=lostpassword", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      user_login: site.adminUser,
      "wp-submit": "Générer un mot de passe",
    }).toString(),
  });
  const html = await response.text();
  expect(response.status, html.slice(0, 500)).toBe(200);
  expect(html).toContain('id="login_error"');
  expect(html).toContain("n’a pas pu être envoyé");
  expect(html).not.toMatch(/erreur critique|critical error/i);
}

/** Where a host keeps a site's folder and its private temp folders. */
export interface SitePaths {
  sitesDir: string;
  siteTmpDir: string;
}

/** A root-only file and folder the attack aims at, with what they must keep. */
interface RootOnly {
  file: string;
  dir: string;
  content: string;
}

/**
 * Runs `operation` on site `subdomain` while a shell under the site's user keeps replacing, with
 * symlinks to a root-only file (or folder), `wp-config.php`, a file and a folder of `wp-content`,
 * its temp and session folders, and `wp-config.php` in every staging folder of that site it can
 * see on a command line in /proc. Swapped once before the operation starts, then in a loop until
 * it ends. The root-only file and folder keep their owner, mode and content; what the site could
 * swap is root's; the site answers 200 (unless `siteBreaksItself`: its own wp-config.php was
 * already a link when the helper took its folder back from the older layout).
 */
export async function expectSymlinkSwapsHarmless(
  host: WordPressHost,
  paths: SitePaths,
  subdomain: string,
  operation: () => Promise<unknown>,
  { siteBreaksItself = false } = {},
): Promise<void> {
  const site = path.join(paths.sitesDir, subdomain);
  const user = siteUser(site);
  const work = mkdtempSync(path.join(os.tmpdir(), "swap-"));
  const rootOnly: RootOnly = {
    file: path.join(work, "racine-seulement"),
    dir: path.join(work, "dossier-racine"),
    content: `réservé à root ${Date.now()}\n`,
  };
  writeFileSync(rootOnly.file, rootOnly.content, { mode: 0o600 });
  // Root's only (group root): a chmod to the 700 a site's temp folder has would show.
  mkdirSync(rootOnly.dir);
  chmodSync(rootOnly.dir, 0o750);
  writeFileSync(path.join(rootOnly.dir, "dedans"), rootOnly.content, { mode: 0o600 });
  chmodSync(work, 0o755);
  // A file and a folder of the site's own, which the swaps replace.
  execFileSync("runuser", [
    "-u",
    user,
    "--",
    "sh",
    "-c",
    'rm -rf "$1/swap-file" "$1/swap-dir"; echo x > "$1/swap-file"; mkdir "$1/swap-dir"; echo y > "$1/swap-dir/f"',
    "sh",
    path.join(site, "wp-content"),
  ]);
  const args = [
    rootOnly.file,
    rootOnly.dir,
    site,
    path.join(paths.siteTmpDir, subdomain),
    paths.sitesDir,
    subdomain,
  ];
  let swapper: ChildProcess | undefined;
  try {
    execFileSync("runuser", ["-u", user, "--", "bash", "-c", SWAPPER, "swapper", "once", ...args]);
    swapper = spawn("runuser", ["-u", user, "--", "bash", "-c", SWAPPER, "swapper", "loop", ...args], {
      detached: true,
      stdio: "ignore",
    });
    await operation();
  } finally {
    await stop(swapper);
    try {
      expectUntouched(rootOnly);
      expectNoCopyFor(user, [site, path.join(paths.siteTmpDir, subdomain)], rootOnly.content);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  expectRootLayout(site, path.join(paths.siteTmpDir, subdomain), user, !siteBreaksItself);
  // A site whose own wp-config.php was a link when the helper took it back broke itself.
  if (!siteBreaksItself) expect((await host.fetch(subdomain, "/")).status).toBe(200);
}

/**
 * The swapper's arguments: `once` or `loop`, the root-only file and folder, the site, its temp
 * folders' parent, the sites' root, the subdomain.
 */
const SWAPPER = `
mode=$1 secret=$2 secret_dir=$3 site=$4 private=$5 sites=$6 sub=$7
# A symlink put in place in one rename: whoever lists the folder sees a link, never a gap.
swap() {
  ln -sfn "$2" "$1.lnk.$$" 2>/dev/null && mv -Tf "$1.lnk.$$" "$1" 2>/dev/null
  rm -f "$1.lnk.$$" 2>/dev/null
}
once() {
  swap "$site/wp-config.php" "$secret"
  swap "$site/wp-content/swap-file" "$secret"
  [ -L "$site/wp-content/swap-dir" ] || rm -rf "$site/wp-content/swap-dir" 2>/dev/null
  swap "$site/wp-content/swap-dir" "$secret_dir"
  for d in tmp sessions; do
    [ -L "$private/$d" ] || mv -T "$private/$d" "$private/$d.pris" 2>/dev/null
    swap "$private/$d" "$secret_dir"
  done
  for staging in $(cat /proc/[0-9]*/cmdline 2>/dev/null | tr '\\0' '\\n' | grep -o "^$sites/\\\\.$sub\\\\.[a-z]*-[0-9a-f]*" | sort -u); do
    swap "$staging/wp-config.php" "$secret"
  done
}
once
if [ "$mode" = loop ]; then
  while :; do once; done
fi
`;

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGKILL");
  await exited;
}

function expectUntouched(rootOnly: RootOnly): void {
  for (const [file, mode] of [
    [rootOnly.file, 0o600],
    [rootOnly.dir, 0o750],
    [path.join(rootOnly.dir, "dedans"), 0o600],
  ] as const) {
    const stat = statSync(file);
    expect(stat.uid, `owner of ${file}`).toBe(0);
    expect(stat.gid, `group of ${file}`).toBe(0);
    expect(stat.mode & 0o7777, `mode of ${file}`).toBe(mode);
  }
  expect(readFileSync(rootOnly.file, "utf8")).toBe(rootOnly.content);
  expect(readFileSync(path.join(rootOnly.dir, "dedans"), "utf8")).toBe(rootOnly.content);
}

/** Nothing the site's user can read holds the root-only content (grep -r follows no link). */
function expectNoCopyFor(user: string, dirs: string[], content: string): void {
  const found = spawnSync("runuser", ["-u", user, "--", "grep", "-rlF", "--", content.trim(), ...dirs], {
    encoding: "utf8",
  });
  expect(found.stdout, `copies of the root-only file readable by ${user}`).toBe("");
}

/** The layout of decision 0043: what the site could swap is root's. */
function expectRootLayout(site: string, privateDir: string, user: string, withConfig: boolean): void {
  const owner = (file: string) => execFileSync("stat", ["-c", "%U:%G %a", file], { encoding: "utf8" }).trim();
  expect(owner(site)).toBe("root:www-data 751");
  if (withConfig) expect(owner(path.join(site, "wp-config.php"))).toBe(`root:${user} 640`);
  expect(owner(path.join(site, "wp-content"))).toBe(`${user}:www-data 2750`);
  expect(owner(privateDir)).toBe(`root:${user} 750`);
  expect(owner(path.join(privateDir, "tmp"))).toBe(`${user}:${user} 700`);
}

/** The site's archive, as the backups take it. */
export async function exportToBuffer(host: WordPressHost, subdomain: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await host.exportSite(
    subdomain,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(chunks);
}

/** Exports the site and imports it back (a restore), as the backups do. */
export async function restoreFromOwnExport(host: WordPressHost, subdomain: string): Promise<void> {
  const archive = await exportToBuffer(host, subdomain);
  await host.importSite(subdomain, Readable.from([archive]));
}
