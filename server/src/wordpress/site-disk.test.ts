import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LocalWordPressHost } from "./local-host.ts";
import { freePort, testCoreDir } from "./site-checks.ts";
import { mountSiteDisk, unmountSiteDisk } from "./site-disk.ts";

const mountPoints = () =>
  readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .map((line) => line.split(" ")[4]);

/** The sites' disk image of the embedded host (decision 0071): where it goes, and where it cannot. */
describe("the sites' disk image", () => {
  const made: string[] = [];
  const folder = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "wp-disk-"));
    made.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const dir of made) {
      await unmountSiteDisk(dir, [path.join(dir, "sites"), path.join(dir, "site-tmp")]).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("mounts one btrfs image on the sites' folders, and again after a stop", async (context) => {
    const dir = await folder();
    const folders = [path.join(dir, "sites"), path.join(dir, "site-tmp")];
    const first = await mountSiteDisk(dir, folders);
    if (!first.disk) {
      console.warn(`site-disk: no disk image on this machine (${first.reason}), not tried`);
      context.skip();
      return;
    }
    expect(mountPoints()).toEqual(expect.arrayContaining(folders));
    writeFileSync(path.join(folders[0] as string, "kept"), "");
    await unmountSiteDisk(dir, folders);
    expect(mountPoints()).not.toEqual(expect.arrayContaining([folders[0]]));
    expect(existsSync(path.join(folders[0] as string, "kept"))).toBe(false);
    // The same image again: what the sites wrote is there.
    const again = await mountSiteDisk(dir, folders);
    expect(again.disk?.coreCopyDir).toBe(first.disk.coreCopyDir);
    expect(existsSync(path.join(folders[0] as string, "kept"))).toBe(true);
    await unmountSiteDisk(dir, folders);
  });

  it("leaves sites made before the image where they are, and a host that must have a quota refuses to start", async () => {
    const dir = await folder();
    mkdirSync(path.join(dir, "sites/ancien"), { recursive: true });
    const folders = [path.join(dir, "sites"), path.join(dir, "site-tmp")];
    const result = await mountSiteDisk(dir, folders);
    expect(result).toEqual({
      disk: null,
      reason: `des sites existent déjà hors de l'image, dans ${folders[0]}`,
    });
    expect(mountPoints()).not.toEqual(expect.arrayContaining([folders[0]]));

    const host = new LocalWordPressHost({
      dataDir: dir,
      coreDir: testCoreDir(),
      port: await freePort(),
      diskQuota: "on",
    });
    await expect(host.start()).rejects.toThrow(
      /^Quota disque des sites impossible \(SITE_QUOTA=on\) : des sites existent déjà hors de l'image/,
    );
    expect(existsSync(path.join(dir, "sites/ancien"))).toBe(true);
  });
});
