# shellcheck shell=bash
# update SUB [plugin/SLUG|theme/SLUG ...]: brings the site to the template's core and to its copy
# of the plugins and themes named, keeping the old folder aside, and prints the new versions.

cmd_update() {
  local sub=$1 item kind slug user dir previous
  shift
  valid_subdomain "$sub"
  dir="$SITES_ROOT/$sub"
  [ -f "$dir/wp-config.php" ] || fail "no site $sub"
  [ -f "$CORE_DIR/wp-settings.php" ] || fail "no WordPress core in $CORE_DIR"
  for item in "$@"; do
    [[ $item =~ ^(plugin|theme)/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$ && $item != *..* ]] || fail "invalid item: $item"
    [ -d "$CORE_DIR/wp-content/${item%%/*}s/${item#*/}" ] || fail "the template has no $item"
  done
  site_in_layout "$sub"
  user=$(site_user "$sub")
  previous="$SITES_ROOT/.$sub.previous"
  ensure_private_dirs "$sub" "$user"
  # A folder left by an earlier update that was never finished: not this update's to roll back to.
  rm -rf "$previous"
  # Globals: the exit trap removes them whatever happens.
  fresh="$SITES_ROOT/.$sub.update-$(random_suffix)"
  parts="$SITES_ROOT/.$sub.parts-$(random_suffix)"
  trap 'rm -rf "$fresh" "$parts"' EXIT
  # What the template gives, copied by root (the sites' users may not reach the template) into a
  # folder only root can reach, then opened to the site's user for reading only.
  mkdir -m 700 "$parts"
  mkdir "$parts/plugins" "$parts/themes"
  for item in "$@"; do
    cp -R "$CORE_DIR/wp-content/${item%%/*}s/${item#*/}" "$parts/${item%%/*}s/"
  done
  if [ -d "$CORE_DIR/wp-content/languages" ]; then cp -R "$CORE_DIR/wp-content/languages" "$parts/"; fi
  # The French supplement comes with the helper, as at install.
  cp -R "$SITE_FILES" "$parts/site-files"
  chgrp -R -h "$user" "$parts"
  chmod -R g+rX,g-w "$parts"

  new_site_folder "$fresh"
  link_core_files "$fresh" "$(core_files)"
  new_site_content "$sub" "$user" "$fresh/wp-content"
  # Root's wp-config.php (the site's folder is root's: that entry cannot change), copied by root.
  root_config "$sub"
  install -o root -g "$user" -m 640 "$dir/wp-config.php" "$fresh/wp-config.php"
  hand_over_site_folder "$fresh"
  # Everything of the site's own is copied by its user, never by root.
  copy_as_site "$user" "$dir/wp-content" "$fresh/wp-content"
  # The live database, copied consistently (what was copied above may be midway through a write).
  as_site "$user" rm -f "$fresh/$SITE_DATABASE" "$fresh/$SITE_DATABASE-wal" "$fresh/$SITE_DATABASE-shm" \
    "$fresh/$SITE_DATABASE-journal"
  as_site "$user" mkdir -p "$fresh/$(dirname "$SITE_DATABASE")"
  db_copy="$SITE_TMP_ROOT/$sub/tmp/update-$(random_suffix).sqlite"
  trap 'rm -rf "$fresh" "$parts"; rm -f "$db_copy"' EXIT
  backup_copy_database "$sub" "$db_copy"
  as_site "$user" mv "$db_copy" "$fresh/$SITE_DATABASE"
  chown -h "root:$user" "$parts"
  chmod 00750 "$parts"
  for item in "$@"; do
    kind=${item%%/*}s
    slug=${item#*/}
    as_site "$user" rm -rf "$fresh/wp-content/$kind/$slug"
    as_site "$user" mkdir -p "$fresh/wp-content/$kind/$slug"
    copy_as_site "$user" "$parts/$kind/$slug" "$fresh/wp-content/$kind/$slug"
  done
  if [ -d "$parts/languages" ]; then
    as_site "$user" mkdir -p "$fresh/wp-content/languages"
    copy_as_site "$user" "$parts/languages" "$fresh/wp-content/languages"
  fi
  copy_as_site "$user" "$parts/site-files" "$fresh/wp-content"
  rm -rf "$parts"
  mv -T "$dir" "$previous"
  mv -T "$fresh" "$dir"
  site_php "$sub" "$dir" upgrade-database.php "$dir" >/dev/null ||
    echo "site-host: the database upgrade of $sub failed" >&2
  site_versions "$sub"
}

cmd_update "${1:?usage: update SUB [plugin/SLUG|theme/SLUG ...]}" "${@:2}"
