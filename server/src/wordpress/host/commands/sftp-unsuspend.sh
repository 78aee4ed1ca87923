# shellcheck shell=bash
# sftp-unsuspend SUB (back to Libre): puts back what sftp-suspend kept (lib/sftp.sh), as it was;
# prints "resumed", or "none".

cmd_sftp_unsuspend() {
  local sub=$1 user held
  valid_subdomain "$sub"
  sftp_settings
  user=$(site_user "$sub")
  held=$(sftp_held "$sub")
  if [ ! -d "$held" ]; then
    echo none
    return
  fi
  [ -f "$SITES_ROOT/$sub/wp-config.php" ] || fail "no site $sub"
  site_in_layout "$sub"
  sftp_lock unlock "$user"
  if [ -f "$held/access" ]; then locked sftp_open "$sub" "$user"; fi
  sftp_move_held give "$sub" "$user"
  rm -rf "$held"
  echo resumed
}

cmd_sftp_unsuspend "${1:?usage: sftp-unsuspend SUB}"
