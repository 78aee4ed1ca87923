/**
 * The check that makes a downloaded plugin archive trusted (decision 0058): every file under
 * <slug>/ matches the directory's published md5 and sha256, no file is missing, none is added.
 * Only the bytes checked here go further (packed by pluginTar), so what the host installs is
 * exactly what was hashed, whatever else the zip holds or however another tool would read it.
 */
import { createHash } from "node:crypto";
import { unzipSync } from "fflate";
import type { PluginChecksums, PluginPin } from "./plugin-source.ts";

/** Uncompressed size a plugin may not exceed (WooCommerce is about 80 MB). */
export const MAX_PLUGIN_FILES_BYTES = 400 * 1024 * 1024;

export interface PluginFile {
  /** Path inside the plugin's folder, e.g. "akismet.php" or "_inc/akismet.css". */
  path: string;
  data: Uint8Array;
}

/** An archive that does not match its checksums: refused, nothing installed. */
export class PluginRejectedError extends Error {}

const SAFE_PATH = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[^\\\0/][^\\\0]*$/;

export function verifyPluginArchive(
  pin: PluginPin,
  zip: Uint8Array,
  checksums: PluginChecksums,
): PluginFile[] {
  const { slug, version } = pin;
  const refuse = (why: string) => {
    throw new PluginRejectedError(`archive de ${slug} ${version} refusée : ${why}`);
  };
  if (checksums.plugin !== slug || checksums.version !== version) {
    refuse(`les sommes de contrôle sont celles de ${checksums.plugin} ${checksums.version}`);
  }
  let declared = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip, {
      filter: (file) => {
        declared += file.originalSize;
        if (declared > MAX_PLUGIN_FILES_BYTES)
          throw new PluginRejectedError("trop volumineuse une fois décompressée");
        return true;
      },
    });
  } catch (error) {
    if (error instanceof PluginRejectedError) refuse(error.message);
    return refuse(`zip illisible (${(error as Error).message})`);
  }
  const files: PluginFile[] = [];
  const prefix = `${slug}/`;
  for (const [name, data] of Object.entries(entries)) {
    if (!name.startsWith(prefix)) refuse(`${name} est hors du dossier ${prefix}`);
    if (name.endsWith("/")) continue;
    const inner = name.slice(prefix.length);
    if (!SAFE_PATH.test(inner) || inner.includes("//")) refuse(`chemin interdit ${JSON.stringify(name)}`);
    const expected = checksums.files[inner];
    if (!expected) refuse(`${name} n'est pas dans les sommes de contrôle publiées`);
    const md5 = createHash("md5").update(data).digest("hex");
    const sha256 = createHash("sha256").update(data).digest("hex");
    if (!matches(expected?.md5, md5) || !matches(expected?.sha256, sha256)) refuse(`${name} a été modifié`);
    files.push({ path: inner, data });
  }
  const present = new Set(files.map((file) => file.path));
  const missing = Object.keys(checksums.files).filter((file) => !present.has(file));
  if (missing.length > 0)
    refuse(`il manque ${missing.slice(0, 3).join(", ")}${missing.length > 3 ? "…" : ""}`);
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function matches(expected: string | string[] | undefined, actual: string): boolean {
  if (expected === undefined) return false;
  return (Array.isArray(expected) ? expected : [expected]).some((hash) => hash.toLowerCase() === actual);
}
