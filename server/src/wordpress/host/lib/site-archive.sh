# shellcheck shell=bash
# Backups (decision 0028): a site as a tar archive on stdout, and a site replaced by one read on
# stdin. The product pipes them into and out of restic; nothing here knows the repository.
# The archive holds wp-config.php and wp-content, with a consistent copy of the live database;
# the core comes from the template on import.

SITE_DATABASE=wp-content/database/.ht.sqlite

# A consistent copy of the site's live SQLite database into $2 (a file the site's user may
# write), made by the site's own user with its pool's confinement.
backup_copy_database() {
  site_php "$1" "$SITES_ROOT/$1" copy-database.php "$SITES_ROOT/$1/$SITE_DATABASE" "$2"
}

# `restore_site SUB` (import) serves the archive on stdin as the site SUB; `restore_site SUB
# --previous` (rollback) takes the core from the folder an update left aside (.SUB.previous)
# instead of the template, and removes that folder once done.
# What the archive holds was written by the site: unpacked as its user, never as root, and only
# the two names a site archive has, into a scratch folder of the new wp-content, from which the
# same user copies it in; root writes wp-config.php from what that user reads in the archive's.
restore_site() {
  local sub=$1 from=${2:-} user target old core_src only="" scratch part
  valid_subdomain "$sub"
  core_src=$(core_files)
  if [ "$from" = --previous ]; then
    core_src="$SITES_ROOT/.$sub.previous"
    only="root-only"
    [ "$(stat -c %u "$core_src" 2>/dev/null)" = 0 ] || fail "no rollback folder of this version for $sub"
  fi
  [ -f "$core_src/wp-settings.php" ] || fail "no WordPress core in $core_src"
  prepare_roots
  locked ensure_user "$sub"
  user=$(site_user "$sub")
  ensure_private_dirs "$sub" "$user"
  # Global: the exit trap removes it whatever happens.
  restored="$SITES_ROOT/.$sub.restore-$(random_suffix)"
  trap 'rm -rf "$restored"' EXIT
  new_site_folder "$restored"
  link_core_files "$restored" "$core_src" $only
  new_site_content "$sub" "$user" "$restored/wp-content"
  hand_over_site_folder "$restored"
  scratch="$restored/wp-content/.lagon-restore"
  as_site "$user" mkdir "$scratch"
  as_site "$user" tar --extract --file=- --no-same-owner -C "$scratch" ./wp-config.php ./wp-content ||
    fail "the archive of $sub could not be unpacked"
  if ! as_site "$user" test -f "$scratch/wp-config.php" -a ! -L "$scratch/wp-config.php" \
    -a -d "$scratch/wp-content" -a ! -L "$scratch/wp-content" -a -f "$scratch/$SITE_DATABASE"; then
    fail "the archive of $sub is not a site"
  fi
  part=$(mktemp "$restored/.wp-config.XXXXXX")
  as_site "$user" head -c 1048576 "$scratch/wp-config.php" >"$part"
  copy_as_site "$user" "$scratch/wp-content" "$restored/wp-content"
  as_site "$user" rm -rf "$scratch"
  install_config "$part" "$restored" "$user"
  locked ensure_site_runtime "$sub"
  wait_for_socket "$sub"
  target="$SITES_ROOT/$sub"
  if [ -e "$target" ]; then
    old="$SITES_ROOT/.$sub.old-$(random_suffix)"
    mv -T "$target" "$old"
  fi
  mv -T "$restored" "$target"
  if [ -n "${old:-}" ]; then rm -rf "$old"; fi
  if [ "$from" = --previous ]; then rm -rf "$core_src"; fi
}
