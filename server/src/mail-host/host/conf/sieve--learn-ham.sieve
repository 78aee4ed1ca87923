# Written by the product at each start (server/src/mail-host/junk-learning.ts).
require ["vnd.dovecot.pipe", "copy", "imapsieve", "environment", "variables"];
if environment :matches "imap.mailbox" "*" {
  set "mailbox" "${1}";
}
if string "${mailbox}" "Trash" {
  stop;
}
if environment :matches "imap.user" "*" {
  set "user" "${1}";
}
pipe :copy "learn-ham" ["${user}"];
