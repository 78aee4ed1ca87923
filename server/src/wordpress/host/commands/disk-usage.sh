# shellcheck shell=bash
# disk-usage: prints "SUB USED LIMIT" (bytes) for every site with a disk quota (SITE_DISK_MB),
# nothing without.

cmd_disk_usage() {
  local dir sub group used limit
  [ -n "${SITE_DISK_MB:-}" ] || return 0
  declare -A usage=()
  # The groups' exclusive bytes and limits, once the file system has committed what was written.
  while read -r group _ used limit _; do
    [[ $group == 1/* ]] && usage[$group]="$used $limit"
  done < <(btrfs qgroup show -e --raw --sync "$SITES_ROOT")
  for dir in "$SITES_ROOT"/*/; do
    sub=$(basename "$dir")
    [[ $sub =~ ^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$ ]] || continue
    group="1/$(id -u "$(site_user "$sub")" 2>/dev/null)" || continue
    if [ -n "${usage[$group]:-}" ]; then printf '%s %s\n' "$sub" "${usage[$group]}"; fi
  done
}

cmd_disk_usage
