import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectConfined,
  expectUserCannotRead,
  installPluginThroughWpAdmin,
  PROBE_SECRET_VARIABLE,
  type ProbeTargets,
  probePluginZip,
  runProbe,
  siteUser,
} from "./hostile-plugin.ts";
import { runProcess } from "./run-process.ts";
import { basicAuth, expectWorkingSite, freePort, sampleSite, testCoreDir } from "./site-checks.ts";
import { SITE_HOST_SCRIPT } from "./site-install.ts";
import { SiteRuntime } from "./site-runtime.ts";
import { SshWordPressHost, type SshWordPressHostOptions } from "./ssh-host.ts";
import { type InstalledSite, SiteExistsError } from "./wordpress-host.ts";

const SSHD = "/usr/sbin/sshd";

/**
 * The SSH host against a real sshd (Debian's openssh-server) run by hand on 127.0.0.1 with a
 * throwaway key. The "remote" host is this machine: nginx and php-fpm as a production host runs
 * them (one pool and one system user per site), and site-host.sh reading its settings from a
 * root-only file, as it does under sudo.
 */
describe("SshWordPressHost", () => {
  let dir: string;
  let hostDataDir: string;
  let sshd: ChildProcess | undefined;
  let web: SiteRuntime;
  let options: SshWordPressHostOptions;
  let host: SshWordPressHost;

  beforeAll(async () => {
    if (!existsSync(SSHD)) throw new Error(`${SSHD} is missing: apt-get install -y openssh-server`);
    const coreDir = testCoreDir();
    dir = await mkdtemp(path.join(os.tmpdir(), "wp-ssh-"));
    await chmod(dir, 0o711);
    hostDataDir = path.join(dir, "host");
    const [sshPort, webPort] = [await freePort(), await freePort()];
    sshd = await startSshd(dir, sshPort);

    process.env[PROBE_SECRET_VARIABLE] = "the-product-environment";
    web = new SiteRuntime({ dataDir: hostDataDir, coreDir, port: webPort, baseDomain: "localhost" });
    await web.start(async () => {});
    const conf = path.join(dir, "site-host.conf");
    const settings = Object.entries(web.hostSettings()).map(
      ([k, v]) => `${k}='${v.replaceAll("'", `'\\''`)}'`,
    );
    await writeFile(conf, `${settings.join("\n")}\n`, { mode: 0o600 });
    options = {
      ssh: {
        host: "127.0.0.1",
        port: sshPort,
        user: os.userInfo().username,
        keyFile: path.join(dir, "client_key"),
        knownHostsFile: path.join(dir, "known_hosts"),
      },
      helper: `SITE_HOST_CONF=${conf} bash ${SITE_HOST_SCRIPT}`,
      baseDomain: "localhost",
      publicScheme: "http",
      publicPort: webPort,
      connectHost: "127.0.0.1",
    };
    host = new SshWordPressHost(options);
    await host.start();
  });

  afterAll(async () => {
    await web?.stop();
    if (sshd?.pid && sshd.exitCode === null) {
      const exited = new Promise((resolve) => sshd?.once("exit", resolve));
      process.kill(sshd.pid, "SIGTERM");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  });

  it("installs a working French site over SSH", async () => {
    const site = sampleSite("distant", "Traiteur Distant");
    expect(await host.status("distant")).toBe("absent");
    const installed = await host.install(site);
    await expectWorkingSite(host, site, installed);
    await expect(host.install(site)).rejects.toBeInstanceOf(SiteExistsError);
    expect(await host.health()).toEqual({ ok: true });
  });

  it("reinstalls and removes over SSH", async () => {
    const site = sampleSite("distant", "Traiteur Distant");
    const before = await host.reinstall(site);
    const after = await host.reinstall(site);
    await expectWorkingSite(host, site, after);
    const oldApp = await host.fetch("distant", "/wp-json/wp/v2/users/me", {
      headers: basicAuth(before.adminUser, before.appPassword),
    });
    expect(oldApp.status).toBe(401);

    await host.remove("distant");
    expect(await host.status("distant")).toBe("absent");
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
    const sites = path.join(hostDataDir, "sites");
    const [attacker] = await Promise.all([
      host.install(sampleSite("pirate", "Pirate")),
      host.install(sampleSite("voisin", "Voisin")),
    ]);
    const targets: ProbeTargets = {
      read: {
        "other-db": path.join(sites, "voisin/wp-content/database/.ht.sqlite"),
        "other-config": path.join(sites, "voisin/wp-config.php"),
        "host-settings": path.join(dir, "site-host.conf"),
        "ssh-key": path.join(dir, "client_key"),
        "product-environ": `/proc/${process.pid}/environ`,
        helper: SITE_HOST_SCRIPT,
      },
      list: { sites, "other-site": path.join(sites, "voisin"), proc: "/proc" },
      write: path.join(sites, "voisin/wp-content/pirate.php"),
      pid: process.pid,
    };
    await installPluginThroughWpAdmin(host, "pirate", attacker as InstalledSite, probePluginZip(targets));
    expectConfined(await runProbe(host, "pirate"), targets, path.join(sites, "pirate"));
    expect(existsSync(targets.write)).toBe(false);
    expectUserCannotRead(siteUser(path.join(sites, "pirate")), [
      targets.read["other-db"] as string,
      targets.read["other-config"] as string,
      targets.read["host-settings"] as string,
      targets.read["ssh-key"] as string,
      targets.read["product-environ"] as string,
    ]);
  });

  it("refuses a host whose helper is another version", async () => {
    const staleDir = path.join(dir, "stale");
    const stale = path.join(staleDir, "site-host.sh");
    await mkdir(staleDir);
    await writeFile(stale, `${await readFile(SITE_HOST_SCRIPT, "utf8")}\n# an older copy\n`);
    await writeFile(
      path.join(staleDir, "install-site.php"),
      await readFile(path.join(path.dirname(SITE_HOST_SCRIPT), "install-site.php")),
    );
    await cp(path.join(path.dirname(SITE_HOST_SCRIPT), "site-files"), path.join(staleDir, "site-files"), {
      recursive: true,
    });
    const outdated = new SshWordPressHost({
      ...options,
      helper: options.helper.replace(SITE_HOST_SCRIPT, stale),
    });
    await expect(outdated.start()).rejects.toThrow(/n'a pas la version/);
  });

  it("fails with a clear message when the host refuses the key", async () => {
    const stranger = new SshWordPressHost({
      ...options,
      ssh: { ...options.ssh, keyFile: path.join(dir, "host_key") },
    });
    await expect(stranger.start()).rejects.toThrow(/Permission denied/);
  });
});

/** Starts sshd in the foreground on loopback with its own keys and config. */
async function startSshd(dir: string, port: number): Promise<ChildProcess> {
  for (const key of ["host_key", "client_key"]) {
    await runProcess("ssh-keygen", [
      "-q",
      "-t",
      "ed25519",
      "-N",
      "",
      "-C",
      "wp-test",
      "-f",
      path.join(dir, key),
    ]);
  }
  const hostKey = (await readFile(path.join(dir, "host_key.pub"), "utf8")).split(" ").slice(0, 2).join(" ");
  await writeFile(path.join(dir, "known_hosts"), `[127.0.0.1]:${port} ${hostKey}\n`);
  const config = [
    `Port ${port}`,
    "ListenAddress 127.0.0.1",
    `HostKey ${path.join(dir, "host_key")}`,
    `AuthorizedKeysFile ${path.join(dir, "client_key.pub")}`,
    "PasswordAuthentication no",
    "KbdInteractiveAuthentication no",
    "UsePAM no",
    "StrictModes no",
    `PidFile ${path.join(dir, "sshd.pid")}`,
  ];
  await writeFile(path.join(dir, "sshd_config"), `${config.join("\n")}\n`);
  // sshd wants its privilege separation folder even when run by hand.
  await mkdir("/run/sshd", { recursive: true }).catch(() => {});

  const sshd = spawn(SSHD, ["-D", "-e", "-f", path.join(dir, "sshd_config")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  sshd.stderr?.on("data", (chunk: Buffer) => {
    log += chunk.toString("utf8");
  });
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (sshd.exitCode !== null || Date.now() > deadline) throw new Error(`sshd did not start: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return sshd;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
