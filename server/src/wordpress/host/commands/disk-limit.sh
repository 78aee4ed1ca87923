# shellcheck shell=bash
# disk-limit SUB MB: the site's disk allowance becomes MB MiB (its plan's, decision 0095), at most
# SITE_DISK_MB; kept for its next install, update or restore, and applied now if the site has its
# quota group. Below what the site holds, nothing is deleted: its writes fail until it is back under.

cmd_disk_limit() {
  record_disk_mb "$1" "$2"
  limit_site_disk "$1"
}

cmd_disk_limit "${1:?usage: disk-limit SUB MB}" "${2:?usage: disk-limit SUB MB}"
