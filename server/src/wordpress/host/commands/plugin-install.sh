# shellcheck shell=bash
# plugin-install SUB SLUG VERSION SHA256: unpacks the cached copy as the site's plugins/SLUG, as the
# site's user (decision 0058).

# Installs (or replaces) the cached SLUG@VERSION-SHA256.tar as the site's plugins/SLUG: unpacked by
# the site's user beside it, then swapped in; root only copies the archive into a folder of its own.
cmd_plugin_install() {
  local sub=$1 slug=$2 version=$3 sha=$4 dir user cached plugins fresh old
  valid_subdomain "$sub"
  valid_plugin "$slug" "$version"
  [[ $sha =~ ^[0-9a-f]{64}$ ]] || fail "invalid sha256: $sha"
  dir="$SITES_ROOT/$sub"
  [ -f "$dir/wp-config.php" ] || fail "no site $sub"
  cached="$(plugin_cache_dir)/$slug@$version-$sha.tar"
  [ -f "$cached" ] || fail "no cached plugin $slug $version"
  [ "$(sha256sum "$cached" | cut -d' ' -f1)" = "$sha" ] || fail "the cached plugin $slug $version changed"
  site_in_layout "$sub"
  user=$(site_user "$sub")
  parts="$SITES_ROOT/.$sub.plugin-$(random_suffix)"
  trap 'rm -rf "$parts"' EXIT
  install -d -o root -g "$user" -m 750 "$parts"
  install -o root -g "$user" -m 640 "$cached" "$parts/plugin.tar"
  plugins="$dir/wp-content/plugins"
  fresh="$plugins/.$slug.new-$(random_suffix)"
  old="$plugins/.$slug.old-$(random_suffix)"
  as_site "$user" mkdir -p "$plugins"
  as_site "$user" mkdir "$fresh"
  if ! as_site "$user" tar --extract --file="$parts/plugin.tar" --no-same-owner --no-same-permissions \
    -C "$fresh" "$slug"; then
    as_site "$user" rm -rf "$fresh"
    fail "the plugin archive of $slug does not unpack"
  fi
  # shellcheck disable=SC2016 # the inner shell expands its own arguments
  as_site "$user" bash -c 'set -e
    if [ -e "$1/$3" ] || [ -L "$1/$3" ]; then mv -T "$1/$3" "$4"; fi
    mv -T "$2/$3" "$1/$3"
    rm -rf "$2" "$4"' plugin "$plugins" "$fresh" "$slug" "$old"
  rm -rf "$parts"
}

cmd_plugin_install "${1:?usage: plugin-install SUB SLUG VERSION SHA256}" "${2:?}" "${3:?}" "${4:?}"
