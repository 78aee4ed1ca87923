/** The configuration files of the embedded mail host (Postfix and Dovecot), as text. */
import path from "node:path";

export interface MailHostPorts {
  smtp: number;
  submission: number;
  imap: number;
  /** Dovecot's LMTP (Postfix delivers there), its SASL service and its quota policy service. */
  lmtp: number;
  auth: number;
  quotaStatus: number;
  /** OpenDKIM's milter: Postfix has what owners submit signed there. */
  dkim: number;
  /** Dovecot's automatic replies (out-of-office) enter Postfix here, to be signed and sent out. */
  replies: number;
  /** The product's send-rate policy service (send-rate-policy.ts), asked at each submitted recipient. */
  policy: number;
  /** Forwarded copies re-enter Postfix here, to leave with an SRS envelope sender. */
  forward: number;
  /** postsrsd's two lookup tables: an address to its SRS form, and back. */
  srsForward: number;
  srsReverse: number;
  /** rspamd's milter: what arrives on the SMTP port is scanned there (rspamd-config.ts). */
  spam: number;
  /** rspamd's controller, for the learning of what owners move in or out of Junk (junk-learning.ts). */
  learn: number;
}

export interface MailHostPaths {
  /** Everything the host keeps: configuration, queue, mailboxes, logs. */
  root: string;
  postfixDir: string;
  queueDir: string;
  postfixDataDir: string;
  dovecotConf: string;
  usersFile: string;
  boxesDir: string;
  stateDir: string;
  logDir: string;
  /** Dovecot's sockets: short, since socket paths are limited to 108 bytes. */
  runDir: string;
  stateFile: string;
  dkimDir: string;
  /** postsrsd's secret (made once: it signs the SRS addresses bounces come back to). */
  srsSecret: string;
  /** rspamd's configuration (root's), its state (rspamd's own) and its control socket's folder. */
  rspamdDir: string;
  rspamdStateDir: string;
  rspamdRunDir: string;
  /** The Sieve script run before each mailbox's own: spam to Junk. */
  spamSieve: string;
  /** The IMAPSieve scripts run when an owner moves a message into Junk, or out of it (junk-learning.ts). */
  learnSpamSieve: string;
  learnHamSieve: string;
  /** The programs those scripts may pipe a message to (root's), and the controller's password header. */
  learnPipeDir: string;
  learnHeader: string;
  /** The generated TLS certificate (mail-tls.ts), when the operator gives none. */
  tlsDir: string;
}

export function mailHostPaths(root: string, runDir: string): MailHostPaths {
  return {
    root,
    postfixDir: path.join(root, "postfix"),
    queueDir: path.join(root, "spool"),
    postfixDataDir: path.join(root, "postfix-data"),
    dovecotConf: path.join(root, "dovecot", "dovecot.conf"),
    usersFile: path.join(root, "dovecot", "users"),
    boxesDir: path.join(root, "boxes"),
    stateDir: path.join(root, "dovecot-state"),
    logDir: path.join(root, "log"),
    runDir,
    stateFile: path.join(root, "mailboxes.json"),
    dkimDir: path.join(root, "dkim"),
    srsSecret: path.join(root, "srs.secret"),
    rspamdDir: path.join(root, "rspamd"),
    rspamdStateDir: path.join(root, "rspamd-state"),
    rspamdRunDir: path.join(runDir, "rspamd"),
    spamSieve: path.join(root, "sieve", "spam.sieve"),
    learnSpamSieve: path.join(root, "sieve", "learn-spam.sieve"),
    learnHamSieve: path.join(root, "sieve", "learn-ham.sieve"),
    learnPipeDir: path.join(root, "sieve", "pipe"),
    learnHeader: path.join(root, "sieve", "learn.header"),
    tlsDir: path.join(root, "tls"),
  };
}

export interface MailConfigInput {
  paths: MailHostPaths;
  ports: MailHostPorts;
  hostname: string;
  /** Outbound mail goes through this relay ("[host]:port") instead of the recipients' MX. */
  relayHost?: string;
  /**
   * A relay login (decision 0108): `yes` or `no` (a production host's helper's placeholder), the
   * login and the relay's TLS requirement in root-only maps (RELAY_MAPS) its configure writes, or
   * the embedded host with MAIL_RELAY_USER (`yes`, decision 0112). Unset: no such lines.
   */
  relayLogin?: string;
  /** The system user owning the mailboxes (its uid, or the placeholder a host's helper replaces). */
  mailUser: string;
  mailUid: number | string;
  /**
   * Where SMTP, submission and IMAP listen: on loopback (the embedded host, default) or on every
   * address of the machine (a production mail host, host-config.ts). The other services stay on
   * loopback either way.
   */
  listen?: "loopback" | "public";
  /** The certificate and key Postfix and Dovecot serve (mail-tls.ts). */
  tls: { certFile: string; keyFile: string };
}

/** What a suspended subscription's addresses answer (SMTP text: ASCII only). */
export const SUSPENDED_REPLIES = {
  in: "450 4.2.1 Adresse temporairement indisponible, reessayez plus tard (mailbox temporarily unavailable)",
  out: "554 5.7.1 Envoi suspendu : l'abonnement de ce site est suspendu (sending suspended)",
} as const;

/**
 * Where forwards go first: an outside target t@d of an alias is written `t=d@FORWARD_DOMAIN` in the
 * alias map, so that only forwarded copies pass through the forward port, whose cleanup gives
 * them back their address and an SRS envelope sender (decision 0070). Never a real domain.
 */
export const FORWARD_DOMAIN = "lagon-forward.invalid";

/** The alias map's form of a forward's outside target (see FORWARD_DOMAIN). */
export function forwardRoute(target: string): string {
  const at = target.lastIndexOf("@");
  return `${target.slice(0, at)}=${target.slice(at + 1)}@${FORWARD_DOMAIN}`;
}

/** The regexp map that turns forwardRoute's form back into the outside address. */
export const FORWARD_UNWRAP = `/^(.*)=([^=@]+)@${FORWARD_DOMAIN.replace(/\./g, "\\.")}$/ $1@$2\n`;

/** Recipients one submission may name: a site or a mailbox sends to people, not to lists. */
export const SUBMISSION_RECIPIENT_LIMIT = 50;

/** Postfix's main.cf: virtual domains only, nothing delivered locally, no open relay. */
/** The maps of a relay login, root's 0600 in the product's Postfix folder (decision 0108). */
export const RELAY_MAPS = { password: "sasl_passwd", tls: "relay_tls" } as const;

/**
 * The two maps' lines for a relay login, as a production host's `configure` writes them
 * (`relay_maps` in host/commands/configure.sh): the login by the relay's name, and TLS required
 * for that one destination. The embedded host writes these (local-mail-host.ts, decision 0112).
 */
export function relayMapLines(relayHost: string, user: string, password: string): Record<string, string> {
  return {
    [RELAY_MAPS.password]: `${relayHost} ${user}:${password}\n`,
    [RELAY_MAPS.tls]: `${relayHost} encrypt\n`,
  };
}

/**
 * A relay that asks for a login: the login is looked up by the relay's name as in relayhost (a
 * root-only map, never main.cf), and that one destination is sent over TLS or not at all
 * (`encrypt` by the TLS policy map: a login never goes in clear). Only the relay: the forward port
 * on loopback speaks no TLS. A refused login leaves the mail deferred (Postfix's
 * smtp_sasl_auth_soft_bounce, its default), never bounced.
 */
function relayLoginLines(paths: MailHostPaths, relayLogin: string): string {
  const map = (name: string) => `hash:${path.join(paths.postfixDir, name)}`;
  return `# A relay that asks for a login (the helper's RELAY_USER and RELAY_PASSWORD_FILE, decision 0108).
smtp_sasl_auth_enable = ${relayLogin}
smtp_sasl_password_maps = ${map(RELAY_MAPS.password)}
smtp_sasl_security_options = noanonymous
smtp_sasl_tls_security_options = noanonymous
smtp_tls_policy_maps = ${map(RELAY_MAPS.tls)}
`;
}

export function postfixMainCf({
  paths,
  ports,
  hostname,
  relayHost,
  relayLogin,
  tls,
  listen,
}: MailConfigInput): string {
  const open = listen === "public";
  const map = (name: string) => `hash:${path.join(paths.postfixDir, name)}`;
  return `# Written by the product at each start (server/src/mail-host/mail-host-config.ts).
compatibility_level = 3.6
queue_directory = ${paths.queueDir}
data_directory = ${paths.postfixDataDir}
mail_owner = postfix
setgid_group = postdrop
maillog_file = ${path.join(paths.logDir, "postfix.log")}
maillog_file_prefixes = ${paths.logDir}
inet_interfaces = ${open ? "all" : "127.0.0.1"}
inet_protocols = ${open ? "all" : "ipv4"}
myhostname = ${hostname}
mydomain = ${hostname}
myorigin = ${hostname}
mydestination =
mynetworks =
local_transport = error:5.1.1 pas de livraison locale
alias_maps =
alias_database =
biff = no
append_dot_mydomain = no
smtputf8_enable = no
message_size_limit = 26214400
recipient_delimiter = +
relayhost = ${relayHost ?? ""}
virtual_mailbox_domains = ${map("domains")}
virtual_mailbox_maps = ${map("mailboxes")}
virtual_alias_maps = ${map("aliases")}
virtual_transport = lmtp:inet:127.0.0.1:${ports.lmtp}
# Forwarded copies (FORWARD_DOMAIN) go through the forward port to get an SRS sender; bounces to
# an SRS address of this host (postsrsd's domain: myhostname) are given back their sender.
transport_maps = inline:{ ${FORWARD_DOMAIN}=smtp:[127.0.0.1]:${ports.forward} }
virtual_alias_domains = ${hostname}
recipient_canonical_maps = tcp:127.0.0.1:${ports.srsReverse}
recipient_canonical_classes = envelope_recipient
smtpd_banner = $myhostname ESMTP
milter_default_action = tempfail
smtpd_sasl_type = dovecot
smtpd_sasl_path = inet:127.0.0.1:${ports.auth}
smtpd_sasl_auth_enable = no
# Who may use which envelope sender: a mailbox its own address; a site's sender login
# (wordpress@<domain>) any other address of its domain (@domain entries of the senders map).
smtpd_sender_login_maps = ${map("mailboxes")}, ${map("senders")}
smtpd_helo_required = yes
# TLS (decision 0083): offered on every port that takes logins or mail from other servers; no
# login without it (the submission port refuses anything before STARTTLS). Outbound mail uses TLS
# when the other server offers it.
smtpd_tls_cert_file = ${tls.certFile}
smtpd_tls_key_file = ${tls.keyFile}
smtpd_tls_security_level = may
smtpd_tls_auth_only = yes
smtpd_tls_mandatory_protocols = >=TLSv1.2
smtpd_tls_loglevel = 1
smtpd_tls_received_header = yes
smtp_tls_security_level = may
smtp_tls_loglevel = 1
${relayLogin === undefined ? "" : relayLoginLines(paths, relayLogin)}smtpd_relay_restrictions = permit_sasl_authenticated, reject_unauth_destination
# A suspended subscription's domains (suspended-in) answer "temporarily unavailable": senders
# retry for days, then bounce with that sentence (decision 0066).
smtpd_recipient_restrictions = reject_unlisted_recipient, check_recipient_access ${map("suspended-in")}, check_policy_service inet:127.0.0.1:${ports.quotaStatus}
# Submission: every recipient is counted against its login's hourly budget (send-rate-policy.ts).
lagon_submission_recipient_restrictions = check_recipient_access ${map("suspended-in")}, check_policy_service inet:127.0.0.1:${ports.policy}
# Submission: nothing leaves from a suspended subscription's domains (suspended-out).
lagon_submission_sender_restrictions = reject_sender_login_mismatch, check_sender_access ${map("suspended-out")}
`;
}

/** Postfix's master.cf: incoming SMTP and submission on loopback, no chroot, no local delivery. */
export function postfixMasterCf({ ports, paths, hostname, listen }: MailConfigInput): string {
  // The ports other servers and mail programs reach: every address of a production host.
  const outside = listen === "public" ? "" : "127.0.0.1:";
  const services = [
    ["pickup", "unix", "n", "60", "1", "pickup"],
    ["cleanup", "unix", "n", "-", "0", "cleanup"],
    ["qmgr", "unix", "n", "300", "1", "qmgr"],
    ["rewrite", "unix", "-", "-", "-", "trivial-rewrite"],
    ["bounce", "unix", "-", "-", "0", "bounce"],
    ["defer", "unix", "-", "-", "0", "bounce"],
    ["trace", "unix", "-", "-", "0", "bounce"],
    ["verify", "unix", "-", "-", "1", "verify"],
    ["flush", "unix", "n", "1000?", "0", "flush"],
    ["proxymap", "unix", "-", "-", "-", "proxymap"],
    ["proxywrite", "unix", "-", "-", "1", "proxymap"],
    ["smtp", "unix", "-", "-", "-", "smtp"],
    ["relay", "unix", "-", "-", "-", "smtp"],
    ["showq", "unix", "n", "-", "-", "showq"],
    ["error", "unix", "-", "-", "-", "error"],
    ["retry", "unix", "-", "-", "-", "error"],
    ["discard", "unix", "-", "-", "-", "discard"],
    ["lmtp", "unix", "-", "-", "-", "lmtp"],
    ["anvil", "unix", "-", "-", "1", "anvil"],
    ["scache", "unix", "-", "-", "1", "scache"],
    ["postlog", "unix-dgram", "n", "-", "1", "postlogd"],
    ["tlsmgr", "unix", "-", "1000?", "1", "tlsmgr"],
  ];
  const lines = services.map(
    ([name, type, priv, wakeup, limit, command]) =>
      `${name} ${type} ${priv} - n ${wakeup} ${limit} ${command}`,
  );
  return `# Written by the product at each start (server/src/mail-host/mail-host-config.ts).
${outside}${ports.smtp} inet n - n - - smtpd
  -o smtpd_milters=inet:127.0.0.1:${ports.spam}
${outside}${ports.submission} inet n - n - - smtpd
  -o syslog_name=postfix/submission
  -o smtpd_tls_security_level=encrypt
  -o smtpd_sasl_auth_enable=yes
  -o smtpd_client_restrictions=permit_sasl_authenticated,reject
  -o smtpd_sender_restrictions=$lagon_submission_sender_restrictions
  -o smtpd_relay_restrictions=permit_sasl_authenticated,reject
  -o smtpd_recipient_restrictions=$lagon_submission_recipient_restrictions
  -o smtpd_recipient_limit=${SUBMISSION_RECIPIENT_LIMIT}
  -o smtpd_milters=inet:127.0.0.1:${ports.dkim}
127.0.0.1:${ports.replies} inet n - n - - smtpd
  -o syslog_name=postfix/replies
  -o smtpd_tls_security_level=none
  -o mynetworks=127.0.0.0/8
  -o smtpd_relay_restrictions=permit_mynetworks,reject
  -o smtpd_recipient_restrictions=
  -o smtpd_milters=inet:127.0.0.1:${ports.dkim}
127.0.0.1:${ports.forward} inet n - n - - smtpd
  -o syslog_name=postfix/forward
  -o smtpd_tls_security_level=none
  -o myhostname=forward.${hostname}
  -o mynetworks=127.0.0.0/8
  -o smtpd_client_restrictions=permit_mynetworks,reject
  -o smtpd_relay_restrictions=permit_mynetworks,reject
  -o smtpd_recipient_restrictions=
  -o cleanup_service_name=srscleanup
srscleanup unix n - n - 0 cleanup
  -o virtual_alias_maps=regexp:${path.join(paths.postfixDir, "forward-unwrap")}
  -o sender_canonical_maps=tcp:127.0.0.1:${ports.srsForward}
  -o sender_canonical_classes=envelope_sender
  -o recipient_canonical_maps=
${lines.join("\n")}
`;
}

/** Dovecot: IMAP, LMTP, SASL for Postfix and the quota policy, on loopback only. */
export function dovecotConf({
  paths,
  ports,
  mailUser,
  mailUid,
  hostname,
  tls,
  listen,
}: MailConfigInput): string {
  const users = paths.usersFile;
  const outside = listen === "public" ? "*, ::" : "127.0.0.1";
  return `# Written by the product at each start (server/src/mail-host/mail-host-config.ts).
base_dir = ${paths.runDir}
state_dir = ${paths.stateDir}
instance_name = ${path.basename(paths.runDir)}
protocols = imap lmtp
listen = ${outside}
log_path = ${path.join(paths.logDir, "dovecot.log")}
hostname = ${hostname}
# No login without TLS (decision 0083). Dovecot counts a client on the server's own address
# (127.0.0.1 to 127.0.0.1) as secured: only this machine's own clients may skip it.
ssl = required
ssl_cert = <${tls.certFile}
ssl_key = <${tls.keyFile}
ssl_dh = </usr/share/dovecot/dh.pem
ssl_min_protocol = TLSv1.2
disable_plaintext_auth = yes
auth_mechanisms = plain login
# Logins lower-cased before anything else: Postfix's send-rate policy counts the login Dovecot
# returns (send-rate-policy.ts), which case must not split into several budgets.
auth_username_format = %Lu
first_valid_uid = ${mailUid}
last_valid_uid = ${mailUid}
mail_uid = ${mailUser}
mail_gid = ${mailUser}
mail_location = maildir:~/Maildir
mail_plugins = quota
recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
# Out-of-office replies (Sieve vacation) are handed to Postfix's listener for them.
submission_host = 127.0.0.1:${ports.replies}
passdb {
  driver = passwd-file
  args = scheme=SHA512-CRYPT username_format=%Lu ${users}
}
userdb {
  driver = passwd-file
  args = username_format=%Lu ${users}
  default_fields = uid=${mailUser} gid=${mailUser} home=${paths.boxesDir}/%Ld/%Ln
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Junk {
    special_use = \\Junk
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
}
protocol imap {
  mail_plugins = $mail_plugins imap_quota imap_sieve
}
protocol lmtp {
  mail_plugins = $mail_plugins sieve
}
plugin {
  # Spam (rspamd's X-Spam) to Junk first, then the mailbox's own script, written by the product
  # only (vacation-sieve.ts).
  sieve_before = ${paths.spamSieve}
  sieve = file:~/${VACATION_SCRIPT}
  # What an owner moves into Junk is learned as spam, out of it as ham (junk-learning.ts): only
  # these global scripts may pipe, and only to the root-owned programs of sieve_pipe_bin_dir.
  sieve_plugins = sieve_imapsieve sieve_extprograms
  sieve_global_extensions = +vnd.dovecot.pipe +vnd.dovecot.environment +vnd.dovecot.execute
  sieve_pipe_bin_dir = ${paths.learnPipeDir}
  # The delivery's global script asks each mailbox's Bayes about a message to several (decision 0102).
  sieve_execute_bin_dir = ${paths.learnPipeDir}
  imapsieve_mailbox1_name = Junk
  imapsieve_mailbox1_causes = COPY
  imapsieve_mailbox1_before = file:${paths.learnSpamSieve}
  imapsieve_mailbox2_name = *
  imapsieve_mailbox2_from = Junk
  imapsieve_mailbox2_causes = COPY
  imapsieve_mailbox2_before = file:${paths.learnHamSieve}
  quota = count:Boite
  quota_vsizes = yes
  quota_status_success = DUNNO
  quota_status_nouser = DUNNO
  quota_status_overquota = "552 5.2.2 Boite pleine"
}
service imap-login {
  inet_listener imap {
    address = ${outside}
    port = ${ports.imap}
  }
  inet_listener imaps {
    port = 0
  }
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
  inet_listener pop3s {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = ${ports.lmtp}
  }
}
service auth {
  inet_listener {
    address = 127.0.0.1
    port = ${ports.auth}
  }
}
service quota-status {
  executable = quota-status -p postfix
  client_limit = 1
  inet_listener {
    address = 127.0.0.1
    port = ${ports.quotaStatus}
  }
}
`;
}

/** The out-of-office script's file name in each mailbox's home. */
export const VACATION_SCRIPT = "vacation.sieve";

/** The DKIM selector of every domain: <selector>._domainkey.<domain>. */
export const DKIM_SELECTOR = "lagon";

/** OpenDKIM: signs what the submission port passes it, with each domain's own key. */
export function opendkimConf({ paths, ports }: MailConfigInput): string {
  return `# Written by the product at each start (server/src/mail-host/mail-host-config.ts).
Mode s
Syslog no
Canonicalization relaxed/relaxed
OversignHeaders From
KeyTable file:${path.join(paths.dkimDir, "key.table")}
SigningTable file:${path.join(paths.dkimDir, "signing.table")}
Socket inet:${ports.dkim}@127.0.0.1
PidFile ${path.join(paths.runDir, "opendkim.pid")}
UserID opendkim:opendkim
UMask 007
# The keys are OpenDKIM's alone (0600, in a root:opendkim 0750 folder); its check of every parent
# would refuse a data folder under /tmp (a test's) for the sticky, world-writable /tmp itself.
RequireSafeKeys no
`;
}

/** The tables of the domains whose keys are in dkimDir (<domain>.private). */
export function dkimTables(
  paths: MailHostPaths,
  domains: string[],
): { keyTable: string; signingTable: string } {
  const key = (domain: string) => `${DKIM_SELECTOR}._domainkey.${domain}`;
  return {
    keyTable: domains
      .map((d) => `${key(d)} ${d}:${DKIM_SELECTOR}:${path.join(paths.dkimDir, `${d}.private`)}\n`)
      .join(""),
    // Looked up by the sender's address, then its domain.
    signingTable: domains.map((d) => `${d} ${key(d)}\n`).join(""),
  };
}
