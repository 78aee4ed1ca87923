import { runProcess } from "./run-process.ts";

/** A host reached over SSH, where a root helper runs through sudo (the WordPress and the mail hosts). */
export interface SshTarget {
  host: string;
  user: string;
  port?: number;
  /** Private key with access to the host (BatchMode: no password is ever asked). */
  keyFile: string;
  /** known_hosts file holding the host's key; default: the user's own known_hosts. */
  knownHostsFile?: string;
}

/**
 * `ssh`'s arguments to run `helper args…` on the host: a key only, never a password prompt, and
 * the host's key checked when a known_hosts file is given. The arguments are fixed words and
 * values the caller checked before.
 */
export function sshHelperArgs(ssh: SshTarget, helper: string, args: string[]): string[] {
  const { host, user, port = 22, keyFile, knownHostsFile } = ssh;
  const sshArgs = ["-i", keyFile, "-p", String(port), "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes"];
  sshArgs.push("-o", "ConnectTimeout=15", "-o", "LogLevel=ERROR");
  if (knownHostsFile) {
    sshArgs.push("-o", `UserKnownHostsFile=${knownHostsFile}`, "-o", "StrictHostKeyChecking=yes");
  }
  sshArgs.push(`${user}@${host}`, [helper, ...args].join(" "));
  return sshArgs;
}

/** Runs the helper on the host (up to 5 minutes: an install or a restore over SSH). */
export function runSshHelper(ssh: SshTarget, helper: string, args: string[], stdin?: string) {
  return runProcess("ssh", sshHelperArgs(ssh, helper, args), { stdin, timeoutMs: 300_000 });
}
