import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createHostProductUser, type HostProductUser } from "./host-product-user.ts";
import { runProcess } from "./run-process.ts";
import { sftpMatchBlock } from "./sftp-config.ts";
import { freePort, testCoreDir } from "./site-checks.ts";
import { SiteRuntime } from "./site-runtime.ts";
import type { SshWordPressHostOptions } from "./ssh-host.ts";

const SSHD = "/usr/sbin/sshd";

/** A WordPress host over SSH on this machine, for tests: what it is made of and how to reach it. */
export interface LoopbackSshHost {
  /** Its scratch folder (keys, sshd config, the helper's settings file). */
  dir: string;
  /** The folder of the host's nginx and php-fpm (its sites under `sites/`). */
  hostDataDir: string;
  /** The helper's settings file (root-only). */
  conf: string;
  product: HostProductUser;
  options: SshWordPressHostOptions;
  /** The environment of a product process using this host (WP_HOST=ssh…). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Sets up a real SSH WordPress host on loopback as docs/operations/wordpress-host.md says: a
 * throwaway sshd on 127.0.0.1, nginx and php-fpm with one pool and one system user per site, and
 * the product logging in as a user of its own whose one privilege is the guide's sudo rule for a
 * root-owned copy of site-host.sh. Needs root, openssh-server and sudo.
 */
export async function startLoopbackSshHost(): Promise<LoopbackSshHost> {
  if (!existsSync(SSHD)) throw new Error(`${SSHD} is missing: apt-get install -y openssh-server`);
  if (!existsSync("/usr/bin/sudo")) throw new Error("sudo is missing: apt-get install -y sudo");
  const dir = await mkdtemp(path.join(os.tmpdir(), "wp-ssh-"));
  await chmod(dir, 0o711);
  const hostDataDir = path.join(dir, "host");
  const [sshPort, webPort] = [await freePort(), await freePort()];
  let sshd: ChildProcess | undefined;
  let web: SiteRuntime | undefined;
  let product: HostProductUser | undefined;
  const stop = async () => {
    await web?.stop();
    if (sshd?.pid && sshd.exitCode === null) {
      const exited = new Promise((resolve) => sshd?.once("exit", resolve));
      process.kill(sshd.pid, "SIGTERM");
      await exited;
    }
    await product?.remove();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    web = new SiteRuntime({
      dataDir: hostDataDir,
      coreDir: testCoreDir(),
      port: webPort,
      baseDomain: "localhost",
    });
    const runtimeSettings = web.hostSettings();
    const hostSettings = { ...runtimeSettings, PLUGIN_CACHE_DIR: path.join(hostDataDir, "plugin-cache") };
    // The customers' SFTP block the guide has operators install, for this host's SFTP_DIR and group.
    const sftpBlock = sftpMatchBlock({
      sftpDir: runtimeSettings.SFTP_DIR as string,
      group: runtimeSettings.SFTP_GROUP as string,
    });
    sshd = await startSshd(dir, sshPort, sftpBlock);
    await web.start(async () => {});
    const conf = path.join(dir, "site-host.conf");
    const settings = Object.entries(hostSettings).map(([k, v]) => `${k}='${v.replaceAll("'", `'\\''`)}'`);
    await writeFile(conf, `${settings.join("\n")}\n`, { mode: 0o600 });
    product = await createHostProductUser(dir, conf);
    const options: SshWordPressHostOptions = {
      ssh: {
        host: "127.0.0.1",
        port: sshPort,
        user: product.name,
        keyFile: path.join(dir, "client_key"),
        knownHostsFile: path.join(dir, "known_hosts"),
      },
      helper: product.helperCommand,
      baseDomain: "localhost",
      publicScheme: "http",
      publicPort: webPort,
      connectHost: "127.0.0.1",
    };
    const env = {
      WP_HOST: "ssh",
      WP_SSH_HOST: "127.0.0.1",
      WP_SSH_PORT: String(sshPort),
      WP_SSH_USER: product.name,
      WP_SSH_KEY: options.ssh.keyFile,
      WP_SSH_KNOWN_HOSTS: options.ssh.knownHostsFile as string,
      WP_SSH_HELPER: product.helperCommand,
      WP_SSH_CONNECT_HOST: "127.0.0.1",
      WP_PUBLIC_SCHEME: "http",
      WP_PUBLIC_PORT: String(webPort),
      BASE_DOMAIN: "localhost",
    };
    return { dir, hostDataDir, conf, product, options, env, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Starts sshd in the foreground on loopback with its own keys and config. */
async function startSshd(dir: string, port: number, sftpBlock: string): Promise<ChildProcess> {
  await makeSshKeys(dir, port, "wp-test");
  // As Debian's sshd_config: the drop-in folder first, where the guide installs the SFTP block.
  await mkdir(path.join(dir, "sshd_config.d"));
  await writeFile(path.join(dir, "sshd_config.d", "lagon-sftp.conf"), sftpBlock);
  const config = [
    `Include ${path.join(dir, "sshd_config.d", "*.conf")}`,
    `Port ${port}`,
    "ListenAddress 127.0.0.1",
    `HostKey ${path.join(dir, "host_key")}`,
    `AuthorizedKeysFile ${path.join(dir, "client_key.pub")}`,
    // Off for everyone else, as on a host reached by keys only: the SFTP block turns it on.
    "PasswordAuthentication no",
    "KbdInteractiveAuthentication no",
    // Debian's default: logins go through /etc/pam.d/sshd (pam_unix), as on a production host.
    "UsePAM yes",
    "StrictModes no",
    // Many product processes log in at once (two workers, three installs each).
    "MaxStartups 100",
    `PidFile ${path.join(dir, "sshd.pid")}`,
    // Debian's own lines, which the SFTP block overrides for its group.
    "X11Forwarding yes",
    "Subsystem sftp /usr/lib/openssh/sftp-server",
  ];
  return runSshd(dir, port, config);
}

/**
 * A throwaway host key and client key in `dir` (`host_key`, `client_key`, with their `.pub`), and
 * a `known_hosts` that trusts the host key on 127.0.0.1:port.
 */
export async function makeSshKeys(dir: string, port: number, comment: string): Promise<void> {
  for (const key of ["host_key", "client_key"]) {
    await runProcess("ssh-keygen", [
      "-q",
      "-t",
      "ed25519",
      "-N",
      "",
      "-C",
      comment,
      "-f",
      path.join(dir, key),
    ]);
  }
  const hostKey = (await readFile(path.join(dir, "host_key.pub"), "utf8")).split(" ").slice(0, 2).join(" ");
  await writeFile(path.join(dir, "known_hosts"), `[127.0.0.1]:${port} ${hostKey}\n`);
}

/** sshd in the foreground with `config` (written to `dir/sshd_config`), once it answers on the port. */
export async function runSshd(dir: string, port: number, config: string[]): Promise<ChildProcess> {
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
