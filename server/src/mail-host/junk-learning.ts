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
