# Written by the product at each start (server/src/mail-host/rspamd-config.ts).
require ["fileinto"];
# rspamd, the SMTP port's milter, adds "X-Spam: Yes" (and drops the header from what arrives).
if header :is "X-Spam" "Yes" {
  fileinto "Junk";
  # No out-of-office reply to spam.
  stop;
}
