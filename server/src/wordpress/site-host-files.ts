import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { chmod, chown, copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { SITE_HOST_SCRIPT } from "./site-install.ts";

/**
 * The root helper's files (decision 0081): the dispatcher site-host.sh, its lib/ and commands/,
 * its PHP programs and the site-files/ given to sites. A host runs a root-owned copy of them all.
 */
export const SITE_HOST_DIR = path.dirname(SITE_HOST_SCRIPT);

/** The files of one folder of the helper, recursively, in the order of their paths (bytewise). */
function filesUnder(folder: string): string[] {
  return readdirSync(path.join(SITE_HOST_DIR, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(SITE_HOST_DIR, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The PHP programs beside the helper (its PHP_PROGRAMS), in the order of their names. */
export function helperPhpPrograms(): string[] {
  return readdirSync(SITE_HOST_DIR)
    .filter((name) => name.endsWith(".php"))
    .sort();
}

/** The commands and shared files of the dispatcher, as `site-host.sh check` reads them. */
export function helperShellFiles(): string[] {
  return ["site-host.sh", ...filesUnder("lib"), ...filesUnder("commands")];
}

let version: string | undefined;

/** What `site-host.sh check` prints when the host runs the same helper, PHP programs and site files as this product. */
export function helperVersion(): string {
  if (version) return version;
  const hash = createHash("sha256");
  for (const file of [...helperShellFiles(), ...helperPhpPrograms(), ...filesUnder("site-files")]) {
    hash.update(readFileSync(path.join(SITE_HOST_DIR, file)));
  }
  version = hash.digest("hex").slice(0, 16);
  return version;
}

/**
 * Copies the helper into `into` (an empty or absent folder) as the guide installs it: root's,
 * writable by root alone (folders 0755, site-host.sh 0755, every other file 0644). The dispatcher
 * refuses to run from a folder another user could change.
 */
export async function installHelperCopy(into: string): Promise<void> {
  const files = [...helperShellFiles(), ...helperPhpPrograms(), ...filesUnder("site-files")];
  const folders = new Set(files.map((file) => path.dirname(file)));
  for (const folder of [...folders].sort()) {
    const target = path.join(into, folder);
    await mkdir(target, { recursive: true, mode: 0o755 });
    await chown(target, 0, 0);
    await chmod(target, 0o755);
  }
  for (const file of files) {
    const target = path.join(into, file);
    await copyFile(path.join(SITE_HOST_DIR, file), target);
    await chown(target, 0, 0);
    await chmod(target, file === "site-host.sh" ? 0o755 : 0o644);
  }
}
