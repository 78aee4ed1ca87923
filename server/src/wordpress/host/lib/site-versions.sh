# shellcheck shell=bash
# Updates (docs/operations/maintenance.md): a site brought to the versions of the core template.
# `update` builds the site again beside it (the template's core, the site's wp-content with the
# template's copy of the plugins and themes named, a consistent copy of its database), swaps the
# folders and keeps the old one as .SUB.previous; `rollback` puts a backup back on that old core;
# `update-done` drops it.

# The template's versions (no SUB), or the site's, read by its own user with its pool's
# confinement (versions.php).
site_versions() {
  local sub=${1:-} dir user
  if [ -z "$sub" ]; then
    [ -f "$CORE_DIR/wp-settings.php" ] || fail "no WordPress core in $CORE_DIR"
    "$PHP" -d disable_functions="$DISABLED_FUNCTIONS" -d sendmail_path="$SENDMAIL_PATH" \
      "$HELPER_DIR/versions.php" "$CORE_DIR"
    return
  fi
  valid_subdomain "$sub"
  dir="$SITES_ROOT/$sub"
  [ -f "$dir/wp-config.php" ] || fail "no site $sub"
  user=$(site_user "$sub")
  ensure_private_dirs "$sub" "$user"
  site_php "$sub" "$dir" versions.php "$dir"
}
