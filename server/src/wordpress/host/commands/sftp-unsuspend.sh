# shellcheck shell=bash
# sftp-unsuspend SUB: puts back what sftp-suspend kept; prints "resumed", or "none".

# Back to Libre: what sftp-suspend kept is put back as it was.
cmd_sftp_unsuspend() {
  local sub=$1 user held hash
  valid_subdomain "$sub"
  sftp_settings
  user=$(site_user "$sub")
  held="$SFTP_DIR/suspended/$sub"
  if [ ! -d "$held" ]; then
    echo none
    return
  fi
  [ -f "$SITES_ROOT/$sub/wp-config.php" ] || fail "no site $sub"
  site_in_layout "$sub"
  if [ -f "$held/keys" ]; then mv -f "$held/keys" "$SFTP_DIR/keys/$user"; fi
  hash=$(getent shadow "$user" | cut -d: -f2)
  if [[ $hash == '!'?* ]]; then accounts usermod -U "$user"; fi
  if [ -f "$held/access" ]; then locked sftp_open "$sub" "$user"; fi
  if [ -f "$held/plain" ]; then mv -f "$held/plain" "$SFTP_DIR/plain/$sub"; fi
  rm -rf "$held"
  echo resumed
}

cmd_sftp_unsuspend "${1:?usage: sftp-unsuspend SUB}"
