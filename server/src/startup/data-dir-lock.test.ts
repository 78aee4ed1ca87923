import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.ts";

const key = randomBytes(32).toString("hex");
const tmp = () => mkdtempSync(path.join(os.tmpdir(), "lagon-lock-"));

describe("exclusive lock on the embedded data folder", () => {
  it("refuses a second holder, naming the first one's PID, until it is released", async () => {
    const dir = tmp();
    const lock = await lockDataDir(dir, key);
    const refused = await lockDataDir(dir, key).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect(refused).toMatchObject({ dataDir: dir, holderPid: process.pid });
    // The lock is the folder's, by its real path: another folder is free, a link to this one is not.
    const other = await lockDataDir(tmp(), key);
    const link = path.join(tmp(), "lien");
    symlinkSync(dir, link);
    await expect(lockDataDir(link, key)).rejects.toThrow(DataDirLockedError);
    await lock.release();
    await other.release();
    await (await lockDataDir(dir, key)).release();
  });

  it("is freed by the kernel when its holder dies, even killed without a chance to clean up", async () => {
    const dir = tmp();
    const holder = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { lockDataDir } = await import(${JSON.stringify(path.join(import.meta.dirname, "data-dir-lock.ts"))});
         await lockDataDir(process.env.DIR, process.env.KEY);
         console.log("locked");
         setInterval(() => {}, 1000);`,
      ],
      { env: { ...process.env, DIR: dir, KEY: key }, stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve) =>
      holder.stdout.on("data", (d) => String(d).includes("locked") && resolve()),
    );
    await expect(lockDataDir(dir, key)).rejects.toMatchObject({ holderPid: holder.pid });
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.on("exit", resolve));
    await (await lockDataDir(dir, key)).release();
  });
});
