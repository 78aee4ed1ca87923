/**
 * Puts a plugin at a pinned version into a site (decision 0058): from the host's cache of
 * verified copies when it has one, otherwise fetched from the source, checked file by file
 * against the directory's checksums, packed and cached on the host first. A source that cannot
 * answer throws PluginUnavailableError; an archive that does not match throws
 * PluginRejectedError; in both cases nothing reaches the site.
 */
import type { WordPressHost } from "../wordpress/wordpress-host.ts";
import type { PluginPin, PluginSource } from "./plugin-source.ts";
import { pluginTar, sha256Hex } from "./plugin-tar.ts";
import { verifyPluginArchive } from "./verify-plugin-archive.ts";

export interface InstalledPlugin {
  /** sha256 of the verified copy the host keeps. */
  sha256: string;
  /** Whether the host already had it (no download). */
  cached: boolean;
}

export async function installPlugin(
  host: WordPressHost,
  source: PluginSource,
  subdomain: string,
  pin: PluginPin,
): Promise<InstalledPlugin> {
  const cachedSha = await host.cachedPlugin(pin);
  if (cachedSha) {
    await host.installPlugin(subdomain, pin, cachedSha);
    return { sha256: cachedSha, cached: true };
  }
  const { zip, checksums } = await source.fetch(pin);
  const tar = pluginTar(pin.slug, verifyPluginArchive(pin, zip, checksums));
  const sha256 = sha256Hex(tar);
  await host.cachePlugin(pin, sha256, tar);
  await host.installPlugin(subdomain, pin, sha256);
  return { sha256, cached: false };
}
