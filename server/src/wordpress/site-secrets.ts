import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Tests of the host's database template (decision 0106): every value of a site that could hold a
 * secret or a random value, read from its folder as root: its wp-config.php's constants, its
 * options, every user's row and meta. Keys are "config:NAME", "option:NAME", "user:ID:COLUMN",
 * "usermeta:ID:KEY".
 */
export function siteValues(siteDir: string): Map<string, string> {
  const values = new Map<string, string>();
  const config = readFileSync(path.join(siteDir, "wp-config.php"), "utf8");
  for (const [, name, value] of config.matchAll(/define\('([A-Z_]+)', '([^']*)'\);/g)) {
    values.set(`config:${name}`, value as string);
  }
  const db = path.join(siteDir, "wp-content/database/.ht.sqlite");
  for (const row of sqlite(db, "SELECT option_name AS k, option_value AS v FROM wp_options")) {
    values.set(`option:${row.k}`, row.v);
  }
  for (const row of sqlite(db, "SELECT user_id || ':' || meta_key AS k, meta_value AS v FROM wp_usermeta")) {
    values.set(`usermeta:${row.k}`, row.v);
  }
  const columns = ["user_login", "user_pass", "user_email", "user_registered", "user_activation_key"];
  for (const column of columns) {
    for (const row of sqlite(db, `SELECT ID AS k, ${column} AS v FROM wp_users`)) {
      values.set(`user:${row.k}:${column}`, row.v);
    }
  }
  return values;
}

/** One option of the site in the folder `siteDir`, read from its database. */
export function siteOption(siteDir: string, name: string): string | undefined {
  const db = path.join(siteDir, "wp-content/database/.ht.sqlite");
  const quoted = name.replaceAll("'", "''");
  return sqlite(
    db,
    `SELECT option_name AS k, option_value AS v FROM wp_options WHERE option_name = '${quoted}'`,
  )[0]?.v;
}

function sqlite(db: string, sql: string): { k: string; v: string }[] {
  const out = execFileSync("sqlite3", ["-readonly", "-json", db, sql], { encoding: "utf8" });
  return out.trim() === ""
    ? []
    : (JSON.parse(out) as { k: string | number; v: string | null }[]).map((r) => ({
        k: String(r.k),
        v: r.v ?? "",
      }));
}

/**
 * What looks made at random in a value: a run of 16 or more letters, digits and the characters of
 * base64, hashes and password hashes that holds both letters and at least four digits (a salt, a
 * hash, a key, a UUID's part), not a word, a path or a date.
 */
export function randomLooking(value: string): string[] {
  return [...value.matchAll(/[A-Za-z0-9+/=$.\-_]{16,}/g)]
    .map(([token]) => token)
    .filter((token) => /[A-Za-z]/.test(token) && (token.match(/\d/g)?.length ?? 0) >= 4);
}

/**
 * The keys two sites hold with the same value where that value looks random: nothing made at
 * random for one site (at its install or in the template it came from) may be another's.
 */
export function sharedRandomValues(a: Map<string, string>, b: Map<string, string>): string[] {
  const shared: string[] = [];
  const tokensOfB = new Set(
    [...b.entries()].filter(([key]) => !cache(key)).flatMap(([, value]) => randomLooking(value)),
  );
  // WordPress keys its cron events by the hash of their arguments: md5(serialize([])) for none.
  tokensOfB.delete(createHash("md5").update("a:0:{}").digest("hex"));
  for (const [key, value] of a) {
    if (cache(key)) continue;
    const common = randomLooking(value).filter((token) => tokensOfB.has(token));
    if (common.length > 0) shared.push(`${key}: ${common.join(", ")}`);
  }
  return shared;
}

/**
 * A transient is a cache the site made itself, of the same code as any other site (block styles'
 * hashes): the installer drops every transient of the template (make_template_this_site).
 */
function cache(key: string): boolean {
  return key.startsWith("option:_transient_") || key.startsWith("option:_site_transient_");
}
