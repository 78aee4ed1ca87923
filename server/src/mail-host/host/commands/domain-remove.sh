# shellcheck shell=bash
# domain-remove DOMAIN: deletes the mail and the DKIM key of a domain the installed maps no
# longer have (apply removed it first), and what its users leave beside (decision 0113): their
# rows in the webmail's database and their Bayes in rspamd's; refuses a domain that still exists.

cmd_domain_remove() {
  local domain=$1
  valid_domain "$domain"
  ! map_has domains "$domain" OK || fail "$domain is still a mail domain"
  rm -rf -- "${BOXES_DIR:?}/$domain"
  rm -f -- "$DKIM_DIR/$domain.private"
  webmail_forget_domain "$domain"
  bayes_forget_domain "$domain"
}

locked cmd_domain_remove "${1:?usage: domain-remove DOMAIN}"
