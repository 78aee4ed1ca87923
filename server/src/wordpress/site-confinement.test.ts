import { execFile } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installPluginThroughWpAdmin, pluginZip, siteUser } from "./hostile-plugin.ts";
import { restoreFromOwnExport } from "./hostile-tenant.ts";
import { LocalWordPressHost } from "./local-host.ts";
import { freePort, sampleSite, testCoreDir } from "./site-checks.ts";
import { siteSeccompFile } from "./site-masters.ts";
import { firewallTable, runtimeDir } from "./site-runtime.ts";
import type { InstalledSite } from "./wordpress-host.ts";

/**
 * The operating system's walls around a site (decision 0044), tried from a plugin uploaded
 * through the site's own wp-admin: its PHP runs as the site's user, as native code would.
 */
const NETWORK_PLUGIN = `<?php
/**
 * Plugin Name: Sonde réseau
 * Description: Essaie de joindre la plateforme et d'écouter un port.
 */
add_action('init', function () {
	if (isset($_GET['lagon_connect'])) {
		$out = [];
		foreach (json_decode(base64_decode($_GET['lagon_connect']), true) as $name => $t) {
			$s = @stream_socket_client("tcp://{$t['address']}:{$t['port']}", $errno, $errstr, 3);
			if ($s === false) {
				$out[$name] = ['connected' => false, 'error' => "$errno $errstr"];
				continue;
			}
			stream_set_timeout($s, 3);
			fwrite($s, "GET {$t['path']} HTTP/1.0\\r\\nHost: {$t['host']}\\r\\n\\r\\n");
			$out[$name] = ['connected' => true, 'answer' => (string) fgets($s)];
			fclose($s);
		}
		wp_send_json($out);
	}
	if (isset($_GET['lagon_listen'])) {
		$server = @stream_socket_server('tcp://0.0.0.0:' . (int) $_GET['lagon_listen'], $errno, $errstr);
		if ($server === false) {
			wp_send_json(['listening' => false, 'error' => $errstr]);
		}
		$client = @stream_socket_accept($server, (int) $_GET['wait']);
		wp_send_json(['listening' => true, 'accepted' => $client !== false]);
	}
});
`;

/** Small enough that the attacks reach them fast, large enough for WordPress's own pages. */
const LIMITS = { pids: 48, memoryMb: 320, cpuShares: 1024 };
/** Each site's disk allowance, MiB: what a disk filler stops at. */
const DISK_MB = 48;

interface Target {
  address: string;
  port: number;
  host: string;
  path: string;
}

/** A loopback service of the platform that counts who reached it. */
async function standIn(answer: string): Promise<{ server: net.Server; port: number; reached: () => number }> {
  let reached = 0;
  const server = net.createServer((socket) => {
    reached += 1;
    socket.on("error", () => {});
    socket.end(`HTTP/1.0 200 OK\r\n\r\n${answer}`);
  });
  // Every address of the machine, IPv4 and IPv6: loopback, ::1 and the host's own addresses.
  await new Promise<void>((resolve) => server.listen(0, "::", resolve));
  return { server, port: (server.address() as net.AddressInfo).port, reached: () => reached };
}

/** The machine's own non-loopback addresses (a site must not reach the host through them). */
function ownAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && !entry.address.startsWith("fe80"))
    .map((entry) => (entry?.family === "IPv6" ? `[${entry.address}]` : (entry?.address as string)));
}

function listening(port: number): boolean {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  return ["/proc/net/tcp", "/proc/net/tcp6"].some((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .some((line) => line.split(/\s+/)[2]?.endsWith(`:${hex}`) && line.split(/\s+/)[4] === "0A"),
  );
}

/** Whether a TCP connection completes within `ms` (a refused or unanswered one does not). */
function connects(port: number, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(false);
    }, ms);
    socket.once("connect", () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

function run(command: string, args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 60_000 }, (error, stdout) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout });
    });
  });
}

describe("a site confined by the operating system (embedded host)", () => {
  let dataDir: string;
  let host: LocalWordPressHost;
  let port: number;
  let pirate: InstalledSite;
  const closers: (() => void)[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "wp-confine-"));
    port = await freePort();
    host = new LocalWordPressHost({
      dataDir,
      coreDir: testCoreDir(),
      port,
      siteLimits: LIMITS,
      diskQuota: "auto",
      siteDiskMb: DISK_MB,
    });
    await host.start();
    [pirate] = await Promise.all([
      host.install(sampleSite("pirate", "Pirate")),
      host.install(sampleSite("voisin", "Voisin")),
      host.install(sampleSite("blog", "Blog de l'agence")),
    ]);
    await installPluginThroughWpAdmin(host, "pirate", pirate, pluginZip("sonde-reseau", NETWORK_PLUGIN));
  }, 120_000);

  afterAll(async () => {
    for (const close of closers) close();
    await host?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps a site's code away from the API, the database, other sites and the blog", async () => {
    const api = await standIn("api");
    const database = await standIn("postgres");
    closers.push(
      () => api.server.close(),
      () => database.server.close(),
    );
    const targets: Record<string, Target> = {
      api: { address: "127.0.0.1", port: api.port, host: "127.0.0.1", path: "/api/health" },
      "api-ipv6": { address: "[::1]", port: api.port, host: "localhost", path: "/api/health" },
      "api-other-loopback": { address: "127.0.1.1", port: api.port, host: "localhost", path: "/" },
      database: { address: "127.0.0.1", port: database.port, host: "", path: "/" },
      "other-site": { address: "127.0.0.1", port, host: "voisin.localhost", path: "/" },
      blog: { address: "127.0.0.1", port, host: "blog.localhost", path: "/wp-json/wp/v2/posts" },
      ...Object.fromEntries(
        ownAddresses().map((address) => [
          `own-address ${address}`,
          { address, port: api.port, host: "localhost", path: "/" },
        ]),
      ),
    };
    // The same requests from the platform's side do get through: the targets are real.
    expect((await host.fetch("voisin", "/")).status).toBe(200);
    expect(await connects(api.port, 2_000)).toBe(true);
    const before = api.reached();

    const query = Buffer.from(JSON.stringify(targets)).toString("base64");
    const response = await host.fetch("pirate", `/?lagon_connect=${encodeURIComponent(query)}`);
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).toBe(200);
    const results = JSON.parse(text) as Record<string, { connected: boolean; answer?: string }>;
    for (const name of Object.keys(targets)) {
      expect(results[name]?.connected, `${name}: ${JSON.stringify(results[name])}`).toBe(false);
    }
    expect(api.reached()).toBe(before);
    expect(database.reached()).toBe(0);
    // The attacking site still works, and so do the others.
    expect((await host.fetch("pirate", "/")).status).toBe(200);
    expect((await host.fetch("blog", "/wp-json/wp/v2/posts")).status).toBe(200);
  });

  it("lets nobody on the machine reach a site's listener", async () => {
    const listenPort = await freePort();
    const listener = host
      .fetch("pirate", `/?lagon_listen=${listenPort}&wait=10`)
      .then(
        async (response) => JSON.parse(await response.text()) as { listening: boolean; accepted?: boolean },
      );
    // Its socket is open before anyone knocks: no guessing how long PHP takes.
    for (let i = 0; i < 400 && !listening(listenPort); i++) await new Promise((r) => setTimeout(r, 25));
    expect(listening(listenPort), "the plugin listens").toBe(true);

    // Both knock at once, and the socket still listens after them: a knock after the listener gave
    // up (one after the other, on a slow machine) would be refused without the firewall.
    const [platform, neighbour] = await Promise.all([
      connects(listenPort, 3_000),
      run("runuser", [
        "-u",
        siteUser(path.join(dataDir, "sites/voisin")),
        "--",
        "php",
        "-r",
        `exit(@fsockopen("127.0.0.1", ${listenPort}, $e, $s, 3) ? 0 : 3);`,
      ]),
    ]);
    expect(listening(listenPort), "the plugin still listens after both knocks").toBe(true);
    expect(platform, "the platform (root) connects to the site's listener").toBe(false);
    expect(neighbour.code, "another site's user connects to the listener").toBe(3);
    expect(await listener).toEqual({ listening: true, accepted: false });
  });

  it("removes its rules when the host stops and loads them again at start", async () => {
    // This host's own table: other test files' hosts may have theirs loaded at the same time.
    const ours = firewallTable(runtimeDir(dataDir));
    expect((await run("nft", ["list", "tables"])).stdout).toContain(`table inet ${ours}`);
    await host.stop();
    expect((await run("nft", ["list", "tables"])).stdout).not.toContain(ours);
    await host.start();
    const set = (await run("nft", ["list", "set", "inet", ours, "site_uids"])).stdout;
    const uid = (await run("id", ["-u", siteUser(path.join(dataDir, "sites/pirate"))])).stdout.trim();
    expect(set).toContain(uid);
    // Loading them twice leaves one table.
    await host.stop();
    await host.start();
    expect((await run("nft", ["list", "tables"])).stdout.split(ours)).toHaveLength(2);
    expect((await host.fetch("pirate", "/")).status).toBe(200);
  });

  /** The site's cgroup folder for a controller (cgroup v1). */
  const cgroup = (controller: string, sub: string) =>
    path.join("/sys/fs/cgroup", controller, firewallTable(runtimeDir(dataDir)), sub);
  const cgroupValue = (controller: string, sub: string, file: string) =>
    readFileSync(path.join(cgroup(controller, sub), file), "utf8").trim();
  const userOf = (sub: string) => siteUser(path.join(dataDir, "sites", sub));

  /** The php-fpm master of a site, as its cgroup lists it. */
  function masterPid(sub: string): string {
    const procs = readFileSync(path.join(cgroup("pids", sub), "cgroup.procs"), "utf8").split("\n");
    const master = procs.find((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").startsWith("php-fpm: master");
      } catch {
        return false;
      }
    });
    expect(master, `php-fpm master of ${sub}`).toBeTruthy();
    return master as string;
  }

  /**
   * A shell as the site's native code has it: what a plugin's binary gets when a php-fpm worker of
   * the site starts it (the site's user, cgroups, namespaces and seccomp filter), without going
   * through PHP.
   */
  async function asSite(sub: string, script: string): Promise<{ code: number; stdout: string }> {
    const master = masterPid(sub);
    const user = userOf(sub);
    const joins = ["pids", "memory", "cpu"].map((c) => path.join(cgroup(c, sub), "cgroup.procs"));
    return run("/bin/sh", [
      "-c",
      'for f in "$1" "$2" "$3"; do echo $$ >"$f"; done; exec 9<"$4"; shift 4; exec "$@"',
      "sh",
      ...joins,
      siteSeccompFile(runtimeDir(dataDir)),
      "nsenter",
      "-t",
      master,
      "-p",
      "-m",
      "--",
      "/usr/bin/bwrap",
      "--dev-bind",
      "/",
      "/",
      "--seccomp",
      "9",
      "--",
      "setpriv",
      `--reuid=${user}`,
      `--regid=${user}`,
      "--clear-groups",
      "--",
      "/bin/sh",
      "-c",
      script,
    ]);
  }

  /** Ends every process of a site's user (the attack's leftovers); its master starts new workers. */
  async function endUserProcesses(sub: string): Promise<void> {
    const user = userOf(sub);
    for (let i = 0; i < 500; i++) {
      if ((await run("pgrep", ["-u", user])).code !== 0) return;
      await run("pkill", ["-KILL", "-u", user]);
    }
    throw new Error(`processes of ${user} survive`);
  }

  /** Median time of a page of `sub`, in ms, and every answer was a 200. */
  async function pageTimes(sub: string, count: number): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const response = await host.fetch(sub, "/");
      await response.text();
      expect(response.status, `${sub} answers`).toBe(200);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b);
  }

  it("runs each site's PHP in its own cgroup and PID namespace", async () => {
    await Promise.all([host.fetch("pirate", "/"), host.fetch("voisin", "/")]);
    const namespaces = new Map<string, Set<string>>();
    for (const sub of ["pirate", "voisin"]) {
      const pids = (await run("pgrep", ["-u", userOf(sub)])).stdout.split("\n").filter(Boolean);
      expect(pids.length, `workers of ${sub}`).toBeGreaterThan(0);
      const seen = new Set<string>();
      for (const pid of pids) {
        const groups = readFileSync(`/proc/${pid}/cgroup`, "utf8");
        for (const controller of ["pids", "memory", "cpu"]) {
          expect(groups).toMatch(
            new RegExp(`:${controller}(,[a-z]+)*:/${firewallTable(runtimeDir(dataDir))}/${sub}\n`),
          );
        }
        seen.add((await run("readlink", [`/proc/${pid}/ns/pid`])).stdout.trim());
      }
      expect(seen.size).toBe(1);
      namespaces.set(sub, seen);
    }
    const ours = (await run("readlink", [`/proc/${process.pid}/ns/pid`])).stdout.trim();
    expect([...(namespaces.get("pirate") ?? [])][0]).not.toBe([...(namespaces.get("voisin") ?? [])][0]);
    expect(namespaces.get("pirate")?.has(ours)).toBe(false);
  });

  it("stops a thousand sleeping processes at the site's limit", async () => {
    // Their output goes nowhere: the shell ends once it has started them (or could fork no more).
    await asSite(
      "pirate",
      "for i in $(seq 1000); do sleep 600 </dev/null >/dev/null 2>&1 & done 2>/dev/null",
    );
    const sleeping = (await run("pgrep", ["-u", userOf("pirate"), "-x", "sleep"])).stdout
      .split("\n")
      .filter(Boolean);
    expect(sleeping.length).toBeGreaterThan(0);
    expect(sleeping.length).toBeLessThan(LIMITS.pids);
    expect(Number(cgroupValue("pids", "pirate", "pids.current"))).toBeLessThanOrEqual(LIMITS.pids);
    expect((await host.fetch("voisin", "/")).status).toBe(200);
    await endUserProcesses("pirate");
    expect((await host.fetch("pirate", "/")).status).toBe(200);
  });

  it("contains a fork bomb: the other sites keep their usual time, the site works afterwards", async () => {
    const usual = await pageTimes("voisin", 5);
    const bomb = asSite("pirate", "f() { f | f & }; f; sleep 600");
    // The bomb has hit the limit at least once: the kernel counts refused forks.
    for (let i = 0; i < 2_000 && !/^max [1-9]/m.test(cgroupValue("pids", "pirate", "pids.events")); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(cgroupValue("pids", "pirate", "pids.events")).toMatch(/^max [1-9]/m);
    const during = await pageTimes("voisin", 5);
    const blog = await pageTimes("blog", 3);
    const median = (times: number[]) => times[Math.floor(times.length / 2)] as number;
    // Within their usual time, with room for a busy machine: a neighbour slowed as in issue 23
    // (0.14 s to 6.8 s) fails this.
    expect(median(during), `voisin ${usual.join(",")} then ${during.join(",")}`).toBeLessThan(
      median(usual) * 4 + 1_000,
    );
    expect(median(blog)).toBeLessThan(median(usual) * 4 + 1_000);
    expect(Number(cgroupValue("pids", "pirate", "pids.current"))).toBeLessThanOrEqual(LIMITS.pids);
    await endUserProcesses("pirate");
    await bomb;
    expect((await host.fetch("pirate", "/")).status).toBe(200);
  });

  it("kills a memory hog at the site's limit", async () => {
    const hog = await asSite(
      "pirate",
      `exec python3 -c "b = b'x' * (${LIMITS.memoryMb * 2} << 20); print(len(b))"`,
    );
    expect(hog.stdout).toBe("");
    expect(hog.code).not.toBe(0);
    expect(Number(cgroupValue("memory", "pirate", "memory.failcnt"))).toBeGreaterThan(0);
    expect(Number(cgroupValue("memory", "pirate", "memory.max_usage_in_bytes"))).toBeLessThanOrEqual(
      LIMITS.memoryMb * 1024 * 1024,
    );
    expect((await host.fetch("voisin", "/")).status).toBe(200);
    expect((await host.fetch("pirate", "/")).status).toBe(200);
  });

  it("gives each site its own /tmp, /var/tmp and /dev/shm", async () => {
    const marker = path.join(os.tmpdir(), `lagon-marker-${process.pid}`);
    await writeFile(marker, "hôte");
    closers.push(() => rmSync(marker, { force: true }));
    const written = await asSite(
      "voisin",
      "echo secret >/tmp/voisin-tmp && echo secret >/var/tmp/voisin-var && echo secret >/dev/shm/voisin-shm && cat /tmp/voisin-tmp",
    );
    expect(written.stdout).toBe("secret\n");
    const seen = await asSite("pirate", "echo mien >/tmp/pirate-tmp && ls -A /tmp /var/tmp /dev/shm");
    expect(seen.stdout).toContain("pirate-tmp");
    expect(seen.stdout).not.toContain("voisin");
    expect(seen.stdout).not.toContain(path.basename(marker));
  });

  it("shows a site none of the machine's other processes", async () => {
    await Promise.all([host.fetch("pirate", "/"), host.fetch("voisin", "/")]);
    const uid = (await run("id", ["-u", userOf("pirate")])).stdout.trim();
    const seen = await asSite(
      "pirate",
      "for p in /proc/[0-9]*; do echo \"$(awk '/^Uid:/ {print $2}' $p/status 2>/dev/null) $(tr '\\0' ' ' <$p/cmdline 2>/dev/null)\"; done",
    );
    const lines = seen.stdout.split("\n").filter((line) => line.trim());
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(["0", uid], line).toContain(line.split(" ")[0]);
      expect(line).not.toMatch(/node|nginx|vitest|voisin/);
    }
  });
  it("runs the site's scheduled tasks and the helper's PHP within its cgroups and namespaces", async () => {
    const content = path.join(dataDir, "sites/pirate/wp-content");
    const file = (name: string) => path.join(content, name);
    // The site's own code (a must-use plugin, which WordPress loads even while upgrading) holds a
    // command-line run until the test has looked at its process.
    await run("runuser", [
      "-u",
      userOf("pirate"),
      "--",
      "sh",
      "-c",
      'mkdir -p "$1/mu-plugins" && : >"$1/mu-plugins/lagon-hold.php" && : >"$1/lagon-hold"',
      "sh",
      content,
    ]);
    // Its content written by root into the site's own file (it stays the site's).
    await writeFile(
      path.join(content, "mu-plugins/lagon-hold.php"),
      `<?php
if (PHP_SAPI === 'cli' && file_exists(WP_CONTENT_DIR . '/lagon-hold')) {
	file_put_contents(WP_CONTENT_DIR . '/lagon-held', (string) getmypid());
	for ($i = 0; $i < 1200 && !file_exists(WP_CONTENT_DIR . '/lagon-release'); $i++) {
		usleep(50000);
	}
}
`,
    );
    const group = firewallTable(runtimeDir(dataDir));
    const namespaces = async (pid: string) =>
      Promise.all(
        ["pid", "mnt"].map(async (ns) => (await run("readlink", [`/proc/${pid}/ns/${ns}`])).stdout),
      );

    /** Runs `operation`, catches the site's PHP it starts (`script`) and checks where it runs. */
    async function expectConfined(script: string, operation: () => Promise<unknown>): Promise<void> {
      for (const name of ["lagon-held", "lagon-release"]) rmSync(file(name), { force: true });
      const done = operation();
      for (let i = 0; i < 1_200 && !existsSync(file("lagon-held")); i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(existsSync(file("lagon-held")), `${script} reaches the site's code`).toBe(true);
      const [pid] = (await run("pgrep", ["-u", userOf("pirate"), "-f", script])).stdout.split("\n");
      expect(pid, `the process of ${script}`).toBeTruthy();
      const groups = readFileSync(`/proc/${pid}/cgroup`, "utf8");
      for (const controller of ["pids", "memory", "cpu"]) {
        expect(groups).toMatch(new RegExp(`:${controller}(,[a-z]+)*:/${group}/pirate\n`));
      }
      // Its PID namespace is the master's; its mounts are the master's (bubblewrap, which loads the
      // seccomp filter, nests a mount namespace that binds the master's whole tree): same /tmp.
      const [pidNs] = await namespaces(pid as string);
      expect(pidNs).toBe((await namespaces(masterPid("pirate")))[0]);
      const tmpOf = (process: string) => {
        const info = statSync(`/proc/${process}/root/tmp`);
        return `${info.dev}:${info.ino}`;
      };
      expect(tmpOf(pid as string)).toBe(tmpOf(masterPid("pirate")));
      // It knows itself by its number in the master's PID namespace, not the machine's.
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const nspid = /^NSpid:\s+(.*)$/m.exec(status)?.[1]?.split(/\s+/);
      expect(nspid).toEqual([pid, readFileSync(file("lagon-held"), "utf8")]);
      // Under the sites' seccomp filter (site-seccomp.py), as the master's workers are.
      expect(status).toMatch(/^Seccomp:\s+2$/m);
      await writeFile(file("lagon-release"), "");
      await done;
    }

    await expectConfined("wp-cron.php", () => host.runScheduledTasks("pirate"));
    // An update ends with the helper's upgrade-database.php, as the site's user.
    await expectConfined("upgrade-database.php", () => host.updateSite("pirate", []));
    await host.finishUpdate("pirate");
    for (const name of ["lagon-hold", "lagon-held", "lagon-release", "mu-plugins/lagon-hold.php"]) {
      rmSync(file(name), { force: true });
    }
    expect((await host.fetch("pirate", "/")).status).toBe(200);
  }, 120_000);

  it("stops a disk filler at the site's allowance, which no subvolume of its own escapes", async (context) => {
    if (!host.diskQuota) {
      console.warn(
        "site-confinement: no disk quota on this machine (see the host's start line), the disk filler is not tried",
      );
      context.skip();
    }
    const content = path.join(dataDir, "sites/pirate/wp-content");
    // Every process of the site, its master and workers, is under the filter.
    for (const pid of (await run("pgrep", ["-f", "php-fpm: .*pirate"])).stdout.split("\n").filter(Boolean)) {
      expect(readFileSync(`/proc/${pid}/status`, "utf8")).toMatch(/^Seccomp:\s+2$/m);
    }
    // The site was updated (above) and is restored now: its new folders count in its quota too.
    await restoreFromOwnExport(host, "pirate");
    const filler = await asSite(
      "pirate",
      `dd if=/dev/zero of=${content}/filler bs=1M count=${DISK_MB * 3} 2>&1; echo "exit $?"`,
    );
    expect(filler.stdout).toMatch(/Disk quota exceeded/);
    expect(filler.stdout).not.toMatch(/exit 0/);
    const written = Number(/^(\d+) bytes/m.exec(filler.stdout)?.[1]);
    expect(written).toBeGreaterThan(DISK_MB * 1024 * 1024 * 0.5);
    expect(written).toBeLessThanOrEqual(DISK_MB * 1024 * 1024);
    // Its temp folder is in the same allowance.
    const tmp = await asSite(
      "pirate",
      `dd if=/dev/zero of=${path.join(dataDir, "site-tmp/pirate/tmp/filler")} bs=1M count=${DISK_MB} 2>&1; echo "exit $?"`,
    );
    expect(tmp.stdout).toMatch(/Disk quota exceeded/);
    // A subvolume or a snapshot of its own would be in no limited group; a project ID of its own
    // would leave a project quota: the kernel is never asked.
    const escapes = await asSite(
      "pirate",
      `rm -f ${content}/filler ${path.join(dataDir, "site-tmp/pirate/tmp/filler")}; btrfs subvolume create ${content}/escape 2>&1; ` +
        `btrfs subvolume snapshot ${content} ${content}/escape 2>&1; touch ${content}/mine; chattr -p 4242 ${content}/mine 2>&1; true`,
    );
    expect(escapes.stdout).toMatch(/cannot create subvolume: Operation not permitted/);
    expect(escapes.stdout).toMatch(/cannot snapshot .*: Operation not permitted/);
    expect(escapes.stdout).toMatch(/Operation not permitted while setting project/);
    expect(existsSync(path.join(content, "escape"))).toBe(false);
    // Once it has made room, the site works; its neighbour never stopped.
    expect((await host.fetch("voisin", "/")).status).toBe(200);
    expect((await host.fetch("pirate", "/")).status).toBe(200);
  });
});
