/**
 * SFTP access to a site's folder and its plain-site mode (decision 0059): the helper's
 * arguments and output, shared by both hosts (site-host.sh sftp / site-mode).
 */
import {
  SFTP_FINGERPRINT_PATTERN,
  SFTP_KEY_PATTERN,
  SITE_MODES,
  type SiteMode,
  sftpPasswordRefusal,
} from "@lagon/contracts/sftp";

export type SftpChange =
  | { action: "status" }
  | { action: "password"; password: string }
  | { action: "key-add"; key: string }
  | { action: "key-remove"; fingerprint: string };

export interface SftpKey {
  type: string;
  fingerprint: string;
  comment: string;
}

export interface SftpState {
  /** The site's own system user, the SFTP login. */
  user: string;
  mode: SiteMode;
  passwordSet: boolean;
  keys: SftpKey[];
}

/** Where customers connect. */
export interface SftpEndpoint {
  host: string;
  port: number;
}

/** The helper's arguments and stdin for a change; secrets and keys go on stdin, never in argv. */
export function sftpCommand(subdomain: string, change: SftpChange): { args: string[]; stdin?: string } {
  switch (change.action) {
    case "status":
      return { args: ["sftp", subdomain, "status"] };
    case "password":
      if (sftpPasswordRefusal(change.password)) throw new Error("invalid SFTP password");
      return { args: ["sftp", subdomain, "password"], stdin: change.password };
    case "key-add":
      if (!SFTP_KEY_PATTERN.test(change.key)) throw new Error("invalid public key");
      return { args: ["sftp", subdomain, "key-add"], stdin: `${change.key}\n` };
    case "key-remove":
      if (!SFTP_FINGERPRINT_PATTERN.test(change.fingerprint)) throw new Error("invalid fingerprint");
      return { args: ["sftp", subdomain, "key-remove", change.fingerprint] };
  }
}

export function siteModeArgs(subdomain: string, mode: SiteMode): string[] {
  if (!SITE_MODES.includes(mode)) throw new Error(`invalid mode: ${JSON.stringify(mode)}`);
  return ["site-mode", subdomain, mode];
}

/** The helper's arguments for `suspendSftp` (leaving Libre, decision 0076). */
export function suspendSftpArgs(subdomain: string, suspended: boolean): string[] {
  return [suspended ? "sftp-suspend" : "sftp-unsuspend", subdomain];
}

/** Whether `sftp-suspend` / `sftp-unsuspend` did anything (they print "none" when not). */
export function parseSuspendSftp(stdout: string): boolean {
  const word = stdout.trim().split("\n").at(-1);
  if (word !== "suspended" && word !== "resumed" && word !== "none") {
    throw new Error(`unexpected sftp-suspend output: ${JSON.stringify(stdout)}`);
  }
  return word !== "none";
}

/** `site-host.sh sftp`'s lines: user, mode, password, then one `key FINGERPRINT (TYPE) COMMENT` each. */
export function parseSftpState(stdout: string): SftpState {
  const state: SftpState = { user: "", mode: "wordpress", passwordSet: false, keys: [] };
  for (const line of stdout.split("\n")) {
    const [word, ...rest] = line.trim().split(" ");
    if (word === "user") state.user = rest[0] ?? "";
    if (word === "mode") state.mode = rest[0] === "plain" ? "plain" : "wordpress";
    if (word === "password") state.passwordSet = rest[0] === "yes";
    if (word === "key" && rest[0]) {
      const comment = rest.slice(2).join(" ");
      state.keys.push({
        fingerprint: rest[0],
        type: (rest[1] ?? "").replace(/^\(|\)$/g, ""),
        comment: comment === "no comment" ? "" : comment,
      });
    }
  }
  if (!/^wp-[a-z0-9-]+$/.test(state.user)) throw new Error("site-host.sh sftp printed no user");
  return state;
}
