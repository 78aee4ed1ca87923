/**
 * Where WordPress plugins come from (WP_PLUGIN_SOURCE, decision 0058): the WordPress.org
 * directory by default, a mirror with the same paths, or a folder laid out the same way for a
 * host without internet. A source only fetches: what it answers is untrusted until
 * verifyPluginArchive has checked every file against the directory's published checksums.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

/** A plugin at a pinned version, as the directory names it. */
export interface PluginPin {
  slug: string;
  version: string;
}

/** The directory's checksum file of one version (plugin-checksums/<slug>/<version>.json). */
export const PluginChecksums = z.object({
  plugin: z.string(),
  version: z.string(),
  files: z.record(
    z.string(),
    z.object({
      md5: z.union([z.string(), z.array(z.string())]),
      sha256: z.union([z.string(), z.array(z.string())]),
    }),
  ),
});
export type PluginChecksums = z.infer<typeof PluginChecksums>;

/** What a source answers: the archive as published and the checksums it must match. */
export interface FetchedPlugin {
  zip: Uint8Array;
  checksums: PluginChecksums;
}

export interface PluginSource {
  /** A French name of the source for logs and messages ("le répertoire WordPress.org"). */
  readonly label: string;
  fetch(pin: PluginPin): Promise<FetchedPlugin>;
}

/** A plugin the source cannot give now (no network, unknown version): the kit waits and retries. */
export class PluginUnavailableError extends Error {}

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,49}$/;

export function assertPluginPin({ slug, version }: PluginPin): void {
  if (!SLUG.test(slug)) throw new Error(`invalid plugin slug: ${JSON.stringify(slug)}`);
  if (!VERSION.test(version) || version.includes("..")) {
    throw new Error(`invalid plugin version: ${JSON.stringify(version)}`);
  }
}

/** Archives larger than this are refused before they are read whole (WooCommerce is about 15 MB). */
export const MAX_PLUGIN_ZIP_BYTES = 64 * 1024 * 1024;
const TIMEOUT_MS = 120_000;

export const WORDPRESS_ORG = {
  api: "https://api.wordpress.org",
  downloads: "https://downloads.wordpress.org",
};

/**
 * The directory or a mirror: `api` answers /plugins/info/1.2/, `downloads` serves
 * /plugin/<slug>.<version>.zip and /plugin-checksums/<slug>/<version>.json.
 */
export class DirectoryPluginSource implements PluginSource {
  readonly label: string;
  constructor(private readonly urls: { api: string; downloads: string }) {
    // Labels reach the order page: they name no address nor folder of ours.
    this.label = urls.api === WORDPRESS_ORG.api ? "le répertoire WordPress.org" : "le miroir des extensions";
  }

  async fetch(pin: PluginPin): Promise<FetchedPlugin> {
    assertPluginPin(pin);
    const { slug, version } = pin;
    // The directory answers 404 with {"error": "Plugin not found."} for a slug it does not know.
    const infoUrl = `${this.urls.api}/plugins/info/1.2/?action=plugin_information&slug=${slug}&fields[versions]=1`;
    const info = z
      .object({ versions: z.record(z.string(), z.unknown()).optional() })
      .safeParse(await this.get(infoUrl, [404]).then((res) => res.json().catch(() => null)));
    if (!info.success || !info.data.versions) {
      throw new PluginUnavailableError(`${this.label} ne connaît pas l'extension ${slug}`);
    }
    if (!(version in info.data.versions)) {
      throw new PluginUnavailableError(`${this.label} ne publie pas la version ${version} de ${slug}`);
    }
    const checksums = PluginChecksums.safeParse(
      await this.get(`${this.urls.downloads}/plugin-checksums/${slug}/${version}.json`).then((res) =>
        res.json().catch(() => null),
      ),
    );
    if (!checksums.success) {
      throw new PluginUnavailableError(
        `${this.label} ne donne pas les sommes de contrôle de ${slug} ${version}`,
      );
    }
    const res = await this.get(`${this.urls.downloads}/plugin/${slug}.${version}.zip`);
    const length = Number(res.headers.get("content-length") ?? 0);
    if (length > MAX_PLUGIN_ZIP_BYTES) throw new Error(`l'archive de ${slug} ${version} est trop grande`);
    return { zip: await readLimited(res, MAX_PLUGIN_ZIP_BYTES), checksums: checksums.data };
  }

  private async get(url: string, answered: number[] = []): Promise<Response> {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) }).catch((error: Error) => {
      const cause = (error.cause as Error | undefined)?.message ?? error.message;
      throw new PluginUnavailableError(`${this.label} ne répond pas (${cause.slice(0, 120)})`);
    });
    if (!res.ok && !answered.includes(res.status))
      throw new PluginUnavailableError(`${this.label} répond ${res.status} pour ${new URL(url).pathname}`);
    return res;
  }
}

/** A folder with the downloads' layout: <slug>.<version>.zip and plugin-checksums/<slug>/<version>.json. */
export class FolderPluginSource implements PluginSource {
  readonly label = "le dossier des extensions";
  constructor(private readonly dir: string) {}

  async fetch(pin: PluginPin): Promise<FetchedPlugin> {
    assertPluginPin(pin);
    const { slug, version } = pin;
    const read = (file: string) =>
      readFile(path.join(this.dir, file)).catch(() => {
        throw new PluginUnavailableError(`${this.label} n'a pas ${path.basename(file)}`);
      });
    const checksums = PluginChecksums.safeParse(
      JSON.parse((await read(`plugin-checksums/${slug}/${version}.json`)).toString("utf8")),
    );
    if (!checksums.success)
      throw new Error(`${this.label} : sommes de contrôle de ${slug} ${version} illisibles`);
    const zip = await read(`${slug}.${version}.zip`);
    if (zip.length > MAX_PLUGIN_ZIP_BYTES) throw new Error(`l'archive de ${slug} ${version} est trop grande`);
    return { zip, checksums: checksums.data };
  }
}

/** WP_PLUGIN_SOURCE: unset or "wordpress.org", an http(s) mirror URL, or an absolute folder. */
export function createPluginSource(value: string | undefined): PluginSource {
  if (!value || value === "wordpress.org") return new DirectoryPluginSource(WORDPRESS_ORG);
  if (/^https?:\/\//.test(value)) {
    const base = value.replace(/\/+$/, "");
    return new DirectoryPluginSource({ api: base, downloads: base });
  }
  return new FolderPluginSource(value);
}

async function readLimited(res: Response, max: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!res.body) return new Uint8Array();
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > max) throw new Error("archive d'extension trop grande");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
