# shellcheck shell=bash
# domain-remove DOMAIN: deletes the mail and the DKIM key of a domain the installed maps no
# longer have (apply removed it first); refuses a domain that still exists.

cmd_domain_remove() {
  local domain=$1
  valid_domain "$domain"
  ! map_has domains "$domain" OK || fail "$domain is still a mail domain"
  rm -rf -- "${BOXES_DIR:?}/$domain"
  rm -f -- "$DKIM_DIR/$domain.private"
}

locked cmd_domain_remove "${1:?usage: domain-remove DOMAIN}"
