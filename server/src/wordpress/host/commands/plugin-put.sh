# shellcheck shell=bash
# plugin-put SLUG VERSION SHA256: keeps the tar on stdin as that copy when its sha256 is SHA256.

# Keeps the tar read on stdin as SLUG@VERSION-SHA256.tar when its sha256 is SHA256.
cmd_plugin_put() {
  local slug=$1 version=$2 sha=$3 dir
  valid_plugin "$slug" "$version"
  [[ $sha =~ ^[0-9a-f]{64}$ ]] || fail "invalid sha256: $sha"
  dir=$(plugin_cache_dir)
  # Global: the exit trap removes it whatever happens.
  plugin_part="$dir/.part-$(random_suffix)"
  trap 'rm -f "$plugin_part"' EXIT
  head -c 536870912 >"$plugin_part"
  [ "$(sha256sum "$plugin_part" | cut -d' ' -f1)" = "$sha" ] || fail "the plugin archive of $slug $version is not $sha"
  rm -f "$dir/$slug@$version-"*.tar
  mv "$plugin_part" "$dir/$slug@$version-$sha.tar"
}

cmd_plugin_put "${1:?usage: plugin-put SLUG VERSION SHA256}" "${2:?}" "${3:?}"
