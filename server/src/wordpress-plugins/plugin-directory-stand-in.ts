/**
 * Tests only: a stand-in for the WordPress.org plugin directory on 127.0.0.1, with the
 * directory's paths (/plugins/info/1.2/, /plugin/<slug>.<version>.zip,
 * /plugin-checksums/<slug>/<version>.json). It publishes real plugins made from folders on this
 * machine (the plugins of the WordPress core template), zipped as the directory zips them and
 * with checksums computed as the directory computes them; a test may then serve another archive
 * in place of the published one.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { zipSync } from "fflate";
import type { PluginChecksums } from "./plugin-source.ts";

export interface PublishedPlugin {
  slug: string;
  version: string;
  zip: Uint8Array;
  checksums: PluginChecksums;
  /** The files as published, by path inside the plugin's folder. */
  files: Map<string, Uint8Array>;
}

/** A real plugin folder as the directory publishes it: <slug>/… zipped, and its checksum file. */
export async function publishFolder(folder: string, slug: string, version: string): Promise<PublishedPlugin> {
  const files = new Map<string, Uint8Array>();
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(folder, full).split(path.sep).join("/"), await readFile(full));
  }
  return publish(slug, version, files);
}

export function publish(slug: string, version: string, files: Map<string, Uint8Array>): PublishedPlugin {
  const checksums: PluginChecksums = { plugin: slug, version, files: {} };
  const tree: Record<string, Uint8Array> = {};
  for (const [file, data] of files) {
    checksums.files[file] = {
      md5: createHash("md5").update(data).digest("hex"),
      sha256: createHash("sha256").update(data).digest("hex"),
    };
    tree[`${slug}/${file}`] = data;
  }
  return { slug, version, zip: zipSync(tree, { level: 6 }), checksums, files };
}

export interface PluginDirectoryStandIn {
  url: string;
  /** Paths asked for, in order. */
  requests: string[];
  /** Serves `zip` at the published archive's address instead (a tampered download). */
  serveArchive(slug: string, version: string, zip: Uint8Array): void;
  close(): Promise<void>;
}

export async function startPluginDirectory(plugins: PublishedPlugin[]): Promise<PluginDirectoryStandIn> {
  const archives = new Map(plugins.map((p) => [`${p.slug}.${p.version}`, p.zip]));
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    requests.push(url.pathname);
    const send = (status: number, body: string | Uint8Array, type: string) => {
      res.writeHead(status, { "content-type": type }).end(body);
    };
    if (url.pathname === "/plugins/info/1.2/" && url.searchParams.get("action") === "plugin_information") {
      const slug = url.searchParams.get("slug");
      const versions = plugins.filter((p) => p.slug === slug);
      if (versions.length === 0)
        return send(404, JSON.stringify({ error: "Plugin not found." }), "application/json");
      const download = (v: string) => `${url.origin}/plugin/${slug}.${v}.zip`;
      return send(
        200,
        JSON.stringify({
          name: slug,
          slug,
          version: versions.at(-1)?.version,
          download_link: download(versions.at(-1)?.version ?? ""),
          versions: Object.fromEntries(versions.map((p) => [p.version, download(p.version)])),
        }),
        "application/json",
      );
    }
    const archive = /^\/plugin\/([a-z0-9-]+)\.(.+)\.zip$/.exec(url.pathname);
    const zip = archive && archives.get(`${archive[1]}.${archive[2]}`);
    if (zip) return send(200, zip, "application/zip");
    const sums = /^\/plugin-checksums\/([a-z0-9-]+)\/(.+)\.json$/.exec(url.pathname);
    const plugin = sums && plugins.find((p) => p.slug === sums[1] && p.version === sums[2]);
    if (plugin) {
      const published = {
        plugin: plugin.slug,
        version: plugin.version,
        source: `https://plugins.svn.wordpress.org/${plugin.slug}/tags/${plugin.version}/`,
        zip: `https://downloads.wordpress.org/plugins/${plugin.slug}.${plugin.version}.zip`,
        files: plugin.checksums.files,
      };
      return send(200, JSON.stringify(published), "application/json");
    }
    send(404, "Not found", "text/plain");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    serveArchive: (slug, version, zip) => archives.set(`${slug}.${version}`, zip),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
