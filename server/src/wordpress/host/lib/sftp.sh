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

# USER's password hash in /etc/shadow ("!" locked and nothing else, "*" none, "!$…" locked).
sftp_hash() {
  getent shadow "$1" | cut -d: -f2
}

# Whether USER is in GROUP.
sftp_member() {
  id -nG "$1" | tr ' ' '\n' | grep -qx -- "$2"
}

# The site's user in SFTP_GROUP, its chroot link and its wp-content/www (made by the site's user).
sftp_open() {
  local sub=$1 user=$2 link
  # Made and joined under one hold of the accounts lock: another host's sync (lib sync.sh) deletes
  # an embedded host's SFTP group left without members, under that lock too.
  if ! sftp_member "$user" "$SFTP_GROUP"; then
    # shellcheck disable=SC2016 # the inner shell expands its own arguments
    accounts bash -c 'getent group "$1" >/dev/null || groupadd --system "$1"; gpasswd -a "$2" "$1"' \
      sftp-open "$SFTP_GROUP" "$user"
  fi
  link="$SFTP_DIR/chroots/$user"
  if [ "$(readlink "$link" 2>/dev/null)" != "$SITES_ROOT/$sub" ]; then
    ln -sfn "$SITES_ROOT/$sub" "$link.part"
    mv -T "$link.part" "$link"
  fi
  # Without a password, "!" (locked) would refuse keys too when sshd does without PAM: "*"
  # matches no password and locks nothing else.
  if [ "$(sftp_hash "$user")" = "!" ]; then accounts usermod -p '*' "$user"; fi
  as_site "$user" mkdir -p "$SITES_ROOT/$sub/wp-content/www"
}

sftp_status() {
  local sub=$1 user=$2 keys="$SFTP_DIR/keys/$2" hash line
  hash=$(sftp_hash "$user")
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
  rm -rf "$(sftp_held "$1")"
}

# A new site's user (left by a data folder removed without its sites): no password, no key, no group.
sftp_reset() {
  local sub=$1 user=$2
  [ -n "${SFTP_DIR:-}" ] || return 0
  sftp_forget "$sub"
  accounts usermod -p '!' "$user"
  if sftp_member "$user" "${SFTP_GROUP:-lagon-sftp}"; then accounts gpasswd -d "$user" "${SFTP_GROUP:-lagon-sftp}"; fi
}

# Leaving Libre and coming back (decision 0076, sftp-suspend and sftp-unsuspend): what a site has
# of SFTP is kept in root's SFTP_DIR/suspended/<sub> (0700): "access" (a mark: the chroot link
# was there), "keys" (SFTP_DIR/keys/<user>) and "plain" (SFTP_DIR/plain/<sub>). The password's
# hash stays in /etc/shadow, locked ("!" before it: neither a password nor a key opens, with or
# without PAM). Nothing of the site's folder is touched; each step may be run again after a cut.

# Where SUB's SFTP access is kept while it is suspended.
sftp_held() {
  printf '%s/suspended/%s' "${SFTP_DIR:?}" "$1"
}

# The live place of one held item of SUB (its user USER): keys or plain.
sftp_live() {
  case $3 in
  keys) printf '%s/keys/%s' "$SFTP_DIR" "$2" ;;
  plain) printf '%s/plain/%s' "$SFTP_DIR" "$1" ;;
  esac
}

# Moves SUB's keys and plain-site mark into its held folder ("hold") or back ("give").
sftp_move_held() {
  local direction=$1 sub=$2 user=$3 held item live
  held=$(sftp_held "$sub")
  for item in keys plain; do
    live=$(sftp_live "$sub" "$user" "$item")
    if [ "$direction" = hold ] && [ -f "$live" ]; then mv -f "$live" "$held/$item"; fi
    if [ "$direction" = give ] && [ -f "$held/$item" ]; then mv -f "$held/$item" "$live"; fi
  done
}

# Locks ("lock") or unlocks ("unlock") USER's password hash; a hash already so is left alone.
sftp_lock() {
  local hash
  hash=$(sftp_hash "$2")
  if [ "$1" = lock ] && [ -n "$hash" ] && [[ $hash != '!'* ]]; then accounts usermod -L "$2"; fi
  if [ "$1" = unlock ] && [[ $hash == '!'?* ]]; then accounts usermod -U "$2"; fi
}
