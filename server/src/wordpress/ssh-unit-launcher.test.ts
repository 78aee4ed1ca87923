import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mountSiteDisk, unmountSiteDisk } from "./site-disk.ts";
import {
  installHelperCopy,
  SITE_HOST_DIR,
  SITE_MASTER_LAUNCHER,
  SITE_MASTER_UNIT,
  SITE_SECCOMP_WRITER,
} from "./site-host-files.ts";
import { writeSeccompFilter } from "./site-masters.ts";
import { findPhpFpm } from "./site-runtime.ts";

/**
 * A production host's php-fpm master of one site (decision 0093), without systemd (PID 1 is not
 * systemd here): the helper's launcher run as its unit runs it, with the unit's /proc and a
 * NOTIFY_SOCKET of the test's, and a minimal pool. Its PHP stands for the site's native code.
 */
const GUIDE = path.resolve(import.meta.dirname, "../../../docs/operations/wordpress-host.md");
/** Where the guide installs the helper (host-product-user.ts reads the same rule). */
const GUIDE_HELPER_DIR = "/usr/local/lib/lagon";
const NOBODY = 65534;

/** Prints each datagram sent to the socket $1 with its sender's PID, as systemd reads it. */
const NOTIFY_LISTENER = `
import json, socket, struct, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1])
s.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
print(json.dumps({"listening": True}), flush=True)
while True:
    data, ancillary, _, _ = s.recvmsg(4096, socket.CMSG_SPACE(12))
    pids = [struct.unpack("3i", d)[0] for level, kind, d in ancillary
            if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS]
    print(json.dumps({"pid": pids[0] if pids else None, "message": data.decode()}), flush=True)
`;

interface Notification {
  listening?: boolean;
  pid?: number;
  message?: string;
}

/** The unit's ExecStart, split into its words. */
async function unitExecStart(): Promise<string[]> {
  const unit = await readFile(path.join(SITE_HOST_DIR, SITE_MASTER_UNIT), "utf8");
  const lines = unit.split("\n").filter((line) => line.startsWith("ExecStart="));
  expect(lines).toHaveLength(1);
  return (lines[0] as string).slice("ExecStart=".length).split(/\s+/);
}

/** One field of /proc/<pid>/status. */
function statusField(pid: number, field: string): string {
  return new RegExp(`^${field}:\\s+(.*)$`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? "";
}

/** One FastCGI request to a php-fpm socket, as nginx makes it; resolves with the page's body. */
function fastcgiGet(socket: string, script: string): Promise<string> {
  const params: Record<string, string> = {
    SCRIPT_FILENAME: script,
    SCRIPT_NAME: `/${path.basename(script)}`,
    REQUEST_URI: `/${path.basename(script)}`,
    REQUEST_METHOD: "GET",
    QUERY_STRING: "",
    SERVER_PROTOCOL: "HTTP/1.1",
    GATEWAY_INTERFACE: "CGI/1.1",
    SERVER_NAME: "localhost",
    REMOTE_ADDR: "127.0.0.1",
  };
  const size = (n: number) => {
    if (n < 128) return Buffer.from([n]);
    const long = Buffer.alloc(4);
    long.writeUInt32BE((n | 0x80000000) >>> 0);
    return long;
  };
  const record = (type: number, content: Buffer) => {
    const header = Buffer.from([1, type, 0, 1, 0, 0, 0, 0]);
    header.writeUInt16BE(content.length, 4);
    return Buffer.concat([header, content]);
  };
  const pairs = Buffer.concat(
    Object.entries(params).map(([name, value]) =>
      Buffer.concat([
        size(Buffer.byteLength(name)),
        size(Buffer.byteLength(value)),
        Buffer.from(name),
        Buffer.from(value),
      ]),
    ),
  );
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = net.createConnection(socket);
    connection.on("data", (chunk) => chunks.push(chunk));
    connection.on("error", reject);
    connection.on("end", () => {
      const answer = Buffer.concat(chunks);
      const out: Buffer[] = [];
      for (let at = 0; at + 8 <= answer.length; ) {
        const length = answer.readUInt16BE(at + 4);
        // FCGI_STDOUT
        if (answer[at + 1] === 6) out.push(answer.subarray(at + 8, at + 8 + length));
        at += 8 + length + (answer[at + 6] as number);
      }
      resolve(Buffer.concat(out).toString("utf8").split("\r\n\r\n").slice(1).join("\r\n\r\n"));
    });
    // FCGI_BEGIN_REQUEST as a responder, the parameters, then an empty body.
    connection.end(
      Buffer.concat([
        record(1, Buffer.from([0, 1, 0, 0, 0, 0, 0, 0])),
        record(4, pairs),
        record(4, Buffer.alloc(0)),
        record(5, Buffer.alloc(0)),
      ]),
    );
  });
}

describe("a production host's php-fpm master (lagon-php@.service and site-master.sh)", () => {
  let dir: string;
  let siteDir: string;
  let diskSkipped: string | undefined;
  let listener: ChildProcess;
  let launcher: ChildProcess;
  let launcherExit: Promise<number | null>;
  let master = 0;
  const notifications: Notification[] = [];
  const waiters: (() => void)[] = [];

  /** The first notification that `match` accepts, as soon as it comes. */
  async function notification(match: (n: Notification) => boolean): Promise<Notification> {
    for (;;) {
      const found = notifications.find(match);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "ssh-unit-launcher-"));
    await chmod(dir, 0o711);
    const fpm = findPhpFpm();
    if (!fpm) throw new Error("no php-fpm in /usr/sbin (scripts/wordpress/ensure-php.sh)");
    // The helper as the guide installs it: root's, the launcher executable.
    const helper = path.join(dir, "lagon");
    await installHelperCopy(helper);
    const filter = path.join(dir, "site-seccomp.bpf");
    await writeSeccompFilter(filter);

    // What the site writes: a folder of the sites' btrfs with quotas (decision 0071), where the
    // machine has btrfs and loop devices.
    const sites = path.join(dir, "sites");
    const disk = await mountSiteDisk(dir, [sites]);
    if (!disk.disk) {
      diskSkipped = disk.reason;
      await mkdir(sites, { recursive: true });
    }
    await chmod(sites, 0o711);
    siteDir = path.join(sites, "probe");
    await mkdir(siteDir);
    await chown(siteDir, NOBODY, NOBODY);

    // The site's PHP: it reports its worker and runs native code, as a plugin's binary would.
    const www = path.join(dir, "www");
    await mkdir(www, { mode: 0o755 });
    await writeFile(
      path.join(www, "probe.php"),
      `<?php
header('Content-Type: text/plain');
echo 'worker ', getmypid(), "\\n";
echo shell_exec('grep Seccomp: /proc/self/status; cd ${siteDir} && /usr/bin/btrfs subvolume create escape 2>&1; /usr/bin/touch mine; /usr/bin/chattr -p 4242 mine 2>&1; echo end');
`,
      { mode: 0o644 },
    );
    const config = path.join(dir, "probe.conf");
    await writeFile(
      config,
      `[global]
error_log = ${dir}/fpm.log
daemonize = no
[probe]
user = nobody
group = nogroup
listen = ${dir}/probe.sock
pm = static
pm.max_children = 2
clear_env = yes
`,
    );

    const notifySocket = path.join(dir, "notify");
    listener = spawn("/usr/bin/python3", ["-c", NOTIFY_LISTENER, notifySocket], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    createInterface({ input: listener.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      notifications.push(JSON.parse(line) as Notification);
      for (const wake of waiters.splice(0)) wake();
    });
    await notification((n) => n.listening === true);

    // As systemd starts the unit: root, NOTIFY_SOCKET, and ProtectProc=invisible (a /proc of
    // its own, in a mount namespace of its own); the test's own paths for the unit's arguments.
    launcher = spawn(
      "unshare",
      [
        "--mount",
        "--",
        "/bin/sh",
        "-c",
        'mount -t proc -o hidepid=invisible proc /proc && exec "$@"',
        "sh",
        path.join(helper, SITE_MASTER_LAUNCHER),
        filter,
        fpm,
        config,
      ],
      {
        detached: true,
        stdio: ["ignore", "ignore", "pipe"],
        env: { PATH: "/usr/sbin:/usr/bin:/sbin:/bin", NOTIFY_SOCKET: notifySocket },
      },
    );
    let errors = "";
    launcher.stderr?.on("data", (chunk) => {
      errors += chunk;
    });
    launcherExit = new Promise((resolve) => launcher.once("exit", resolve));
    const ready = await Promise.race([
      notification((n) => n.message?.split("\n").includes("READY=1") === true),
      launcherExit.then((code) => ({ ended: code })),
    ]);
    if ("ended" in ready)
      throw new Error(`site-master.sh ended (${ready.ended}) before php-fpm was ready: ${errors}`);
    master = Number(/^MAINPID=(\d+)$/m.exec(ready.message ?? "")?.[1]);
    // The ready message comes from the master itself, which names itself the main process.
    expect(ready.pid).toBe(master);
  });

  afterAll(async () => {
    if (launcher?.exitCode === null && launcher.pid) {
      try {
        process.kill(-launcher.pid, "SIGKILL");
      } catch {}
      await launcherExit;
    }
    listener?.kill("SIGKILL");
    if (dir) {
      await unmountSiteDisk(dir, [path.join(dir, "sites")]).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("is the unit's ExecStart, with the filter, php-fpm and master settings the guide and the helper name", async () => {
    const [program, filter, fpm, config] = await unitExecStart();
    expect(program).toBe(`${GUIDE_HELPER_DIR}/${SITE_MASTER_LAUNCHER}`);
    expect(fpm).toMatch(/^\/usr\/sbin\/php-fpm\d+\.\d+$/);
    const unit = await readFile(path.join(SITE_HOST_DIR, SITE_MASTER_UNIT), "utf8");
    expect(unit).toMatch(/^Type=notify$/m);
    expect(unit).toMatch(/^NotifyAccess=all$/m);
    // The master settings the helper writes (site_master_up), by the unescaped instance name.
    const runtime = await readFile(path.join(SITE_HOST_DIR, "lib/site-runtime.sh"), "utf8");
    const masterDir = /\$\{SITE_MASTER_DIR:-([^}]+)\}/.exec(runtime)?.[1];
    expect(config).toBe(`${masterDir}/%I.conf`);

    const guide = await readFile(GUIDE, "utf8");
    // The guide installs both files from the helper's folder and the unit from its copy; the
    // unit's text lives in the file only.
    for (const [file, mode] of [
      [SITE_MASTER_LAUNCHER, "755"],
      [SITE_MASTER_UNIT, "644"],
      [SITE_SECCOMP_WRITER, "644"],
    ]) {
      expect(guide).toMatch(
        new RegExp(
          `^install -o root -g root -m ${mode} .*server/src/wordpress/host/${file} .*${GUIDE_HELPER_DIR}/$`,
          "m",
        ),
      );
    }
    expect(guide).toContain(
      `install -o root -g root -m 644 ${GUIDE_HELPER_DIR}/${SITE_MASTER_UNIT} /etc/systemd/system/`,
    );
    expect(guide).not.toMatch(/^ExecStart=/m);
    // The helper loads the same filter for the site's PHP it runs, written where the unit reads it.
    expect(guide).toMatch(new RegExp(`^SITE_SECCOMP=${filter}$`, "m"));
    // The helper's check writes it from its own site-seccomp.py (decision 0095), never the operator.
    expect(guide).toMatch(new RegExp(`^${GUIDE_HELPER_DIR}/site-host.sh check$`, "m"));
    expect(guide).not.toMatch(/^python3 .*site-seccomp\.py/m);
    expect(guide).toMatch(/^SITE_UNIT=lagon-php$/m);
    expect(SITE_MASTER_UNIT).toBe("lagon-php@.service");
  });

  it("tells systemd it is ready, from the master, which stays bubblewrap's child in the machine's PID namespace", () => {
    expect(readFileSync(`/proc/${master}/cmdline`, "utf8")).toMatch(/^php-fpm: master process/);
    // systemd started the launcher, which became bubblewrap; php-fpm is its child.
    expect(Number(statusField(master, "PPid"))).toBe(launcher.pid);
    expect(readFileSync(`/proc/${launcher.pid}/cmdline`, "utf8")).toMatch(/^\/usr\/bin\/bwrap\0/);
    // MAINPID is the machine's PID: bubblewrap made no PID namespace.
    expect(statusField(master, "NSpid")).toBe(String(master));
    expect(statusField(master, "Uid").split(/\s+/)[0]).toBe("0");
  });

  it("puts the master, every worker and what the site's PHP starts under the seccomp filter", async () => {
    expect(statusField(master, "Seccomp")).toBe("2");
    const page = await fastcgiGet(path.join(dir, "probe.sock"), path.join(dir, "www/probe.php"));
    const worker = Number(/^worker (\d+)$/m.exec(page)?.[1]);
    expect(Number(statusField(worker, "PPid"))).toBe(master);
    expect(statusField(worker, "Uid").split(/\s+/)[0]).toBe(String(NOBODY));
    // The shell and the programs a site's PHP starts inherit it.
    expect(page).toMatch(/^Seccomp:\s+2$/m);
    expect(page).toMatch(/^end$/m);
    const workers = spawnSync("pgrep", ["-P", String(master)], { encoding: "utf8" })
      .stdout.split("\n")
      .filter(Boolean)
      .map(Number);
    expect(workers).toHaveLength(2);
    for (const pid of workers) expect(statusField(pid, "Seccomp"), `worker ${pid}`).toBe("2");
  });

  it("refuses the site's PHP a subvolume or a project ID of its own, which the same user gets without the filter", async (context) => {
    if (diskSkipped) {
      console.warn(
        `ssh-unit-launcher: no btrfs image on this machine (${diskSkipped}), the escapes are not tried`,
      );
      context.skip();
    }
    const page = await fastcgiGet(path.join(dir, "probe.sock"), path.join(dir, "www/probe.php"));
    expect(page).toMatch(/cannot create subvolume: Operation not permitted/);
    expect(page).toMatch(/Operation not permitted while setting project/);
    expect(existsSync(path.join(siteDir, "escape"))).toBe(false);
    // The same user, out of the launcher: btrfs lets it make one (what the filter is for).
    const unfiltered = spawnSync(
      "setpriv",
      [
        `--reuid=${NOBODY}`,
        `--regid=${NOBODY}`,
        "--clear-groups",
        "/usr/bin/btrfs",
        "subvolume",
        "create",
        path.join(siteDir, "unfiltered"),
      ],
      { encoding: "utf8" },
    );
    expect(unfiltered.status, unfiltered.stderr).toBe(0);
    expect(existsSync(path.join(siteDir, "unfiltered"))).toBe(true);
  });

  it("stops when systemd signals its main process, the master", async () => {
    process.kill(master, "SIGTERM");
    expect(await launcherExit).toBe(0);
    expect(existsSync(`/proc/${master}`)).toBe(false);
  });
});
