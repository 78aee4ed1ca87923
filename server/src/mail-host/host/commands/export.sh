# shellcheck shell=bash
# export DOMAIN...: writes a tar of the domains' mailboxes (mail, folders, Sieve scripts) on
# stdout, made by the mail user, who owns them all.

cmd_export() {
  local domain present=()
  for domain in "$@"; do valid_domain "$domain"; done
  for domain in "$@"; do
    if [ -d "$BOXES_DIR/$domain" ]; then present+=("$domain"); fi
  done
  as_mail_user tar -c -f - -C "$BOXES_DIR" --files-from=/dev/null "${present[@]}"
}

cmd_export "$@"
