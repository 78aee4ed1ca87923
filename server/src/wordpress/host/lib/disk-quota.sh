# shellcheck shell=bash
# Each site's disk allowance (SITE_DISK_MB, decision 0071): the folders a site writes are btrfs
# subvolumes in its qgroup.

# The site's qgroup (SITE_DISK_MB): 1/<uid of its user>, made and limited here.
site_qgroup() {
  local group
  group="1/$(id -u "$(site_user "$1")")"
  if ! btrfs qgroup show "$SITES_ROOT" | grep -q "^$group "; then
    btrfs qgroup create "$group" "$SITES_ROOT"
  fi
  btrfs qgroup limit -e "${SITE_DISK_MB}M" "$group" "$SITES_ROOT"
  printf '%s' "$group"
}

# A new, empty folder $2 (root's, mode 700) whose content counts in the disk quota of the site $1:
# with SITE_DISK_MB a btrfs subvolume in the site's qgroup (what the site writes in it is limited
# there; it can make no subvolume of its own, site-seccomp.py), else a plain folder.
new_counted_folder() {
  local sub=$1 dir=$2 group
  if [ -z "${SITE_DISK_MB:-}" ]; then
    mkdir -m 700 "$dir"
    return
  fi
  btrfs subvolume create "$dir" >/dev/null
  chmod 700 "$dir"
  group=$(site_qgroup "$sub")
  # Empty: the group's usage stays right without a rescan.
  btrfs qgroup assign --no-rescan "0/$(btrfs inspect-internal rootid "$dir")" "$group" "$SITES_ROOT"
}
