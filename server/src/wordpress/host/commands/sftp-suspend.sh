# shellcheck shell=bash
# sftp-suspend SUB (leaving Libre, decision 0076): stops the site's SFTP login and its plain site,
# keeping the files, the password's hash and the keys; prints "suspended", or "none" when there
# was nothing to do.

# Leaving Libre (decision 0076): what the site had of SFTP goes to root's SFTP_DIR/suspended/<sub>
# (0700: the chroot link as a mark, the keys file, the plain-site mark), the password's hash is
# locked ("!" before it: neither a password nor a key opens, with or without PAM), the user leaves
# SFTP_GROUP and its open sessions end. Nothing of the site's folder is touched. Each step may be
# run again after a cut.
cmd_sftp_suspend() {
  local sub=$1 user held hash
  valid_subdomain "$sub"
  sftp_settings
  user=$(site_user "$sub")
  held="$SFTP_DIR/suspended/$sub"
  if [ ! -d "$held" ] && [ ! -L "$SFTP_DIR/chroots/$user" ] && [ ! -f "$SFTP_DIR/plain/$sub" ]; then
    echo none
    return
  fi
  install -d -o root -g root -m 700 "$SFTP_DIR/suspended" "$held"
  if [ -L "$SFTP_DIR/chroots/$user" ]; then
    : >"$held/access"
    rm -f "$SFTP_DIR/chroots/$user"
  fi
  if [ -f "$SFTP_DIR/keys/$user" ]; then mv -f "$SFTP_DIR/keys/$user" "$held/keys"; fi
  if [ -f "$SFTP_DIR/plain/$sub" ]; then mv -f "$SFTP_DIR/plain/$sub" "$held/plain"; fi
  hash=$(getent shadow "$user" | cut -d: -f2)
  if [ -n "$hash" ] && [[ $hash != '!'* ]]; then accounts usermod -L "$user"; fi
  if id -nG "$user" | tr ' ' '\n' | grep -qx -- "$SFTP_GROUP"; then accounts gpasswd -d "$user" "$SFTP_GROUP"; fi
  # The session processes sshd runs as the site's user (its php-fpm workers are named otherwise).
  pkill -KILL -u "$user" -x 'sshd|sshd-session' || true
  echo suspended
}

cmd_sftp_suspend "${1:?usage: sftp-suspend SUB}"
