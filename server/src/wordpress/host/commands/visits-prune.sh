# shellcheck shell=bash
# visits-prune: deletes every site's visit logs older than 13 months (decision 0051).

# Visit logs are kept 13 months (396 days), then deleted.
cmd_visits_prune() {
  if [ -z "${ACCESS_LOG_DIR:-}" ] || [ ! -d "$ACCESS_LOG_DIR" ]; then return 0; fi
  local oldest file day
  oldest=$(date -d '396 days ago' +%F)
  for file in "$ACCESS_LOG_DIR"/*.log; do
    [ -f "$file" ] || continue
    day=${file%.log}
    day=${day##*.}
    if [[ $day =~ $VISIT_DAY_RE && $day < $oldest ]]; then rm -f -- "$file"; fi
  done
}

cmd_visits_prune
