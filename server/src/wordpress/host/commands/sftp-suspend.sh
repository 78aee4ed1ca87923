# shellcheck shell=bash
# sftp-suspend SUB (leaving Libre, decision 0076): stops the site's SFTP login and its plain site,
# keeping the files, the password's hash and the keys (lib/sftp.sh says where); prints
# "suspended", or "none" when there was nothing to do.

cmd_sftp_suspend() {
  local sub=$1 user held
  valid_subdomain "$sub"
  sftp_settings
  user=$(site_user "$sub")
  held=$(sftp_held "$sub")
  if [ ! -d "$held" ] && [ ! -L "$SFTP_DIR/chroots/$user" ] && [ ! -f "$(sftp_live "$sub" "$user" plain)" ]; then
    echo none
    return
  fi
  install -d -o root -g root -m 700 "$SFTP_DIR/suspended" "$held"
  if [ -L "$SFTP_DIR/chroots/$user" ]; then
    : >"$held/access"
    rm -f "$SFTP_DIR/chroots/$user"
  fi
  sftp_move_held hold "$sub" "$user"
  sftp_lock lock "$user"
  if sftp_member "$user" "$SFTP_GROUP"; then accounts gpasswd -d "$user" "$SFTP_GROUP"; fi
  # The session processes sshd runs as the site's user (its php-fpm workers are named otherwise).
  pkill -KILL -u "$user" -x 'sshd|sshd-session' || true
  echo suspended
}

cmd_sftp_suspend "${1:?usage: sftp-suspend SUB}"
