# Written by the product at each start (server/src/mail-host/junk-learning.ts).
require ["vnd.dovecot.pipe", "copy", "imapsieve", "environment", "variables"];
if environment :matches "imap.user" "*" {
  set "user" "${1}";
}
pipe :copy "learn-spam" ["${user}"];
