/**
 * Learning from what owners move in or out of Junk (decision 0087), the way Dovecot documents it:
 * IMAPSieve runs a global script when a message is copied or moved into Junk (spam) or out of it
 * (ham, unless to Trash); the script pipes the message, with the mailbox's login, to a root-owned
 * program that hands it to rspamd's controller, on loopback, with the password of this start. The
 * login goes as `Deliver-To`: each mailbox trains its own Bayes (decision 0092).
 */

/** The programs of sieve_pipe_bin_dir, by the name the scripts call them. */
export const LEARN_PROGRAMS = { spam: "learn-spam", ham: "learn-ham" } as const;

const header = "# Written by the product at each start (server/src/mail-host/junk-learning.ts).\n";

/** Run when a message is copied or moved into Junk. */
export const LEARN_SPAM_SIEVE = `${header}require ["vnd.dovecot.pipe", "copy", "imapsieve", "environment", "variables"];
if environment :matches "imap.user" "*" {
  set "user" "\${1}";
}
pipe :copy "${LEARN_PROGRAMS.spam}" ["\${user}"];
`;

/** Run when a message is copied or moved out of Junk: to Trash it is thrown away, not ham. */
export const LEARN_HAM_SIEVE = `${header}require ["vnd.dovecot.pipe", "copy", "imapsieve", "environment", "variables"];
if environment :matches "imap.mailbox" "*" {
  set "mailbox" "\${1}";
}
if string "\${mailbox}" "Trash" {
  stop;
}
if environment :matches "imap.user" "*" {
  set "user" "\${1}";
}
pipe :copy "${LEARN_PROGRAMS.ham}" ["\${user}"];
`;

/**
 * A pipe program: the message on its standard input to the controller's learn endpoint, for the
 * mailbox's login (its first argument, Dovecot's lower-cased login) as `Deliver-To`, the user of
 * rspamd's per-user statistics. curl reads the password header from its file (root:mail user
 * 0640), never from its command line, which any local user could read in /proc.
 */
export function learnProgram(kind: "spam" | "ham", port: number, headerFile: string): string {
  return `#!/bin/sh
${header}# No learning without the mailbox: the host's other mailboxes never share a Bayes.
case "$1" in
  "" | *[!a-z0-9.@_+-]*) echo "learn-${kind}: login invalide" >&2; exit 64 ;;
esac
exec /usr/bin/curl --silent --show-error --fail --max-time 30 --output /dev/null \\
  --header @${headerFile} --header "Deliver-To: $1" --data-binary @- http://127.0.0.1:${port}/learn${kind}
`;
}

/** The header file curl sends: the controller's password of this start. */
export function learnHeader(password: string): string {
  return `Password: ${password}\n`;
}

/**
 * The program of sieve_execute_bin_dir that the delivery's global script (SPAM_SIEVE) runs for each
 * copy of a message sent to several mailboxes (decision 0102): rspamd's milter scored it once,
 * without Bayes, since the envelope names several mailboxes each with its own.
 */
export const BAYES_VERDICT = "bayes-verdict";

/**
 * That program: the message on its standard input to the controller's scan, for the mailbox (its
 * first argument) as `Deliver-To`, so that mailbox's Bayes scores it; its BAYES_SPAM or BAYES_HAM
 * added to the score without Bayes (second argument) gives "junk" from `spamScore` on, "inbox"
 * under it. Any failure exits non-zero: the script then keeps rspamd's verdict without Bayes.
 */
export function bayesVerdictProgram(port: number, headerFile: string, spamScore: number): string {
  return `#!/bin/sh
${header}case "$1" in
  "" | *[!a-z0-9.@_+-]*) echo "${BAYES_VERDICT}: adresse invalide" >&2; exit 64 ;;
esac
case "$2" in
  "" | *[!0-9.-]*) echo "${BAYES_VERDICT}: score invalide" >&2; exit 64 ;;
esac
answer=$(/usr/bin/curl --silent --show-error --fail --max-time 8 \
  --header @${headerFile} --header "Deliver-To: $1" --data-binary @- http://127.0.0.1:${port}/checkv2) || exit 75
bayes=$(printf '%s' "$answer" | /usr/bin/jq -e '(.symbols.BAYES_SPAM.score // 0) + (.symbols.BAYES_HAM.score // 0)') || exit 75
exec /usr/bin/awk -v score="$2" -v bayes="$bayes" 'BEGIN { printf "%s", (score + bayes >= ${spamScore}) ? "junk" : "inbox" }'
`;
}
