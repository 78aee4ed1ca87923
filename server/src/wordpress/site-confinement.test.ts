import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installPluginThroughWpAdmin, pluginZip, siteUser } from "./hostile-plugin.ts";
import { LocalWordPressHost } from "./local-host.ts";
import { freePort, sampleSite, testCoreDir } from "./site-checks.ts";
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
    host = new LocalWordPressHost({ dataDir, coreDir: testCoreDir(), port });
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
      .fetch("pirate", `/?lagon_listen=${listenPort}&wait=6`)
      .then(
        async (response) => JSON.parse(await response.text()) as { listening: boolean; accepted?: boolean },
      );
    // Its socket is open before anyone knocks: no guessing how long PHP takes.
    for (let i = 0; i < 400 && !listening(listenPort); i++) await new Promise((r) => setTimeout(r, 25));
    expect(listening(listenPort), "the plugin listens").toBe(true);

    const platform = await connects(listenPort, 3_000);
    const neighbour = await run("runuser", [
      "-u",
      siteUser(path.join(dataDir, "sites/voisin")),
      "--",
      "php",
      "-r",
      `exit(@fsockopen("127.0.0.1", ${listenPort}, $e, $s, 3) ? 0 : 3);`,
    ]);
    expect(platform, "the platform (root) connects to the site's listener").toBe(false);
    expect(neighbour.code, "another site's user connects to the listener").toBe(3);
    expect(await listener).toEqual({ listening: true, accepted: false });
  });

  it("removes its rules when the host stops and loads them again at start", async () => {
    const table = (await run("nft", ["list", "tables"])).stdout;
    const ours = /table inet (lagon_[0-9a-f]{12})/.exec(table)?.[1];
    expect(ours).toBeTruthy();
    await host.stop();
    expect((await run("nft", ["list", "tables"])).stdout).not.toContain(ours);
    await host.start();
    const set = (await run("nft", ["list", "set", "inet", ours as string, "site_uids"])).stdout;
    const uid = (await run("id", ["-u", siteUser(path.join(dataDir, "sites/pirate"))])).stdout.trim();
    expect(set).toContain(uid);
    // Loading them twice leaves one table.
    await host.stop();
    await host.start();
    expect((await run("nft", ["list", "tables"])).stdout.split(ours as string)).toHaveLength(2);
    expect((await host.fetch("pirate", "/")).status).toBe(200);
  });
});
