# shellcheck shell=bash
# Plugins from the directory (decision 0058): the product checks an archive against the
# directory's checksums and sends the verified files as a tar; the host keeps it in a root-only
# cache named <slug>@<version>-<sha256>.tar and installs it into a site as the site's user.

valid_plugin() {
  [[ $1 =~ ^[a-z0-9][a-z0-9-]{0,99}$ ]] || fail "invalid plugin: $1"
  [[ $2 =~ ^[0-9A-Za-z][0-9A-Za-z.+-]{0,49}$ && $2 != *..* ]] || fail "invalid plugin version: $2"
}

plugin_cache_dir() {
  local dir=${PLUGIN_CACHE_DIR:-/var/cache/lagon/plugins}
  install -d -o root -g root -m 700 "$dir"
  printf '%s' "$dir"
}
