/**
 * rspamd for the embedded mail host (decision 0075): Debian's rules and modules, one proxy worker
 * scanning by itself as Postfix's milter on a loopback port, no redis, no hyperscan for rules; a
 * controller on loopback, behind a password, for the Bayes learning of what owners move in or out
 * of Junk (decision 0087), kept in sqlite3 files of its state folder.
 */
import { BAYES_VERDICT } from "./junk-learning.ts";

/**
 * Where rspamd keeps its compiled URL and map matchers (hyperscan), for every embedded host of the
 * machine: compiling them takes 20 to 50 s on 2 cores, once; the files are named by what they
 * compile, so hosts of any data folder share them. rspamd's own (`_rspamd` 0700).
 */
export const RSPAMD_CACHE_DIR = "/var/cache/lagon-rspamd";

/** Debian's rspamd runs as this system user (made by the package). */
export const RSPAMD_USER = "_rspamd";

/**
 * rspamd's test strings. The standard GTUBE is refused at SMTP by rspamd itself (hard-wired:
 * reject, every rule skipped); its "add header" variant goes the way of scored spam: to Junk.
 */
export const GTUBE = {
  reject: "XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X",
  junk: "YJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X",
} as const;

/**
 * The header the milter adds to every message it scans: its score without Bayes, then the address
 * whose Bayes it used, if any (`3.20 contact@example.fr`; `3.20` alone for a message to several
 * mailboxes, scored without Bayes, decision 0102). At delivery a copy whose mailbox is not that
 * address (an alias's, a `+detail`'s, one of several) gets its own mailbox's Bayes instead
 * (SPAM_SIEVE, decision 0112). rspamd removes it from what arrives.
 */
export const SCORE_HEADER = "X-Lagon-Spam-Score";

/** A Lua expression: a function telling whether a task's envelope names several mailboxes. */
const SEVERAL_RECIPIENTS_LUA = `(function(task)
  local seen, count = {}, 0
  for _, rcpt in ipairs(task:get_recipients("smtp") or {}) do
    local address = (rcpt.addr or ""):lower()
    if not seen[address] then
      seen[address] = true
      count = count + 1
    end
  end
  return count > 1
end)`;

/**
 * A Lua expression: a function giving the user whose Bayes scans a task, or nil for none. The task's
 * principal recipient (the envelope's, or the controller's `Deliver-To`), lower-cased as Dovecot's
 * logins are; nil when the envelope names several mailboxes (rspamd's shared default, which nothing
 * learns: each copy gets its own at delivery, decision 0102).
 */
const BAYES_USER_LUA = `(function(task)
  if ${SEVERAL_RECIPIENTS_LUA}(task) then return nil end
  local user = task:get_principal_recipient()
  return user and user:lower()
end)`;

/** rspamd's `add_header` threshold: from this score a message is spam, filed in Junk. */
export const SPAM_SCORE = 6;

/** Modules that keep their data in redis: with no redis they are off, said once here. */
const REDIS_MODULES = [
  "greylist",
  "ratelimit",
  "history_redis",
  "neural",
  "reputation",
  "replies",
  "url_redirector",
  // Bayes itself is kept in sqlite3 (statistic.conf below); only its redis expiry is off.
  "bayes_expiry",
  "clickhouse",
  "metadata_exporter",
];

/**
 * Modules whose work is done elsewhere: OpenDKIM signs (on the ports where owners send), and
 * ARC would sign what Postfix forwards with keys rspamd does not have.
 */
const OTHERS_OFF = ["dkim_signing", "arc"];

export interface RspamdConfigInput {
  /** The milter's loopback port. */
  port: number;
  /** The controller's loopback port: learning only (junk-learning.ts). */
  controllerPort: number;
  /** The controller's password, new at each start (the pipe programs send it). */
  controllerPassword: string;
  /** rspamd's state (the log, its caches, the Bayes files): `_rspamd`'s own. */
  stateDir: string;
  /** Its control socket and nothing else: a short path, `_rspamd`'s own. */
  runDir: string;
}

/** The `--var` arguments naming the folders the configuration below uses. */
export function rspamdVariables(configDir: string, { stateDir, runDir }: RspamdConfigInput): string[] {
  return [
    `--var=LOCAL_CONFDIR=${configDir}`,
    `--var=DBDIR=${stateDir}`,
    `--var=RUNDIR=${runDir}`,
    `--var=LOGDIR=${stateDir}`,
  ];
}

const RSPAMD_HEADER = "# Written by the product at each start (server/src/mail-host/rspamd-config.ts).\n";

/** What every rspamd.conf of ours starts with: Debian's rules, our options and log. */
function rspamdMain(): string {
  return `# Debian's rules, modules and scores; what differs is in override.d.
.include "$CONFDIR/common.conf"
options {
  .include "$CONFDIR/options.inc"
  .include(priority=10) "$LOCAL_CONFDIR/override.d/options.inc"
}
logging {
  type = "file";
  filename = "$LOGDIR/rspamd.log";
  .include "$CONFDIR/logging.inc"
  .include(priority=10) "$LOCAL_CONFDIR/override.d/logging.inc"
}
`;
}

/**
 * The controller: Dovecot's pipe programs hand it what owners move in or out of Junk. Loopback,
 * every command behind the password (no address is trusted without it), no web interface.
 */
function rspamdController(bindSocket: string, password: string): string {
  return `# The controller: Dovecot's pipe programs hand it what owners move in or out of Junk. Loopback,
# every command behind the password (no address is trusted without it), no web interface.
worker "controller" {
  bind_socket = "${bindSocket}";
  count = 1;
  password = "${password}";
  enable_password = "${password}";
  secure_ip = [];
  static_dir = "";
}
`;
}

/** Where rspamdBayesInitConf's controller listens: a socket in its run folder (RUNDIR). */
export const BAYES_INIT_SOCKET = "bayes-init.sock";

/**
 * rspamd with its controller alone, on a socket of its run folder: what a production host's
 * `configure` runs once, before rspamd's first start, so that one process makes the Bayes files
 * (rspamd's own schema) instead of two racing to (decision 0108). Its statistics and modules are
 * rspamd.conf's: the same override.d and local.d.
 */
export function rspamdBayesInitConf(controllerPassword: string): string {
  return `${RSPAMD_HEADER}# Run once by the helper's configure (decision 0108): one process makes the Bayes files.
${rspamdMain()}${rspamdController(`$RUNDIR/${BAYES_INIT_SOCKET} mode=0600`, controllerPassword)}`;
}

/** The files of rspamd's configuration folder (LOCAL_CONFDIR): rspamd.conf and its local.d. */
export function rspamdConfigFiles({
  port,
  controllerPort,
  controllerPassword,
}: RspamdConfigInput): Record<string, string> {
  const files: Record<string, string> = {
    "rspamd.conf": `${RSPAMD_HEADER}${rspamdMain()}# One process scans and speaks milter to Postfix: no normal worker, no fuzzy storage.
worker "rspamd_proxy" {
  bind_socket = "127.0.0.1:${port}";
  milter = yes;
  # No upstream: this process scans what it receives itself.
  upstream "local" {
    default = yes;
    self_scan = yes;
  }
  count = 1;
  timeout = 120s;
  spam_header = "X-Spam";
  discard_on_reject = false;
  quarantine_on_reject = false;
}
${rspamdController(`127.0.0.1:${controllerPort}`, controllerPassword)}`,
    "override.d/options.inc": `${RSPAMD_HEADER}control_socket = "$RUNDIR/rspamd.sock mode=0600";
# Compiled matchers, shared by the machine's hosts (RSPAMD_CACHE_DIR).
hs_cache_dir = "${RSPAMD_CACHE_DIR}/";
# Rules by PCRE: no hyperscan database of the rules to compile nor keep in memory.
disable_hyperscan = true;
# Every client reaches this host's SMTP port from 127.0.0.1 (the machine's own, or a relay in
# front): none of them is "local", so none skips a check.
local_addrs = [];
# rspamd's GTUBE variants (GTUBE.junk): the agency checks the way to Junk with them.
enable_test_patterns = true;
`,
    // Bayes in sqlite3 files of the state folder (no redis), one per mailbox (decision 0092). It
    // scores only after 200 learns of each kind, counted over the whole host.
    "override.d/statistic.conf": `${RSPAMD_HEADER}classifier "bayes" {
  tokenizer {
    name = "osb";
  }
  backend = "sqlite3";
  new_schema = true;
  # Each mailbox's own tokens: the learns of the controller are for its Deliver-To (the mailbox's
  # login, junk-learning.ts), a scan is for the message's envelope recipient. Lower-cased as
  # Dovecot's logins are. A message to several mailboxes gets no one's Bayes here (nil: the
  # shared default, which nothing learns): each copy gets its own at delivery (decision 0102).
  users_enabled = <<EOD
return ${BAYES_USER_LUA}
EOD
  min_tokens = 11;
  min_learns = 20;
  cache {
    type = "sqlite3";
    path = "$DBDIR/learn_cache.sqlite";
  }
  statfile {
    symbol = "BAYES_HAM";
    path = "$DBDIR/bayes.ham.sqlite";
    spam = false;
  }
  statfile {
    symbol = "BAYES_SPAM";
    path = "$DBDIR/bayes.spam.sqlite";
    spam = true;
  }
  learn_condition = 'return require("lua_bayes_learn").can_learn';
}
`,
    // Every message: its score without Bayes and whose Bayes scored it go along, so that a copy
    // delivered to another mailbox (an alias's, several) gets its own at delivery (SPAM_SIEVE);
    // one that came from outside with this header loses it.
    "local.d/milter_headers.conf": `${RSPAMD_HEADER}use = ["lagon-bayes-user"];
custom {
  lagon-bayes-user = <<EOD
return function(task, common)
  local score = task:get_metric_score()[1]
  for _, symbol in ipairs({ "BAYES_SPAM", "BAYES_HAM" }) do
    for _, found in ipairs(task:get_symbol(symbol) or {}) do
      score = score - (found.score or 0)
    end
  end
  local value = string.format("%.2f", score)
  local user = ${BAYES_USER_LUA}(task)
  if user and user:match("^[a-z0-9.@_+-]+$") then value = value .. " " .. user end
  return nil, { ["${SCORE_HEADER}"] = value }, { ["${SCORE_HEADER}"] = 0 }, {}
end
EOD;
}
`,
    "override.d/logging.inc": `${RSPAMD_HEADER}level = "notice";\n`,
    // Spam is delivered, to Junk (Dovecot's Sieve on X-Spam): nothing is refused nor delayed.
    "local.d/actions.conf": `${RSPAMD_HEADER}reject = null;\ngreylist = null;\nadd_header = ${SPAM_SCORE};\n`,
  };
  for (const module of [...REDIS_MODULES, ...OTHERS_OFF])
    files[`local.d/${module}.conf`] = `${RSPAMD_HEADER}enabled = false;\n`;
  return files;
}

/**
 * The Sieve script every delivery runs before the mailbox's own: rspamd's spam goes to Junk. The
 * milter's SCORE_HEADER says whose Bayes it used: when that is not this copy's mailbox (a message
 * to an alias, to a `+detail` address, to several mailboxes: decisions 0102, 0112), the program
 * BAYES_VERDICT adds this mailbox's own Bayes to the score without Bayes (junk-learning.ts) and
 * says whether this copy is spam; should it fail, rspamd's verdict stands. A copy for the very
 * address the milter scanned for runs no program: its X-Spam already holds that mailbox's Bayes.
 */
export const SPAM_SIEVE = `# Written by the product at each start (server/src/mail-host/rspamd-config.ts).
require ["fileinto", "variables", "envelope", "subaddress", "vnd.dovecot.execute"];
set "verdict" "";
if header :matches "${SCORE_HEADER}" "*" {
  set "value" "\${1}";
  # "<score without Bayes> <address whose Bayes rspamd used>", or the score alone: none used.
  set "scanned" "";
  if string :matches "\${value}" "* *" {
    set "score" "\${1}";
    set "scanned" "\${2}";
  } else {
    set "score" "\${value}";
  }
  # This copy's mailbox: the envelope's recipient (after aliases), without its +detail.
  if envelope :user :matches "to" "*" {
    set :lower "user" "\${1}";
  }
  if envelope :domain :matches "to" "*" {
    set :lower "domain" "\${1}";
  }
  if not string :is "\${scanned}" "\${user}@\${domain}" {
    if not execute :pipe :output "verdict" "${BAYES_VERDICT}" ["\${user}@\${domain}", "\${score}"] {
      set "verdict" "";
    }
  }
}
# rspamd, the SMTP port's milter, adds "X-Spam: Yes" (and drops the header from what arrives).
if anyof (string "\${verdict}" "junk", allof (string "\${verdict}" "", header :is "X-Spam" "Yes")) {
  fileinto "Junk";
  # No out-of-office reply to spam.
  stop;
}
`;
