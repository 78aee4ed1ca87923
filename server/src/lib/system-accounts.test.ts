import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { afterAll, describe, expect, it, vi } from "vitest";
import { waitFor } from "../../test/smtp-sink.ts";
import { accountCommand, ensureSystemUser, userId } from "./system-accounts.ts";

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
      await rm("/etc/passwd.lock", { force: true });
      await release.catch(() => {});
    }
  });

  it("reports any other refusal at once", async () => {
    await expect(accountCommand("userdel", ["lagon-acct-nobody"])).rejects.toThrow(/does not exist/);
  });
});
