# shellcheck shell=bash
# site-mode SUB wordpress|plain: serves the site's WordPress or the plain site in its wp-content/www
# (static files or PHP); the WordPress files stay.

# nginx serves the site's WordPress, or its wp-content/www (plain/<sub>, root's), whose files the
# switch leaves where they are.
cmd_site_mode() {
  local sub=$1 mode=$2 user
  existing_site "$sub"
  sftp_settings
  user=$(site_user "$sub")
  case "$mode" in
  plain)
    as_site "$user" mkdir -p "$SITES_ROOT/$sub/wp-content/www"
    : >"$SFTP_DIR/plain/$sub"
    chmod 644 "$SFTP_DIR/plain/$sub"
    ;;
  wordpress) rm -f "$SFTP_DIR/plain/$sub" ;;
  *) fail "invalid mode: $mode" ;;
  esac
}

cmd_site_mode "${1:?usage: site-mode SUB MODE}" "${2:?usage: site-mode SUB MODE}"
