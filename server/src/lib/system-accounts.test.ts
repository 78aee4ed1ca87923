import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { accountCommand, ensureSystemUser, userId } from "./system-accounts.ts";

/** The machine's accounts changed side by side, as on a fresh machine's first run. */
describe("system accounts", () => {
  const made: string[] = [];
  const fresh = () => {
    const name = `lagon-acct-${randomBytes(3).toString("hex")}`;
    made.push(name);
    return name;
  };
  afterAll(async () => {
    for (const name of made) await accountCommand("userdel", [name]).catch(() => {});
  });

  it("gives the same user to callers that ask for it at once", async () => {
    const name = fresh();
    const uids = await Promise.all(Array.from({ length: 4 }, () => ensureSystemUser(name)));
    expect(new Set(uids).size).toBe(1);
    expect(uids[0]).toBe(await userId(name));
  });

  it("waits for a lock of /etc/passwd held by a program that does not take ours", async () => {
    const name = fresh();
    // shadow's own lock file, naming a live process (this one): useradd alone fails at once.
    await writeFile("/etc/passwd.lock", String(process.pid), { flag: "wx" });
    let released = false;
    const release = new Promise<void>((resolve) =>
      setTimeout(async () => {
        released = true;
        await rm("/etc/passwd.lock", { force: true });
        resolve();
      }, 300),
    );
    try {
      await accountCommand("useradd", ["--system", "--no-create-home", name]);
      expect(released).toBe(true);
      expect(await userId(name)).toBeGreaterThan(0);
    } finally {
      await release;
    }
  });

  it("reports any other refusal at once", async () => {
    await expect(accountCommand("userdel", ["lagon-acct-nobody"])).rejects.toThrow(/does not exist/);
  });
});
