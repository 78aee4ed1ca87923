# shellcheck shell=bash
# mail-remove DOMAIN...: deletes the domains' mail (kept elsewhere: a final backup), keeping
# their logins and keys.

cmd_mail_remove() {
  local domain
  for domain in "$@"; do valid_domain "$domain"; done
  for domain in "$@"; do rm -rf -- "${BOXES_DIR:?}/$domain"; done
}

locked cmd_mail_remove "$@"
