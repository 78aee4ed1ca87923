# shellcheck shell=bash
# export SUB: writes the site as a tar archive on stdout (wp-config.php and wp-content with a
# consistent copy of its database).

# The archive is made by the site's user: it reads nothing that user could not read already.
cmd_export() {
  local sub=$1 dir user code=0
  existing_site "$sub"
  dir="$SITES_ROOT/$sub"
  user=$(site_user "$sub")
  ensure_private_dirs "$sub" "$user"
  # Global: the exit trap removes it whatever happens (its folder is the site's own tmp, whose
  # entry in a root folder cannot change: unlinking a name there follows nothing).
  db_copy="$SITE_TMP_ROOT/$sub/tmp/backup-$(random_suffix).sqlite"
  trap 'rm -f "$db_copy"' EXIT
  backup_copy_database "$sub" "$db_copy"
  # Exit code 1 only says a file changed while it was read (an upload): the archive is sound.
  # No owner in it (import gives everything to the site's user): the same theme file makes the
  # same bytes in every site's archive, which restic stores once.
  # From within the site's folder: its user may cross it, not open it as -C would.
  (cd "$dir" && as_site "$user" tar --create --file=- --sort=name --owner=0 --group=0 --numeric-owner \
    --warning=no-file-changed --exclude="./$SITE_DATABASE" --exclude="./$SITE_DATABASE-*" \
    ./wp-config.php ./wp-content -C "$(dirname "$db_copy")" \
    --transform="s|^$(basename "$db_copy")\$|./$SITE_DATABASE|" "$(basename "$db_copy")") || code=$?
  [ "$code" -le 1 ] || fail "tar failed for $sub ($code)"
}

cmd_export "${1:?usage: export SUB}"
