import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { spawnServer } from "../../test/spawn-server.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "lagon-stop-starting-"));

/** The processes still running with the data folder in their command line (daemons, PHP, nginx). */
function leftoverProcesses(): string[] {
  try {
    return execFileSync("pgrep", ["-a", "-f", dataDir], { encoding: "utf8" }).trim().split("\n");
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

const leftoverMounts = () =>
  readFileSync("/proc/mounts", "utf8")
    .split("\n")
    .filter((line) => line.includes(dataDir));

afterAll(() => {
  // Whatever a failure left, so that the next tests start clean.
  for (const line of leftoverProcesses()) process.kill(Number(line.split(" ")[0]), "SIGKILL");
  for (const line of leftoverMounts().reverse()) execFileSync("umount", ["-l", line.split(" ")[1] as string]);
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Ctrl-C (or a SIGTERM) during the first start used to end the process at once, before its stop
 * handlers existed: the mail daemons (Dovecot as root), PHP and nginx kept running and the sites'
 * disk stayed mounted. The signal now arrives while the WordPress host and the worker still start.
 */
it("a signal during the start stops every part that had started, and exits 0", async () => {
  const server = await spawnServer(dataDir, { LOG_LEVEL: "info" });
  await server.printed('"mail host started"');
  expect(server.stdout()).not.toContain("Site prêt");
  expect(leftoverProcesses().some((line) => line.includes("dovecot"))).toBe(true);
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  expect(server.stderr()).toBe("");
  expect(leftoverProcesses()).toEqual([]);
  expect(leftoverMounts()).toEqual([]);
}, 180_000);
