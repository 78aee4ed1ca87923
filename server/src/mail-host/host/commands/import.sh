# shellcheck shell=bash
# import DOMAIN...: replaces the domains' mail with a tar made by export, read on stdin. Unpacked
# by the mail user itself beside the mailboxes, then each domain asked for swapped in; anything
# else in the archive is dropped. Each domain must be one of the installed maps.

cmd_import() {
  local domain
  for domain in "$@"; do
    valid_domain "$domain"
    map_has domains "$domain" OK || fail "unknown mail domain $domain"
  done
  # Global: the exit trap removes it whatever happens.
  scratch=$(as_mail_user mktemp -d -- "$BOXES_DIR/.import-XXXXXX")
  trap 'rm -rf -- "$scratch"' EXIT
  as_mail_user tar -x -f - -C "$scratch" --no-same-owner --no-same-permissions
  for domain in "$@"; do
    rm -rf -- "${BOXES_DIR:?}/$domain"
    if [ -d "$scratch/$domain" ] && [ ! -L "$scratch/$domain" ]; then mv -- "$scratch/$domain" "$BOXES_DIR/$domain"; fi
  done
}

locked cmd_import "$@"
