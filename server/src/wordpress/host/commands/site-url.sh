# shellcheck shell=bash
# site-url SUB URL: makes URL the site's address (WordPress home and site URL, links in the content).

# WordPress's home and site URL become URL and links in the content follow. Root rewrites its
# own wp-config.php (WP_HOME, WP_SITEURL; the URL holds nothing sed would read), then
# switch-site-url.php runs as the site's own user, with its pool's confinement.
cmd_site_url() {
  local sub=$1 url=$2 user dir part
  valid_subdomain "$sub"
  [[ $url =~ ^https?://[a-z0-9.-]+(:[0-9]{1,5})?$ ]] || fail "invalid URL: $url"
  dir="$SITES_ROOT/$sub"
  [ -f "$dir/wp-config.php" ] || fail "no site $sub"
  site_in_layout "$sub"
  user=$(site_user "$sub")
  ensure_private_dirs "$sub" "$user"
  root_config "$sub"
  part=$(mktemp "$dir/.wp-config.XXXXXX")
  sed -E "s#^define\('WP_(HOME|SITEURL)', '[^']*'\);\$#define('WP_\1', '$url');#" "$dir/wp-config.php" >"$part"
  if [ "$(grep -cxF -e "define('WP_HOME', '$url');" -e "define('WP_SITEURL', '$url');" "$part")" != 2 ]; then
    rm -f "$part"
    fail "WP_HOME or WP_SITEURL not found in the wp-config.php of $sub"
  fi
  install_config "$part" "$dir" "$user"
  site_php "$sub" "$dir" switch-site-url.php "$dir" "$url"
}

cmd_site_url "${1:?usage: site-url SUB URL}" "${2:?}"
