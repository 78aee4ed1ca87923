import { existsSync, readdirSync, readFileSync, statfsSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { ProcessError, runProcess } from "./run-process.ts";

/** `on`: the host refuses to start without quotas; `auto`: quotas where the machine allows them. */
export type SiteQuotaMode = "on" | "auto" | "off";

export class SiteDiskError extends Error {}

/** Where the sites' disk is, once mounted. */
export interface SiteDisk {
  /** The mount of the image, root's only. */
  mountDir: string;
  /** site-host.sh's CORE_COPY_DIR: its copies of the core template, whose extents sites share. */
  coreCopyDir: string;
}

const IMAGE = "sites-disk.img";
const MOUNT = "sites-disk";

/**
 * The sites' disk quota on the embedded host (decision 0071): SITES_ROOT and SITE_TMP_ROOT are
 * folders of one btrfs image in the data folder, loop-mounted with quotas on, bind-mounted at
 * their usual paths; site-host.sh makes each site's wp-content and temp folder subvolumes in the
 * site's qgroup, limited to its allowance. The helper keeps a copy of the WordPress core on the
 * sites' mount (CORE_COPY_DIR), which the sites' folders hard-link as they did the template.
 *
 * Returns null, with the reason, where the machine cannot: no btrfs or loop device (a container),
 * or sites already there outside an image (a data folder of an older version).
 */
export async function mountSiteDisk(
  siteFiles: string,
  folders: string[],
): Promise<{ disk: SiteDisk } | { disk: null; reason: string }> {
  const image = path.join(siteFiles, IMAGE);
  const mountDir = path.join(siteFiles, MOUNT);
  if (!existsSync("/usr/bin/btrfs") || !existsSync("/usr/sbin/mkfs.btrfs")) {
    return { disk: null, reason: "btrfs-progs manque (scripts/wordpress/ensure-php.sh)" };
  }
  // A killed product left its mounts: they are used again as they are.
  const filled = folders.find((dir) => !mounted(dir) && safeReaddir(dir).length > 0);
  if (filled) return { disk: null, reason: `des sites existent déjà hors de l'image, dans ${filled}` };
  try {
    if (!mounted(mountDir)) {
      if (!existsSync(image)) await makeImage(siteFiles, image);
      await mkdir(mountDir, { recursive: true, mode: 0o700 });
      await run("mount", ["-o", "loop,nosuid,nodev", image, mountDir]);
    }
    for (const dir of folders) {
      const inside = path.join(mountDir, path.basename(dir));
      await mkdir(inside, { recursive: true });
      await mkdir(dir, { recursive: true });
      if (!mounted(dir)) await run("mount", ["--bind", inside, dir]);
    }
    // Within the sites' own mount: their folders hard-link its files (no link crosses mounts).
    return { disk: { mountDir, coreCopyDir: path.join(folders[0] as string, ".core-copies") } };
  } catch (error) {
    await unmountSiteDisk(siteFiles, folders).catch(() => {});
    return { disk: null, reason: `l'image btrfs ne se monte pas (${(error as Error).message.trim()})` };
  }
}

/** Unmounts the sites' folders and the image (its loop device goes with it). */
export async function unmountSiteDisk(siteFiles: string, folders: string[]): Promise<void> {
  for (const dir of [...folders, path.join(siteFiles, MOUNT)]) {
    if (mounted(dir)) await run("umount", [dir]);
  }
}

/** A sparse image as large as the free room of its file system, btrfs with quotas enabled. */
async function makeImage(siteFiles: string, image: string): Promise<void> {
  const { bavail, bsize } = statfsSync(siteFiles);
  const part = `${image}.part`;
  await writeFile(part, "");
  await run("truncate", ["-s", String(Number(bavail) * Number(bsize)), part]);
  await run("mkfs.btrfs", ["-q", "-f", part]);
  const scratch = `${image}.mnt`;
  await mkdir(scratch, { recursive: true, mode: 0o700 });
  await run("mount", ["-o", "loop", part, scratch]);
  try {
    await run("btrfs", ["quota", "enable", scratch]);
  } finally {
    await run("umount", [scratch]);
    await rm(scratch, { recursive: true, force: true });
  }
  await rename(part, image);
}

/** Whether `dir` is a mount point (of this mount namespace). */
function mounted(dir: string): boolean {
  const target = path.resolve(dir);
  return readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .some((line) => line.split(" ")[4]?.replace(/\\040/g, " ") === target);
}

async function run(command: string, args: string[]): Promise<void> {
  try {
    await runProcess(command, args, { timeoutMs: 120_000 });
  } catch (error) {
    if (error instanceof ProcessError)
      throw new SiteDiskError(`${command} : ${error.stderr || error.message}`);
    throw error;
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
