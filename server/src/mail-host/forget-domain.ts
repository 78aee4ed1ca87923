import { stat } from "node:fs/promises";
import { runProcess } from "../wordpress/run-process.ts";
import { assertMailDomain } from "./mail-host.ts";

/**
 * What a removed mail domain's users leave outside their mail (decision 0113): Roundcube's rows
 * (the user and, by its foreign keys, contacts, groups, collected addresses, identities,
 * responses, searches, caches, uploads) and their sessions, and rspamd's per-mailbox Bayes rows
 * (the user and its tokens). Each SQLite file is changed by sqlite3 running as the user that owns
 * it; the domain is checked first (letters, digits, dots and hyphens only), so it is written in the
 * SQL as a literal compared whole (no LIKE wildcard). Running it again deletes nothing more.
 */
const SYSTEM_PATH = "/usr/sbin:/usr/bin:/sbin:/bin";
/** Waits for a daemon's write in progress (rspamd learning, Roundcube saving a session). */
const BUSY_MS = 10_000;

/** `'@domain'` and the test "this login is of the domain" on a column. */
function ofDomain(column: string, domain: string): string {
  assertMailDomain(domain);
  return `substr(lower(${column}), -${domain.length + 1}) = '@${domain}'`;
}

/** Roundcube's users of the domain, with all their rows (its schema's ON DELETE CASCADE). */
export function webmailForgetSql(domain: string): string {
  return `PRAGMA foreign_keys = ON;\nDELETE FROM users WHERE ${ofDomain("username", domain)};\n`;
}

/** rspamd's statistics (sqlite3 backend): the domain's users and their tokens. */
export function bayesForgetSql(domain: string): string {
  const users = `SELECT id FROM users WHERE ${ofDomain("name", domain)}`;
  return `DELETE FROM tokens WHERE user IN (${users});\nDELETE FROM users WHERE ${ofDomain("name", domain)};\n`;
}

/**
 * Roundcube's sessions (`sess_id vars` lines, vars in base64 as Roundcube keeps them) whose login
 * is of the domain: PHP's serialised `username|s:<n>:"<login>";`.
 */
export function webmailSessionsOf(domain: string, rows: string): string[] {
  assertMailDomain(domain);
  const found: string[] = [];
  for (const line of rows.split("\n")) {
    const [id, vars] = line.split(" ");
    if (!id || !vars || !/^[A-Za-z0-9,-]{1,128}$/.test(id)) continue;
    const login = Buffer.from(vars, "base64")
      .toString("latin1")
      .match(/(?:^|;|})username\|s:\d+:"([^"]*)";/)?.[1];
    if (login?.toLowerCase().endsWith(`@${domain}`)) found.push(id);
  }
  return found;
}

/** sqlite3 on a file as its owner (`setpriv`), the SQL on stdin; nothing when the file is absent. */
export async function sqliteAs(
  owner: { uid: number; gid: number },
  file: string,
  sql: string,
): Promise<string | null> {
  if (!(await stat(file).catch(() => null))) return null;
  const { stdout } = await runProcess(
    "/usr/bin/setpriv",
    [
      `--reuid=${owner.uid}`,
      `--regid=${owner.gid}`,
      "--clear-groups",
      "/usr/bin/sqlite3",
      "-bail",
      "-cmd",
      `.timeout ${BUSY_MS}`,
      file,
    ],
    { env: { PATH: SYSTEM_PATH }, stdin: sql },
  );
  return stdout;
}

/** Forgets the domain's users in Roundcube's database: their sessions, then their rows. */
export async function forgetWebmailDomain(
  owner: { uid: number; gid: number },
  database: string,
  domain: string,
): Promise<void> {
  const rows = await sqliteAs(owner, database, "SELECT sess_id || ' ' || vars FROM session;\n");
  if (rows === null) return;
  const sessions = webmailSessionsOf(domain, rows);
  const dropSessions = sessions.length
    ? `DELETE FROM session WHERE sess_id IN (${sessions.map((id) => `'${id}'`).join(", ")});\n`
    : "";
  await sqliteAs(owner, database, `${dropSessions}${webmailForgetSql(domain)}`);
}
