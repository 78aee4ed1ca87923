import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../test/smtp-sink.ts";
import { loadConfig } from "../config.ts";
import { installPlugin } from "../wordpress-plugins/install-plugin.ts";
import { publishFolder, startPluginDirectory } from "../wordpress-plugins/plugin-directory-stand-in.ts";
import { createPluginSource } from "../wordpress-plugins/plugin-source.ts";
import { createWordPressHosts } from "./create-wordpress-hosts.ts";
import type { HostProductUser } from "./host-product-user.ts";
import { expectHostilePluginConfined, PROBE_SECRET_VARIABLE } from "./hostile-plugin.ts";
import {
  expectNoProcessFromPhp,
  expectSymlinkSwapsHarmless,
  restoreFromOwnExport,
} from "./hostile-tenant.ts";
import { type LoopbackSshHost, startLoopbackSshHost } from "./loopback-ssh-host.ts";
import { type ProcessError, runProcess } from "./run-process.ts";
import { SSHD_SFTP_CONF } from "./sftp-config.ts";
import { CLOSED_BY_SERVER, openSftp, type SftpLogin, sftpBatch, sshAttempt } from "./sftp-session.ts";
import {
  basicAuth,
  expectArchiveRoundTrip,
  expectSuspensionCycle,
  expectWorkingSite,
  sampleSite,
  testCoreDir,
} from "./site-checks.ts";
import { SITE_HOST_DIR, SITE_SECCOMP_WRITER } from "./site-host-files.ts";
import { SITE_HOST_SCRIPT } from "./site-install.ts";
import { writeSeccompFilter } from "./site-masters.ts";
import type { SftpEndpoint } from "./site-sftp.ts";
import { SshWordPressHost, type SshWordPressHostOptions } from "./ssh-host.ts";
import { type InstalledSite, SiteExistsError } from "./wordpress-host.ts";

/**
 * The SSH host against a real sshd (Debian's openssh-server) run by hand on 127.0.0.1 with a
 * throwaway key (loopback-ssh-host.ts): the "remote" host is this machine, set up as
 * docs/operations/wordpress-host.md says.
 */
describe("SshWordPressHost", () => {
  let dir: string;
  let hostDataDir: string;
  let conf: string;
  let loopback: LoopbackSshHost | undefined;
  let product: HostProductUser | undefined;
  let options: SshWordPressHostOptions;
  let host: SshWordPressHost;
  /** The site the second test installs, which the tests after it use until they reinstall it. */
  let distant: InstalledSite;

  /** Runs a shell command on the host as the product's user, over the product's SSH access. */
  async function asProductUser(command: string): Promise<{ ok: boolean; stdout: string; stderr: string }> {
    const { host: address, user, port, keyFile, knownHostsFile } = options.ssh;
    const args = ["-i", keyFile, "-p", String(port), "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes"];
    args.push("-o", `UserKnownHostsFile=${knownHostsFile}`, "-o", "StrictHostKeyChecking=yes");
    args.push("-o", "LogLevel=ERROR", `${user}@${address}`, command);
    return runProcess("ssh", args).then(
      (out) => ({ ok: true, ...out }),
      (error: ProcessError) => ({ ok: false, stdout: "", stderr: error.stderr }),
    );
  }

  beforeAll(async () => {
    process.env[PROBE_SECRET_VARIABLE] = "the-product-environment";
    loopback = await startLoopbackSshHost();
    ({ dir, hostDataDir, conf, product, options } = loopback);
    host = new SshWordPressHost(options);
    await host.start();
  });

  afterAll(async () => {
    await loopback?.stop();
  });

  it("logs in as the product's user, none of the sites', who runs the helper through sudo only", async () => {
    const me = await asProductUser("id -u; id -Gn");
    const [uid, groups] = me.stdout.trim().split("\n");
    expect(Number(uid)).toBeGreaterThan(0);
    expect(groups).toBe(product?.name);
    expect(options.helper).toBe(`sudo -n ${product?.helper}`);
    expect((await asProductUser(`${options.helper} status distant`)).stdout).toBe("absent\n");
    const rights = await asProductUser("sudo -n -l");
    expect(rights.ok, rights.stderr).toBe(true);
    const commands = rights.stdout.split(/may run the following commands on [^:]+:\n/)[1];
    expect(commands?.trim().split("\n")).toEqual([`(root) NOPASSWD: ${product?.helper}`]);
  });

  it("installs a working French site over SSH", async () => {
    const site = sampleSite("distant", "Traiteur Distant");
    expect(await host.status("distant")).toBe("absent");
    distant = await host.install(site);
    await expectWorkingSite(host, site, distant);
    await expect(host.install(site)).rejects.toBeInstanceOf(SiteExistsError);
    expect(await host.health()).toEqual({ ok: true });
  });

  it("gives the product a site's visit log through the helper only, anonymised (decision 0051)", async () => {
    const page = await host.fetch("distant", "/?email=zoe%40example.re", {
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0" },
    });
    expect(page.status).toBe(200);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const log = await host.visitLog("distant", yesterday);
    expect(log).toMatch(
      /^127\.0\.0\.0 - - \[.+\] "GET \/ HTTP\/1\.1" 200 \d+ "-" "Mozilla\/5\.0 \(X11; Linux x86_64\) Firefox\/128\.0"$/m,
    );
    expect(log).not.toContain("zoe");
    const logDir = /^ACCESS_LOG_DIR=(.+)$/m.exec(await readFile(conf, "utf8"))?.[1]?.replace(/^'|'$/g, "");
    expect(logDir).toBeTruthy();
    const direct = await asProductUser(`cat ${logDir}/distant.*.log || ls ${logDir}`);
    expect(direct.ok).toBe(false);
    await host.pruneVisitLogs();
    expect(await host.visitLog("distant", yesterday)).toBe(log);
  });

  it("lets a Libre customer in through the host's own sshd and its shipped Match block, by password and key, until suspended (decisions 0059, 0076)", async () => {
    // The endpoint the order page shows, from the product's settings for this host.
    const sshPort = options.ssh.port;
    const config = loadConfig({
      ...loopback?.env,
      DATA_DIR: path.join(dir, "product"),
      SFTP_PORT: String(sshPort),
    });
    const endpoint = createWordPressHosts(config).main.sftpEndpoint();
    expect(endpoint).toEqual({ host: "127.0.0.1", port: sshPort });
    expect(host.sftpEndpoint()).toEqual({ host: "127.0.0.1", port: 22 });
    // What the host's sshd runs is the shipped file, but for this host's SFTP_DIR and group.
    const running = await readFile(path.join(dir, "sshd_config.d", "lagon-sftp.conf"), "utf8");
    const settings = await readFile(conf, "utf8");
    const setting = (name: string) => new RegExp(`^${name}='(.+)'$`, "m").exec(settings)?.[1] as string;
    expect(running).toBe(
      (await readFile(SSHD_SFTP_CONF, "utf8"))
        .replace("Match Group lagon-sftp\n", `Match Group ${setting("SFTP_GROUP")}\n`)
        .replaceAll("/var/lib/lagon/sftp/", `${setting("SFTP_DIR")}/`),
    );

    const password = "Letchis-de-Saint-Denis";
    const state = await host.sftp("distant", { action: "password", password });
    expect(state).toMatchObject({ passwordSet: true, mode: "wordpress", keys: [] });
    // Kept only as the system's hash.
    const shadow = (await runProcess("getent", ["shadow", state.user])).stdout;
    expect(shadow.split(":")[1]).toMatch(/^\$/);
    expect(shadow).not.toContain(password);
    const keyFile = path.join(dir, "sftp_key");
    await runProcess("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "atelier@distant", "-f", keyFile]);
    const key = (await readFile(`${keyFile}.pub`, "utf8")).trim();
    const withKey = await host.sftp("distant", { action: "key-add", key });
    expect(withKey.keys).toMatchObject([{ type: "ED25519", comment: "atelier@distant" }]);

    // By password: in /wp-content, chrooted in the site's folder, the upload lands in www.
    const login: SftpLogin = { ...(endpoint as SftpEndpoint), user: state.user, password };
    const keyLogin: SftpLogin = { ...(endpoint as SftpEndpoint), user: state.user, keyFile };
    const upload = path.join(dir, "index.html");
    await writeFile(upload, "<h1>Carry distant</h1>");
    const put = await sftpBatch(login, [
      "pwd",
      "cd www",
      `put ${upload}`,
      "cd /..",
      "pwd",
      "ls -1 /wp-content",
    ]);
    expect(put.stderr).not.toMatch(/denied|failed|error/i);
    expect(put.code).toBe(0);
    expect(put.stdout).toContain("Remote working directory: /wp-content\n");
    // The root is the site's folder: nothing above it, its wp-content right under it.
    expect(put.stdout).toMatch(/Remote working directory: \/\n[\s\S]*\/wp-content\/www\n/);
    const wayOut = await sftpBatch(login, [`get /etc/passwd ${path.join(dir, "passwd")}`]);
    expect(wayOut.stderr).toMatch(/not found|No such file/);
    expect(existsSync(path.join(dir, "passwd"))).toBe(false);
    // By key; and the site's user gets no shell through the block.
    expect((await sftpBatch(keyLogin, ["ls -1 /wp-content/www"])).stdout).toContain("index.html");
    const shell = await sshAttempt(keyLogin, ["-T", "echo pwned-$((6*7))"]);
    expect(shell.stdout).not.toContain("pwned-42");

    // Leaving Libre: a session open at that moment ends, and neither password nor key opens.
    const open = await openSftp(login);
    open.send("ls -1 www");
    await waitFor(() => open.output().includes("index.html") || undefined);
    expect(await host.suspendSftp("distant", true)).toBe(true);
    // Its next read gets nothing: the client ends on the closed connection, not at its "bye".
    open.send(`get www/index.html ${path.join(dir, "after-suspend.html")}`);
    open.send("bye");
    const ended = await open.ended;
    expect(ended.code).not.toBe(0);
    expect(ended.stderr).toMatch(CLOSED_BY_SERVER);
    expect(existsSync(path.join(dir, "after-suspend.html"))).toBe(false);
    expect((await sftpBatch(login, ["ls"])).code).not.toBe(0);
    expect((await sftpBatch(keyLogin, ["ls"])).code).not.toBe(0);
    // Back on Libre: both open again.
    expect(await host.suspendSftp("distant", false)).toBe(true);
    expect((await sftpBatch(login, ["ls -1 www"])).stdout).toContain("index.html");
    expect((await sftpBatch(keyLogin, ["ls"])).code).toBe(0);

    const fingerprint = withKey.keys[0]?.fingerprint as string;
    expect((await host.sftp("distant", { action: "key-remove", fingerprint })).keys).toEqual([]);
    expect((await sftpBatch(keyLogin, ["ls"])).code).not.toBe(0);

    // What the customer uploaded is served once the plain site is chosen.
    await host.setSiteMode("distant", "plain");
    expect((await host.sftp("distant", { action: "status" })).mode).toBe("plain");
    expect(await (await host.fetch("distant", "/")).text()).toBe("<h1>Carry distant</h1>");
    await host.setSiteMode("distant", "wordpress");
    expect(await (await host.fetch("distant", "/")).text()).toContain("Traiteur Distant");
  });

  it("installs a checked plugin over SSH from the host's cache, and applies a kit (decision 0058)", async () => {
    const published = await publishFolder(
      path.join(testCoreDir(), "wp-content/plugins/akismet"),
      "akismet",
      "5.5",
    );
    const directory = await startPluginDirectory([published]);
    try {
      const pin = { slug: "akismet", version: "5.5" };
      const first = await installPlugin(host, createPluginSource(directory.url), "distant", pin);
      expect(first.cached).toBe(false);
      expect(await host.cachedPlugin(pin)).toBe(first.sha256);
      const report = JSON.parse(
        await host.applyKit("distant", {
          activate: ["akismet/akismet.php"],
          deactivate: [],
          options: {},
          pages: [],
          taxRates: [],
          product: null,
        }),
      );
      expect(report.activated).toEqual(["akismet/akismet.php"]);
    } finally {
      await directory.close();
    }
  });

  it("reinstalls and removes over SSH", async () => {
    const site = sampleSite("distant", "Traiteur Distant");
    // Over the site as the tests above left it (SFTP, a plugin, a kit): its credentials go.
    const before = distant;
    const after = await host.reinstall(site);
    await expectWorkingSite(host, site, after);
    const oldApp = await host.fetch("distant", "/wp-json/wp/v2/users/me", {
      headers: basicAuth(before.adminUser, before.appPassword),
    });
    expect(oldApp.status).toBe(401);

    await host.remove("distant");
    expect(await host.status("distant")).toBe("absent");
  });

  it("suspends, archives and restores a site over SSH", async () => {
    const site = sampleSite("ssh-suspendu", "Suspendu par SSH");
    const installed = await host.install(site);
    await expectSuspensionCycle(host, "ssh-suspendu", installed);
    await expectArchiveRoundTrip(host, "ssh-suspendu", installed, path.join(dir, "ssh-archive.tar.gz"));
  });

  it("exports a site as an archive and puts it back over SSH", async () => {
    const site = await host.install(sampleSite("archive", "Archive Distante"));
    const auth = { ...basicAuth(site.adminUser, site.appPassword), "content-type": "application/json" };
    const title = async () =>
      (
        (await (await host.fetch("archive", "/wp-json/wp/v2/settings", { headers: auth })).json()) as {
          title: string;
        }
      ).title;
    const archive = new PassThrough();
    const chunks: Buffer[] = [];
    archive.on("data", (c: Buffer) => chunks.push(c));
    await host.exportSite("archive", archive);
    await writeFile(path.join(dir, "archive.tar"), Buffer.concat(chunks));
    const names = (await runProcess("tar", ["-tf", path.join(dir, "archive.tar")])).stdout;
    expect(names).toContain("./wp-config.php");
    expect(names).toContain("./wp-content/database/.ht.sqlite");
    // Only what the site writes: the core comes from the template when it is put back.
    expect(
      names.split("\n").filter((n) => n && n !== "./wp-config.php" && !n.startsWith("./wp-content/")),
    ).toEqual([]);

    await host.fetch("archive", "/wp-json/wp/v2/settings", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ title: "Changé" }),
    });
    expect(await title()).toBe("Changé");
    await host.importSite("archive", Readable.from([Buffer.concat(chunks)]));
    expect(await title()).toBe("Archive Distante");
    await expect(host.exportSite("absent", new PassThrough())).rejects.toThrow(/no site absent/);
  });

  it("confines a hostile plugin uploaded through wp-admin to its own site", async () => {
    await expectHostilePluginConfined({
      host,
      sitesDir: path.join(hostDataDir, "sites"),
      read: {
        "host-settings": conf,
        "ssh-key": options.ssh.keyFile,
        "sudo-rule": product?.sudoers as string,
        helper: product?.helper as string,
        "helper-command": path.join(path.dirname(product?.helper as string), "commands", "install.sh"),
        "helper-source": SITE_HOST_SCRIPT,
      },
      list: { "helper-dir": path.dirname(product?.helper as string) },
      unreadableByUser: ["host-settings", "ssh-key", "sudo-rule"],
    });
  });

  it("lets no PHP function start a program, even with the plugin's own LD_PRELOAD", async () => {
    await expectNoProcessFromPhp(host, "evasion");
  });

  it("lets a site swapping its files for symlinks to root's gain nothing from an update, a restore or a reinstall", async () => {
    const paths = {
      sitesDir: path.join(hostDataDir, "sites"),
      siteTmpDir: path.join(hostDataDir, "site-tmp"),
    };
    await host.install(sampleSite("bascule", "Bascule"));
    await expectSymlinkSwapsHarmless(host, paths, "bascule", async () => {
      await host.updateSite("bascule", [{ kind: "plugin", slug: "akismet" }]);
      await host.finishUpdate("bascule");
    });
    await expectSymlinkSwapsHarmless(host, paths, "bascule", () => restoreFromOwnExport(host, "bascule"));
    await expectSymlinkSwapsHarmless(host, paths, "bascule", () =>
      host.reinstall(sampleSite("bascule", "Bascule")),
    );
  });

  it("lets the product's user run nothing else as root, nor change the helper, nor read the sites", async () => {
    const helper = product?.helper as string;
    const sites = path.join(hostDataDir, "sites");
    // Run as root, these would leave a mark: a settings file and programs of the caller's choice.
    const mark = path.join(dir, "ran-as-root");
    const evilConf = path.join(dir, "evil.conf");
    const evilBin = path.join(dir, "evil-bin");
    await writeFile(evilConf, `touch ${mark}\n`, { mode: 0o644 });
    await mkdir(evilBin, { mode: 0o755 });
    for (const tool of ["php", "sha256sum", "getent", "chmod"]) {
      await writeFile(path.join(evilBin, tool), `#!/bin/sh\ntouch ${mark}\nexit 1\n`, { mode: 0o755 });
    }
    const siteUserOf = (
      await runProcess("stat", ["-c", "%U", path.join(sites, "voisin", "wp-content")])
    ).stdout.trim();
    const refused = [
      "sudo -n /usr/bin/id",
      "sudo -n /bin/sh -c id",
      "sudo -n -i",
      "sudo -n -s",
      `sudo -n bash ${helper} check`,
      `sudo -n -u ${siteUserOf} /usr/bin/id`,
      `sudo -n -u www-data ${helper} check`,
      `sudo -n -e ${helper}`,
      `sudo -n SITE_HOST_CONF=${evilConf} ${helper} check`,
      `sudo -n -E ${helper} check`,
      `SITE_HOST_CONF=${evilConf} sudo -n --preserve-env=SITE_HOST_CONF ${helper} check`,
      `sudo -n PATH=${evilBin} ${helper} check`,
      // Writing the helper, its installer, their folder, its settings or the rule.
      `echo 'touch ${mark}' >> ${helper}`,
      `echo 'touch ${mark}' >> ${product?.installer}`,
      `echo 'touch ${mark}' >> ${path.dirname(helper)}/lib/common.sh`,
      `echo 'touch ${mark}' >> ${path.dirname(helper)}/commands/check.sh`,
      `touch ${path.dirname(helper)}/commands/evil.sh`,
      `cp /bin/true ${helper}`,
      `rm -f ${helper}`,
      `touch ${path.dirname(helper)}/site-host.conf`,
      `echo 'touch ${mark}' >> ${conf}`,
      `echo '${product?.name} ALL=(ALL) NOPASSWD: ALL' >> ${product?.sudoers}`,
      // Reading its settings, the rule, and the sites (the product's user is none of theirs).
      `cat ${conf}`,
      `cat ${product?.sudoers}`,
      `cat ${path.join(sites, "voisin/wp-config.php")}`,
      `cat ${path.join(sites, "voisin/wp-content/database/.ht.sqlite")}`,
      `ls ${path.join(sites, "voisin")}`,
    ];
    for (const command of refused) {
      const result = await asProductUser(command);
      expect(result.ok, `${command} → ${result.stdout}`).toBe(false);
      expect(existsSync(mark), command).toBe(false);
    }
    // The caller's environment does not reach the helper: sudo resets it (settings, PATH).
    for (const command of [
      `SITE_HOST_CONF=${evilConf} ${options.helper} check`,
      `PATH=${evilBin}:$PATH ${options.helper} check`,
    ]) {
      const result = await asProductUser(command);
      expect(result.ok, `${command}: ${result.stderr}`).toBe(true);
    }
    expect(existsSync(mark)).toBe(false);
    expect(await readFile(helper, "utf8")).toBe(await readFile(SITE_HOST_SCRIPT, "utf8"));
    await host.start();
  });

  it("refuses a host whose helper is another version, its seccomp filter's writer included", async () => {
    const helper = product?.helper as string;
    for (const file of [helper, path.join(path.dirname(helper), SITE_SECCOMP_WRITER)]) {
      const current = await readFile(file, "utf8");
      // As the operator who updates the product but forgets the host: its copy is older.
      await writeFile(file, `${current}\n# an older copy\n`);
      try {
        await expect(new SshWordPressHost(options).start()).rejects.toThrow(/n'a pas la version/);
      } finally {
        await writeFile(file, current);
      }
    }
    await new SshWordPressHost(options).start();
  });

  it("keeps the sites' seccomp filter the one its helper's site-seccomp.py writes, root's and 0644 (decision 0095)", async () => {
    const filter = /^SITE_SECCOMP='(.+)'$/m.exec(await readFile(conf, "utf8"))?.[1] as string;
    expect(filter).toMatch(/\.bpf$/);
    const expected = path.join(dir, "expected.bpf");
    await writeSeccompFilter(expected);
    const matches = async () => (await readFile(filter)).equals(await readFile(expected));
    // The start's check wrote it, and a stamp of its writer and of itself.
    expect(await matches()).toBe(true);
    const writer = await readFile(path.join(SITE_HOST_DIR, SITE_SECCOMP_WRITER));
    const [source] = (await readFile(`${filter}.sha256`, "utf8")).split(" ");
    expect(source).toBe(createHash("sha256").update(writer).digest("hex"));
    // An older filter (a host whose filter was written by an earlier helper): the check writes it again.
    await writeFile(filter, "an older filter");
    await new SshWordPressHost(options).start();
    expect(await matches()).toBe(true);
    const { uid, mode } = await stat(filter);
    expect([uid, mode & 0o777]).toEqual([0, 0o644]);
  });

  it("fails with a clear message when the host refuses the key", async () => {
    const stranger = new SshWordPressHost({
      ...options,
      ssh: { ...options.ssh, keyFile: path.join(dir, "host_key") },
    });
    await expect(stranger.start()).rejects.toThrow(/Permission denied/);
  });
});
