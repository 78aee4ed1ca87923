# shellcheck shell=bash
# visits SUB SINCE: prints the site's visit log from day SINCE (YYYY-MM-DD) on (decision 0051).

# The site's visit log from day $2 on, oldest first (names sort by day). nginx writes these
# files; no site can, and root reads them only as regular files.
cmd_visits() {
  local sub=$1 since=$2 file day
  valid_subdomain "$sub"
  [[ $since =~ $VISIT_DAY_RE ]] || fail "invalid day: $since"
  [ -n "${ACCESS_LOG_DIR:-}" ] || return 0
  for file in "$ACCESS_LOG_DIR/$sub".*.log; do
    if [ ! -f "$file" ] || [ -L "$file" ]; then continue; fi
    day=${file#"$ACCESS_LOG_DIR/$sub".}
    day=${day%.log}
    [[ $day =~ $VISIT_DAY_RE ]] || continue
    if [[ ! $day < $since ]]; then cat -- "$file"; fi
  done
}

cmd_visits "${1:?usage: visits SUB SINCE}" "${2:?usage: visits SUB SINCE}"
