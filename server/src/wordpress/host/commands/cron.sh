# shellcheck shell=bash
# cron [SUB]: runs the scheduled tasks of every site, or of SUB.

# Runs every site's scheduled tasks (WordPress cannot call itself), or only those of SUB, each as
# its own user within its master's confinement. The product runs it every 5 minutes.
cmd_cron() {
  local only=${1:-} dir sub
  if [ -n "$only" ]; then valid_subdomain "$only"; fi
  for dir in "$SITES_ROOT"/*/; do
    sub=$(basename "$dir")
    if [[ ! $sub =~ ^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$ ]] || [ ! -f "$dir/wp-config.php" ]; then continue; fi
    if [ -n "$only" ] && [ "$sub" != "$only" ]; then continue; fi
    # A site whose tasks never end would hold up every other site's.
    PHP_TIME_LIMIT=60 php_as_site "$sub" "${dir%/}" wp-cron.php >/dev/null 2>&1 ||
      echo "site-host: scheduled tasks of $sub failed" >&2
  done
}

cmd_cron "${1:-}"
