/**
 * A production mail host's own daemon configuration (decision 0101): the same generators as the
 * embedded host's (mail-host-config.ts, rspamd-config.ts, junk-learning.ts, send-rate-policy.ts),
 * on the public ports and with the host's values left as placeholders. They are shipped beside the
 * root helper (host/conf/, part of its version) and its `configure` command, run by the operator as
 * root on the host, puts in the values of its root-owned settings, checks the result with each
 * daemon's own parser, installs every file atomically and has the daemons read them again.
 */
import path from "node:path";
import {
  BAYES_VERDICT,
  bayesVerdictProgram,
  LEARN_HAM_SIEVE,
  LEARN_PROGRAMS,
  LEARN_SPAM_SIEVE,
  learnHeader,
  learnProgram,
} from "./junk-learning.ts";
import { mailPortsFrom } from "./local-mail-host.ts";
import { WEBMAIL_USER } from "./local-webmail.ts";
import {
  dovecotConf,
  FORWARD_UNWRAP,
  type MailConfigInput,
  type MailHostPaths,
  type MailHostPorts,
  mailHostPaths,
  opendkimConf,
  postfixMainCf,
  postfixMasterCf,
} from "./mail-host-config.ts";
import {
  type RspamdConfigInput,
  rspamdBayesInitConf,
  rspamdConfigFiles,
  rspamdVariables,
  SPAM_SCORE,
  SPAM_SIEVE,
} from "./rspamd-config.ts";
import { policydRateLimitYaml } from "./send-rate-policy.ts";
import { WEBMAIL_HOST_PLACEHOLDERS, webmailHostPaths, webmailHostTemplates } from "./webmail-host-config.ts";

/** What configure.sh replaces, each checked against a shape first (host/commands/configure.sh). */
export const PLACEHOLDERS = {
  hostname: "@HOSTNAME@",
  root: "@MAIL_ROOT@",
  mailUid: "@MAIL_UID@",
  certFile: "@TLS_CERT@",
  keyFile: "@TLS_KEY@",
  relayHost: "@RELAY_HOST@",
  relayLogin: "@RELAY_LOGIN@",
  controllerPassword: "@CONTROLLER_PASSWORD@",
  smtpPort: "@SMTP_PORT@",
  submissionPort: "@SUBMISSION_PORT@",
  imapPort: "@IMAP_PORT@",
  ...WEBMAIL_HOST_PLACEHOLDERS,
} as const;

/** Replaces the one occurrence of `from` in `text` (the generator's output must have it once). */
function once(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`${JSON.stringify(from)} found ${parts.length - 1} times`);
  return parts.join(to);
}

/** A production host's daemons' run folder (Dovecot's base_dir, PID files, rspamd's socket). */
export const HOST_RUN_DIR = "/run/lagon-mail";

/**
 * Its ports: SMTP 25, submission 587 and IMAP 143 (STARTTLS, decision 0083) on every address
 * (the helper's SMTP_PORT, SUBMISSION_PORT, IMAP_PORT when others);
 * LMTP, SASL, quota, milters, the send-rate policy, postsrsd and rspamd's controller on loopback
 * from 10024 (as the embedded host's from its base: LMTP base+24, …, the controller base+35).
 */
export function hostPorts(): MailHostPorts {
  return { ...mailPortsFrom(10_000), smtp: 25, submission: 587, imap: 143 };
}

/** How long the host's logs are kept: a year (52 weekly files), as the law asks of a host's connection data. */
export const LOG_WEEKS_KEPT = 52;

/**
 * Debian's logrotate for the logs an SSH mail host writes outside /var/log (decision 0113):
 * Postfix's and Dovecot's (MAIL_ROOT/log), rspamd's (in its state folder) and Roundcube's (its
 * errors, the messages sent from it, PHP's errors). Weekly, or sooner past 100 MB, compressed,
 * kept a year. Each writer appends (O_APPEND) and most keep their file open: `copytruncate`
 * rotates them without a signal to any daemon (a line written during the copy may be lost).
 * Folders a daemon's own user can write (rspamd's, Roundcube's) are rotated as that user (`su`):
 * root's logrotate would otherwise rename, copy and compress through links that user put there.
 */
export function hostLogrotateConf(paths: MailHostPaths, webmailLogDir: string): string {
  const block = (files: string[], su?: string) => `${files.join(" ")} {
${su ? `  su ${su} ${su}\n` : ""}  weekly
  maxsize 100M
  rotate ${LOG_WEEKS_KEPT}
  missingok
  notifempty
  compress
  delaycompress
  copytruncate
}
`;
  return `# Written by the product (server/src/mail-host/host-config.ts): the mail host's logs.
${block([path.join(paths.logDir, "postfix.log"), path.join(paths.logDir, "dovecot.log")])}${block([path.join(paths.rspamdStateDir, "rspamd.log")], "_rspamd")}${block([path.join(webmailLogDir, "*.log")], WEBMAIL_USER)}`;
}

/**
 * The files of host/conf/, by name. A name's `--` are its target's folders under MAIL_ROOT
 * (`rspamd--override.d--options.inc` is MAIL_ROOT/rspamd/override.d/options.inc); the others go
 * where the helper's settings say (main.cf and master.cf to POSTFIX_CONFIG_DIR, dovecot.conf to
 * DOVECOT_CONF, …: configure.sh).
 */
export function hostConfigTemplates(): Record<string, string> {
  const paths = mailHostPaths(PLACEHOLDERS.root, HOST_RUN_DIR);
  const ports = hostPorts();
  const input: MailConfigInput = {
    paths,
    ports,
    hostname: PLACEHOLDERS.hostname,
    relayHost: PLACEHOLDERS.relayHost,
    relayLogin: PLACEHOLDERS.relayLogin,
    mailUser: "lagonmail",
    mailUid: PLACEHOLDERS.mailUid,
    tls: { certFile: PLACEHOLDERS.certFile, keyFile: PLACEHOLDERS.keyFile },
    listen: "public",
  };
  const rspamd: RspamdConfigInput = {
    port: ports.spam,
    controllerPort: ports.learn,
    controllerPassword: PLACEHOLDERS.controllerPassword,
    stateDir: paths.rspamdStateDir,
    runDir: paths.rspamdRunDir,
  };
  const underRoot = (file: string) => path.relative(paths.root, file).split(path.sep).join("--");
  const files: Record<string, string> = {
    "main.cf": postfixMainCf(input),
    // The three outside ports are the host's settings (25, 587, 143 unless told).
    "master.cf": once(
      once(postfixMasterCf(input), `\n${ports.smtp} inet`, `\n${PLACEHOLDERS.smtpPort} inet`),
      `\n${ports.submission} inet`,
      `\n${PLACEHOLDERS.submissionPort} inet`,
    ),
    "dovecot.conf": once(dovecotConf(input), `port = ${ports.imap}\n`, `port = ${PLACEHOLDERS.imapPort}\n`),
    // Debian's opendkim.service (Type=forking) waits for its PID file where its unit says.
    "opendkim.conf": once(
      opendkimConf(input),
      `PidFile ${path.join(HOST_RUN_DIR, "opendkim.pid")}\n`,
      "PidFile /run/opendkim/opendkim.pid\n",
    ),
    "policyd-rate-limit.yaml": policydRateLimitYaml({
      port: ports.policy,
      database: "/var/lib/policyd-rate-limit/db.sqlite3",
      pidFile: "/run/policyd-rate-limit/policyd-rate-limit.pid",
    }),
    // Debian's postsrsd reads its settings from /etc/default/postsrsd.
    postsrsd: `# Written by the product (server/src/mail-host/host-config.ts).
SRS_DOMAIN=${PLACEHOLDERS.hostname}
SRS_SECRET=${paths.srsSecret}
SRS_FORWARD_PORT=${ports.srsForward}
SRS_REVERSE_PORT=${ports.srsReverse}
SRS_LISTEN_ADDR=127.0.0.1
RUN_AS=postsrsd
`,
    // Debian's rspamd.service (User=_rspamd) with this configuration (rspamd-config.ts), its
    // folders, and its control socket's folder made by systemd at each start (/run is emptied at boot).
    "rspamd.service.conf": `# Written by the product (server/src/mail-host/host-config.ts).
[Service]
ExecStart=
ExecStart=/usr/bin/rspamd -f -c ${path.join(paths.rspamdDir, "rspamd.conf")} ${rspamdVariables(paths.rspamdDir, rspamd).join(" ")}
RuntimeDirectory=${path.relative("/run", paths.rspamdRunDir)}
RuntimeDirectoryMode=0700
`,
    [underRoot(path.join(paths.postfixDir, "forward-unwrap"))]: FORWARD_UNWRAP,
    [underRoot(paths.spamSieve)]: SPAM_SIEVE,
    [underRoot(paths.learnSpamSieve)]: LEARN_SPAM_SIEVE,
    [underRoot(paths.learnHamSieve)]: LEARN_HAM_SIEVE,
    [underRoot(paths.learnHeader)]: learnHeader(PLACEHOLDERS.controllerPassword),
  };
  for (const kind of ["spam", "ham"] as const) {
    files[underRoot(path.join(paths.learnPipeDir, LEARN_PROGRAMS[kind]))] = learnProgram(
      kind,
      ports.learn,
      paths.learnHeader,
    );
  }
  // A message to several mailboxes gets each one's Bayes at delivery (decision 0102), here too.
  files[underRoot(path.join(paths.learnPipeDir, BAYES_VERDICT))] = bayesVerdictProgram(
    ports.learn,
    paths.learnHeader,
    SPAM_SCORE,
  );
  for (const [name, text] of Object.entries(rspamdConfigFiles(rspamd)))
    files[underRoot(path.join(paths.rspamdDir, name))] = text;
  // Run once by configure before rspamd's first start: one process makes the Bayes files (0108).
  files[underRoot(path.join(paths.rspamdDir, "bayes-init.conf"))] = rspamdBayesInitConf(
    PLACEHOLDERS.controllerPassword,
  );
  // Every log the host's daemons write under its folders, rotated by Debian's logrotate (0113).
  files["logrotate.conf"] = hostLogrotateConf(
    paths,
    webmailHostPaths(WEBMAIL_HOST_PLACEHOLDERS.webmailRoot).logDir,
  );
  // Roundcube behind the host's nginx and php-fpm (webmail-host-config.ts, decision 0107).
  Object.assign(
    files,
    webmailHostTemplates({
      hostname: PLACEHOLDERS.hostname,
      imapPort: PLACEHOLDERS.imapPort,
      submissionPort: PLACEHOLDERS.submissionPort,
      ports,
    }),
  );
  return files;
}
