import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { chmod, chown, mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { ensureSystemUser, userId } from "../lib/system-accounts.ts";
import { runProcess } from "../wordpress/run-process.ts";
import { WEB_USER } from "../wordpress/site-runtime-config.ts";
import { forgetWebmailDomain } from "./forget-domain.ts";
import { endProcess, groupId, type MailHostCompanion, stopChild, waitForPort } from "./local-mail-host.ts";
import type { MailEndpoints } from "./mail-host.ts";
import {
  roundcubeConfig,
  type WebmailPaths,
  webmailDatabase,
  webmailFpmConfig,
  webmailNginxConfig,
} from "./webmail-config.ts";

/** The system user Roundcube's PHP runs as: never a site's user, never the mailboxes' owner. */
export const WEBMAIL_USER = "lagonwebmail";
const PHP_FPM = "/usr/sbin/php-fpm8.2";
const ROUNDCUBE = "/usr/share/roundcube";
/** The "mark as junk" plugin (Debian's roundcube-plugins), enabled by webmail-config.ts. */
const MARKASJUNK = `${ROUNDCUBE}/plugins/markasjunk/markasjunk.php`;
const SYSTEM_PATH = "/usr/sbin:/usr/bin:/sbin:/bin";

/** The embedded webmail's nginx port, from the mail host's base: base + 80. */
export const webmailPort = (mailPortBase: number) => mailPortBase + 80;

export interface LocalWebmailOptions {
  /** Its configuration, SQLite database, logs and temporary files (under the mail host's folder). */
  root: string;
  /** Its sockets and PID files. */
  runDir: string;
  /** nginx listens on 127.0.0.1:<port>. */
  port: number;
  /** Where a browser opens it (shown on the order page). */
  url: string;
}

/**
 * Roundcube (Debian's roundcube-core) for the mail host's mailboxes: its own php-fpm master as
 * WEBMAIL_USER and its own nginx on a loopback port, configured by the product under the mail
 * host's folder, started and stopped with the host (docs/operations/mail-host.md).
 */
export class LocalWebmail implements MailHostCompanion {
  private readonly children: ChildProcess[] = [];
  private readonly paths: WebmailPaths;

  constructor(private readonly options: LocalWebmailOptions) {
    const { root, runDir } = options;
    this.paths = {
      configDir: path.join(root, "config"),
      databaseDir: path.join(root, "db"),
      logDir: path.join(root, "log"),
      tempDir: path.join(root, "temp"),
      runDir,
      socket: path.join(runDir, "php-fpm.sock"),
    };
  }

  get url(): string {
    return this.options.url;
  }

  /** Starts it for the mail host's IMAP and submission (on loopback, over STARTTLS). */
  async start(host: MailEndpoints): Promise<void> {
    for (const file of [PHP_FPM, "/usr/sbin/nginx", `${ROUNDCUBE}/index.php`, MARKASJUNK]) {
      await readFile(file).catch(() => {
        throw new Error(
          `${file} est absent : lancez scripts/install.sh (paquets roundcube-core, roundcube-sqlite3, roundcube-plugins)`,
        );
      });
    }
    const uid = await ensureSystemUser(WEBMAIL_USER);
    const gid = await groupId(WEBMAIL_USER);
    const { configDir, databaseDir, logDir, tempDir, runDir } = this.paths;
    // The configuration (its DES key) is read by Roundcube's user only; its data is its own.
    const folders: [string, number, number, number][] = [
      [this.options.root, 0o750, 0, gid],
      [configDir, 0o750, 0, gid],
      [databaseDir, 0o700, uid, gid],
      [logDir, 0o700, uid, gid],
      [tempDir, 0o700, uid, gid],
      [runDir, 0o755, 0, 0],
      [path.join(runDir, "nginx"), 0o700, await userId(WEB_USER), 0],
    ];
    for (const [dir, mode, owner, group] of folders) {
      await mkdir(dir, { recursive: true });
      await chown(dir, owner, group);
      await chmod(dir, mode);
    }
    const desKey = await this.desKey(gid);
    const config = path.join(configDir, "config.inc.php");
    await writeFile(config, roundcubeConfig(this.paths, { desKey, host }), { mode: 0o640 });
    await chown(config, 0, gid);
    // Debian's defaults and MIME types beside the product's own file.
    for (const name of ["defaults.inc.php", "mimetypes.php"]) {
      await rm(path.join(configDir, name), { force: true });
      await symlink(path.join("/etc/roundcube", name), path.join(configDir, name));
    }
    await this.updateDatabase(uid, gid);
    await writeFile(path.join(runDir, "php-fpm.conf"), webmailFpmConfig(this.paths, WEBMAIL_USER));
    await writeFile(path.join(runDir, "nginx.conf"), webmailNginxConfig(this.paths, this.options.port));
    await this.stopLeftovers();
    this.spawn(PHP_FPM, ["--nodaemonize", "--fpm-config", path.join(runDir, "php-fpm.conf")]);
    await waitForSocket(this.paths.socket);
    this.spawn("/usr/sbin/nginx", ["-c", path.join(runDir, "nginx.conf"), "-g", "daemon off;"]);
    await waitForPort(this.options.port);
  }

  /** Roundcube's rows and sessions of the domain's users, deleted as its own user (decision 0113). */
  async forgetDomain(domain: string): Promise<void> {
    const owner = { uid: await userId(WEBMAIL_USER), gid: await groupId(WEBMAIL_USER) };
    await forgetWebmailDomain(owner, webmailDatabase(this.paths), domain);
  }

  async stop(): Promise<void> {
    await Promise.all(this.children.splice(0).map((child) => stopChild(child)));
    // Its configuration, sockets and PID files: nothing of a stopped webmail stays in /run.
    await rm(this.paths.runDir, { recursive: true, force: true });
  }

  /**
   * A product killed without stopping leaves its webmail's masters running: those whose command
   * line names this run folder's configuration are ended.
   */
  private async stopLeftovers(): Promise<void> {
    for (const name of ["php-fpm", "nginx"]) {
      let pid = 0;
      try {
        pid = Number(readFileSync(path.join(this.paths.runDir, `${name}.pid`), "utf8").trim());
      } catch {}
      if (!(pid > 0)) continue;
      let cmdline = "";
      try {
        cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      } catch {}
      if (cmdline.includes(path.join(this.paths.runDir, `${name}.conf`))) await endProcess(pid);
    }
  }

  /** Roundcube's key for what it keeps encrypted (the IMAP password in the session): made once. */
  private async desKey(gid: number): Promise<string> {
    const file = path.join(this.paths.configDir, "des.key");
    const existing = await readFile(file, "utf8").catch(() => "");
    if (/^[A-Za-z0-9+/]{24}$/.test(existing.trim())) return existing.trim();
    const key = randomBytes(18).toString("base64");
    await writeFile(file, key, { mode: 0o640 });
    await chown(file, 0, gid);
    return key;
  }

  /** Creates Roundcube's tables, or brings them to the installed version, as its own user. */
  private async updateDatabase(uid: number, gid: number): Promise<void> {
    await runProcess(
      "/usr/bin/setpriv",
      [
        `--reuid=${uid}`,
        `--regid=${gid}`,
        "--clear-groups",
        "/usr/bin/php",
        `${ROUNDCUBE}/bin/updatedb.sh`,
        "--package=roundcube",
        `--dir=${ROUNDCUBE}/SQL`,
      ],
      { env: { PATH: SYSTEM_PATH, ROUNDCUBE_CONFIG_DIR: this.paths.configDir } },
    );
  }

  private spawn(command: string, args: string[]): void {
    const child = spawn(command, args, { env: { PATH: SYSTEM_PATH }, detached: true, stdio: "ignore" });
    this.children.push(child);
  }
}

/** Waits (20 s at most) until php-fpm listens on its socket: nginx sends nothing to it before. */
export async function waitForSocket(socket: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ready = await new Promise<boolean>((resolve) => {
      const connection = net.connect(socket, () => {
        connection.destroy();
        resolve(true);
      });
      connection.once("error", () => resolve(false));
    });
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`php-fpm ne répond pas sur ${socket}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
