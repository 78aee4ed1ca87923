/**
 * Test support: the product's user on a WordPress host, set up as
 * docs/operations/wordpress-host.md tells operators to: a system user of its own whose one
 * privilege is the guide's sudoers rule, running a root-owned copy of the helper (its lib/,
 * commands/, PHP programs and site-files/ beside it). The test that makes it
 * removes it; a run killed before that is cleaned up by the next one.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_WP_SSH_HELPER } from "../config.ts";
import { accountCommand } from "../lib/system-accounts.ts";
import { runProcess } from "./run-process.ts";
import { installHelperCopy } from "./site-host-files.ts";

const GUIDE = path.resolve(import.meta.dirname, "../../../docs/operations/wordpress-host.md");
/** Where the guide installs the helper; the test installs its copy elsewhere, with the same rule. */
const GUIDE_HELPER = "/usr/local/lib/lagon/site-host.sh";
const SUDOERS_DIR = "/etc/sudoers.d";
const PREFIX = "lagon-test-";
const TEST_DIR_MARK = "# test dir: ";

export interface HostProductUser {
  name: string;
  /** The root-owned copy of site-host.sh the sudoers rule names. */
  helper: string;
  installer: string;
  /** The sudoers file of the rule. */
  sudoers: string;
  /** WP_SSH_HELPER for this host: the product's default, naming the test's copy. */
  helperCommand: string;
  remove(): Promise<void>;
}

/** The sudoers rule and WP_SSH_HELPER the guide gives, for a user and a helper path. */
export async function guideSudoRule(user: string, helper: string): Promise<string> {
  const guide = await readFile(GUIDE, "utf8");
  if (!guide.includes(`WP_SSH_HELPER=${DEFAULT_WP_SSH_HELPER}\n`)) {
    throw new Error("the guide's WP_SSH_HELPER is not the product's default");
  }
  const rules = guide.split("\n").filter((line) => /^lagon\s+ALL=/.test(line));
  if (rules.length !== 1 || !rules[0]?.endsWith(` ${GUIDE_HELPER}`)) {
    throw new Error(`expected one sudoers rule for ${GUIDE_HELPER} in ${GUIDE}, found: ${rules.join(" | ")}`);
  }
  return (rules[0] as string).replace(/^lagon/, user).replace(GUIDE_HELPER, helper);
}

/**
 * Creates the user, installs the helper copy in `dir` (root-owned, mode 0711 or tighter) and the
 * rule. sudo resets the environment, so in production the helper reads /etc/lagon/site-host.conf;
 * the test may not write there, so the rule's file also gives this one user's sudo the path of
 * `settingsFile` (`Defaults:<user> env_file`, written by root like the rule itself).
 */
export async function createHostProductUser(dir: string, settingsFile: string): Promise<HostProductUser> {
  await removeLeftovers();
  const id = randomBytes(4).toString("hex");
  const name = `lagon-t${id}`;
  const lib = path.join(dir, "lagon-lib");
  const helper = path.join(lib, "site-host.sh");
  const installer = path.join(lib, "install-site.php");
  const sudoers = path.join(SUDOERS_DIR, `${PREFIX}${id}`);

  // As the guide's `install -o root -g root`: root's, writable by root alone.
  await installHelperCopy(lib);

  await accountCommand("useradd", [
    "--system",
    "--user-group",
    "--no-create-home",
    "--home-dir",
    "/",
    "--shell",
    "/bin/bash",
    // No password, but not a locked account: sshd (without PAM) refuses locked ones.
    "--password",
    "*",
    "--comment",
    `lagon test product user ${dir}`,
    name,
  ]);
  const removeUser = () => accountCommand("userdel", [name]).catch(() => {});
  try {
    const envFile = path.join(dir, "sudo-env");
    await writeFile(envFile, `SITE_HOST_CONF=${settingsFile}\n`, { mode: 0o600 });
    const draft = path.join(dir, "sudoers-draft");
    const rule = [
      `# Written by server/src/wordpress/host-product-user.ts; removed by its test.`,
      `${TEST_DIR_MARK}${dir}`,
      `Defaults:${name} env_file=${envFile}`,
      await guideSudoRule(name, helper),
    ];
    await writeFile(draft, `${rule.join("\n")}\n`, { mode: 0o440 });
    // A broken file in sudoers.d would break sudo for the whole machine: check it first.
    await runProcess("visudo", ["-c", "-q", "-f", draft]);
    await runProcess("install", ["-o", "root", "-g", "root", "-m", "440", draft, sudoers]);
  } catch (error) {
    await removeUser();
    throw error;
  }

  return {
    name,
    helper,
    installer,
    sudoers,
    helperCommand: DEFAULT_WP_SSH_HELPER.replace(GUIDE_HELPER, helper),
    async remove() {
      await rm(sudoers, { force: true });
      await userdelWhenIdle(name);
    },
  };
}

/** userdel refuses a user with a process left (an SSH session still closing): wait for it. */
export async function userdelWhenIdle(name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await accountCommand("userdel", [name]);
      return;
    } catch (error) {
      if (attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Rules and users of test runs that died before removing them (their folder is gone). */
async function removeLeftovers(): Promise<void> {
  if (!existsSync(SUDOERS_DIR)) return;
  for (const file of await readdir(SUDOERS_DIR)) {
    const id = file.startsWith(PREFIX) ? file.slice(PREFIX.length) : "";
    if (!/^[0-9a-f]{8}$/.test(id)) continue;
    const full = path.join(SUDOERS_DIR, file);
    const testDir = (await readFile(full, "utf8"))
      .split("\n")
      .find((line) => line.startsWith(TEST_DIR_MARK))
      ?.slice(TEST_DIR_MARK.length);
    if (testDir && existsSync(testDir)) continue;
    await rm(full, { force: true });
    await accountCommand("userdel", [`lagon-t${id}`]).catch(() => {});
  }
}
