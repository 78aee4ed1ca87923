# shellcheck shell=bash
# SFTP access and plain sites (Libre, decision 0059).
# sshd (the product's own on the embedded host, the host's own in production) lets the group
# SFTP_GROUP in with `ForceCommand internal-sftp`, no shell, no forwarding, chrooted in
# SFTP_DIR/chroots/%u: root's link to the site's folder, which is root's and which the site's
# user may cross but not change (decision 0043). The user writes in wp-content, its own.
# Passwords are kept hashed in /etc/shadow (chpasswd); keys in SFTP_DIR/keys/<user>, root's,
# readable by that user (sshd reads it as the user). Root never opens a path of the site's.

sftp_settings() {
  : "${SFTP_DIR:?SFTP is not set up on this host (SFTP_DIR)}"
  SFTP_GROUP=${SFTP_GROUP:-lagon-sftp}
  mkdir -p "$SFTP_DIR/chroots" "$SFTP_DIR/keys" "$SFTP_DIR/plain"
  chown root:root "$SFTP_DIR" "$SFTP_DIR/chroots" "$SFTP_DIR/keys" "$SFTP_DIR/plain"
  # sshd reads a user's keys as that user, nginx looks for plain/<sub>: both cross, neither lists.
  chmod 711 "$SFTP_DIR" "$SFTP_DIR/chroots" "$SFTP_DIR/keys" "$SFTP_DIR/plain"
}

# The site's user in SFTP_GROUP, its chroot link and its wp-content/www (made by the site's user).
sftp_open() {
  local sub=$1 user=$2 link
  getent group "$SFTP_GROUP" >/dev/null || accounts groupadd --system "$SFTP_GROUP"
  id -nG "$user" | tr ' ' '\n' | grep -qx -- "$SFTP_GROUP" || accounts gpasswd -a "$user" "$SFTP_GROUP"
  link="$SFTP_DIR/chroots/$user"
  if [ "$(readlink "$link" 2>/dev/null)" != "$SITES_ROOT/$sub" ]; then
    ln -sfn "$SITES_ROOT/$sub" "$link.part"
    mv -T "$link.part" "$link"
  fi
  # Without a password, "!" (locked) would refuse keys too when sshd does without PAM: "*"
  # matches no password and locks nothing else.
  if [ "$(getent shadow "$user" | cut -d: -f2)" = "!" ]; then accounts usermod -p '*' "$user"; fi
  as_site "$user" mkdir -p "$SITES_ROOT/$sub/wp-content/www"
}

sftp_status() {
  local sub=$1 user=$2 keys="$SFTP_DIR/keys/$2" hash line
  hash=$(getent shadow "$user" | cut -d: -f2)
  printf 'user %s\n' "$user"
  if [ -f "$SFTP_DIR/plain/$sub" ]; then echo "mode plain"; else echo "mode wordpress"; fi
  if [[ $hash == \$* ]]; then echo "password yes"; else echo "password no"; fi
  [ -s "$keys" ] || return 0
  while IFS= read -r line; do
    # "256 SHA256:… comment (ED25519)"
    sftp_key_info "$line" | awk '{ printf "key %s %s", $2, $NF; for (i = 3; i < NF; i++) printf " %s", $i; printf "\n" }'
  done <"$keys"
}

# ssh-keygen's line for one public key line (fails when it is no key).
sftp_key_info() {
  printf '%s\n' "$1" | ssh-keygen -l -E sha256 -f - 2>/dev/null
}

sftp_install_keys() {
  chown root:"$2" "$1.part"
  chmod 640 "$1.part"
  mv -T "$1.part" "$1"
}

# A removed site: its chroot link, keys and mode go (userdel takes it out of the group).
sftp_forget() {
  local user
  [ -n "${SFTP_DIR:-}" ] || return 0
  user=$(site_user "$1")
  rm -f "$SFTP_DIR/chroots/$user" "$SFTP_DIR/keys/$user" "$SFTP_DIR/plain/$1"
  rm -rf "${SFTP_DIR:?}/suspended/$1"
}

# A new site's user (left by a data folder removed without its sites): no password, no key, no group.
sftp_reset() {
  local sub=$1 user=$2
  [ -n "${SFTP_DIR:-}" ] || return 0
  sftp_forget "$sub"
  accounts usermod -p '!' "$user"
  if id -nG "$user" | tr ' ' '\n' | grep -qx -- "${SFTP_GROUP:-lagon-sftp}"; then
    accounts gpasswd -d "$user" "${SFTP_GROUP:-lagon-sftp}"
  fi
}
