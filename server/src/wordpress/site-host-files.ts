import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { chmod, chown, copyFile, mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { SITE_HOST_SCRIPT } from "./site-install.ts";

/**
 * The root helper's files (decision 0081): the dispatcher site-host.sh, its lib/ and commands/,
 * a production host's php-fpm launcher and unit (decision 0093), the writer of the sites' seccomp
 * filter (decision 0095), its PHP programs and the
 * site-files/ given to sites. A host runs a root-owned copy of them all.
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

/**
 * A production host's php-fpm masters (decision 0093): the systemd template unit, whose ExecStart
 * runs the launcher beside it, which loads the sites' seccomp filter.
 */
export const SITE_MASTER_LAUNCHER = "site-master.sh";
export const SITE_MASTER_UNIT = "lagon-php@.service";
/** The writer of the sites' seccomp filter, which `site-host.sh check` keeps SITE_SECCOMP made by. */
export const SITE_SECCOMP_WRITER = "site-seccomp.py";

/** Every file of the helper, in the order `site-host.sh check` hashes them. */
function helperFiles(): string[] {
  return [
    ...helperShellFiles(),
    SITE_MASTER_LAUNCHER,
    SITE_MASTER_UNIT,
    SITE_SECCOMP_WRITER,
    ...helperPhpPrograms(),
    ...filesUnder("site-files"),
  ];
}

let version: string | undefined;

/** What `site-host.sh check` prints when the host runs the same helper, PHP programs and site files as this product. */
export function helperVersion(): string {
  if (version) return version;
  const hash = createHash("sha256");
  for (const file of helperFiles()) {
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
  const files = helperFiles();
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
    await chmod(target, file === "site-host.sh" || file === SITE_MASTER_LAUNCHER ? 0o755 : 0o644);
  }
}

/**
 * The embedded host's copy of the helper (the checkout it runs from may be a user's, which the
 * dispatcher refuses): made once per version in `runDir` (root's), beside no other version.
 * Returns the copy's site-host.sh.
 */
export async function runtimeHelperCopy(runDir: string): Promise<string> {
  const name = `helper-${helperVersion()}`;
  const dir = path.join(runDir, name);
  const script = path.join(dir, "site-host.sh");
  if (!existsSync(script)) {
    const part = path.join(runDir, `.${name}.part-${randomBytes(4).toString("hex")}`);
    await installHelperCopy(part);
    // Another start of the same version may have made it meanwhile: the same files.
    await rename(part, dir).catch(() => rm(part, { recursive: true, force: true }));
    if (!existsSync(script)) throw new Error(`no helper copy in ${dir}`);
  }
  for (const other of await readdir(runDir)) {
    if (/^helper-[0-9a-f]{16}$/.test(other) && other !== name) {
      await rm(path.join(runDir, other), { recursive: true, force: true });
    }
  }
  return script;
}
