import { runProcess } from "../wordpress/run-process.ts";

/**
 * One lock for every change the product makes to the machine's accounts, shared with the root
 * helper (`accounts` in site-host.sh). Two changes at once fail at once ("useradd: cannot lock
 * /etc/passwd; try again later"): two sites or mail hosts started side by side, as on the first
 * run on a fresh machine. `/run` is root's: no site can hold the lock.
 */
export const ACCOUNTS_LOCK = "/run/lagon-accounts.lock";
const SYSTEM_PATH = "/usr/sbin:/usr/bin:/sbin:/bin";

/** A lock held by a program that does not take ours (apt adding a package's user): retry. */
const LOCKED = /cannot lock|try again later/i;

/** Runs useradd, userdel, gpasswd… under the accounts lock, retrying a lock held by another program. */
export async function accountCommand(command: string, args: string[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await runProcess("flock", [ACCOUNTS_LOCK, command, ...args], { env: { PATH: SYSTEM_PATH } });
      return;
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? "";
      if (attempt >= 50 || !LOCKED.test(stderr)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function userId(name: string): Promise<number> {
  const { stdout } = await runProcess("id", ["-u", name], { env: { PATH: SYSTEM_PATH } });
  return Number(stdout.trim());
}

/**
 * A system user of its own group, no home, no shell (made once); its uid. Two callers at once
 * (two mail hosts starting on a fresh machine) both get it: the second finds it made.
 */
export async function ensureSystemUser(name: string): Promise<number> {
  const existing = await userId(name).catch(() => undefined);
  if (existing !== undefined) return existing;
  const args = ["--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent"];
  try {
    await accountCommand("useradd", [...args, "--shell", "/usr/sbin/nologin", name]);
  } catch (error) {
    // Made by another caller between the look-up and the lock (useradd exits 9: already exists).
    if ((error as { exitCode?: number }).exitCode !== 9) throw error;
  }
  return userId(name);
}
