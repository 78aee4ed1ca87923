import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PhpServer } from "./php-server.ts";
import { runProcess } from "./run-process.ts";
import { basicAuth, expectWorkingSite, freePort, sampleSite, testCoreDir } from "./site-checks.ts";
import { SshWordPressHost, type SshWordPressHostOptions } from "./ssh-host.ts";
import { SiteExistsError } from "./wordpress-host.ts";

const SSHD = "/usr/sbin/sshd";

/**
 * The SSH host against a real sshd (Debian's openssh-server) run by hand on 127.0.0.1 with a
 * throwaway key; the "remote" sites are served by a local php -S so they can be checked.
 */
describe("SshWordPressHost", () => {
  let dir: string;
  let sshd: ChildProcess | undefined;
  let web: PhpServer;
  let options: SshWordPressHostOptions;
  let host: SshWordPressHost;

  beforeAll(async () => {
    if (!existsSync(SSHD)) throw new Error(`${SSHD} is missing: apt-get install -y openssh-server`);
    const coreDir = testCoreDir();
    dir = await mkdtemp(path.join(os.tmpdir(), "wp-ssh-"));
    const sitesRoot = path.join(dir, "sites");
    const [sshPort, webPort] = [await freePort(), await freePort()];
    sshd = await startSshd(dir, sshPort);

    web = new PhpServer({ sitesRoot, baseDomain: "localhost", port: webPort });
    await mkdir(sitesRoot);
    await web.start();
    options = {
      ssh: {
        host: "127.0.0.1",
        port: sshPort,
        user: os.userInfo().username,
        keyFile: path.join(dir, "client_key"),
        knownHostsFile: path.join(dir, "known_hosts"),
      },
      sitesRoot,
      coreDir,
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
