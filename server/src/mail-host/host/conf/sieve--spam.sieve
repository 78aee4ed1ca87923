# Written by the product at each start (server/src/mail-host/rspamd-config.ts).
require ["fileinto", "variables", "envelope", "subaddress", "vnd.dovecot.execute"];
set "verdict" "";
if header :matches "X-Lagon-Spam-Score" "*" {
  set "value" "${1}";
  # "<score without Bayes> <address whose Bayes rspamd used>", or the score alone: none used.
  set "scanned" "";
  if string :matches "${value}" "* *" {
    set "score" "${1}";
    set "scanned" "${2}";
  } else {
    set "score" "${value}";
  }
  # This copy's mailbox: the envelope's recipient (after aliases), without its +detail.
  if envelope :user :matches "to" "*" {
    set :lower "user" "${1}";
  }
  if envelope :domain :matches "to" "*" {
    set :lower "domain" "${1}";
  }
  if not string :is "${scanned}" "${user}@${domain}" {
    if not execute :pipe :output "verdict" "bayes-verdict" ["${user}@${domain}", "${score}"] {
      set "verdict" "";
    }
  }
}
# rspamd, the SMTP port's milter, adds "X-Spam: Yes" (and drops the header from what arrives).
if anyof (string "${verdict}" "junk", allof (string "${verdict}" "", header :is "X-Spam" "Yes")) {
  fileinto "Junk";
  # No out-of-office reply to spam.
  stop;
}
