import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { afterAll, describe, expect, it, vi } from "vitest";
import { waitFor } from "../../test/smtp-sink.ts";
import { runProcess } from "../wordpress/run-process.ts";
import { ACCOUNTS_LOCK, accountCommand, ensureSystemUser, userId } from "./system-accounts.ts";

/** The account commands that failed: the real runProcess, watched. */
const refused = vi.hoisted(() => [] as string[]);
vi.mock("../wordpress/run-process.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../wordpress/run-process.ts")>();
  return {
    ...real,
    runProcess: async (...args: Parameters<typeof real.runProcess>) => {
      try {
        return await real.runProcess(...args);
      } catch (error) {
        if (args[0] === "flock") refused.push(args[1].slice(1).join(" "));
        throw error;
      }
    },
  };
});

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
  /**
   * Runs `script` (sh, this process's PID as $1) under the product's accounts lock: no account
   * change of a test file running beside this one holds shadow's lock meanwhile. Without it, this
   * file's "wx" creation of that lock failed when one did, and its removal could take theirs.
   */
  const underAccountsLock = (script: string) =>
    runProcess("flock", [ACCOUNTS_LOCK, "sh", "-c", script, "sh", String(process.pid)]);

  it("gives the same user to callers that ask for it at once", async () => {
    const name = fresh();
    const uids = await Promise.all(Array.from({ length: 4 }, () => ensureSystemUser(name)));
    expect(new Set(uids).size).toBe(1);
    expect(uids[0]).toBe(await userId(name));
  });

  it("waits for a lock of /etc/passwd held by a program that does not take ours", async () => {
    const name = fresh();
    // shadow's own lock file, naming a live process (this one): useradd alone fails at once.
    await underAccountsLock('set -C && printf %s "$1" > /etc/passwd.lock');
    // Let go once useradd has been refused for that lock: the product must try again.
    const command = `useradd --system --no-create-home ${name}`;
    const release = waitFor(() => refused.includes(command) || undefined).then(() =>
      rm("/etc/passwd.lock", { force: true }),
    );
    try {
      await accountCommand("useradd", ["--system", "--no-create-home", name]);
      expect(refused).toContain(command);
      expect(await userId(name)).toBeGreaterThan(0);
    } finally {
      // Ours only: by now it may be the lock of another test file's account change.
      await underAccountsLock('[ "$(cat /etc/passwd.lock 2>/dev/null)" != "$1" ] || rm -f /etc/passwd.lock');
      await release.catch(() => {});
    }
  });

  it("reports any other refusal at once", async () => {
    await expect(accountCommand("userdel", ["lagon-acct-nobody"])).rejects.toThrow(/does not exist/);
  });
});
