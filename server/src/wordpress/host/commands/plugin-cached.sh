# shellcheck shell=bash
# plugin-cached SLUG VERSION: prints the sha256 of the host's verified copy of a plugin version, if
# any (decision 0058).

# Prints the sha256 of the cached copy of SLUG at VERSION, nothing when there is none.
cmd_plugin_cached() {
  local slug=$1 version=$2 dir file
  valid_plugin "$slug" "$version"
  dir=$(plugin_cache_dir)
  for file in "$dir/$slug@$version-"*.tar; do
    [ -f "$file" ] || continue
    file=${file##*-}
    printf '%s\n' "${file%.tar}"
    return
  done
}

cmd_plugin_cached "${1:?usage: plugin-cached SLUG VERSION}" "${2:?}"
