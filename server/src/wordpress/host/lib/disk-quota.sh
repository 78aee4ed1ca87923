# shellcheck shell=bash
# Each site's disk allowance (decisions 0071 and 0095): the folders a site writes are btrfs
# subvolumes in its qgroup, limited to its plan's allowance, which the product gives (install's
# --disk-mb, disk-limit) and the helper keeps in DISK_LIMITS_DIR, one root-only file per site, so
# that an update, a restore or a reinstall limits the site again as its plan says. SITE_DISK_MB
# caps every site (the operator's ceiling) and is the allowance of a site given none.

# Root's only, on the sites' folder: left by sync's scratch cleanup, gone with the site.
DISK_LIMITS_DIR="$SITES_ROOT/.disk-limits"

# A whole number of MiB a site may be given (the product's config takes the same range).
valid_disk_mb() {
  if [[ ! $1 =~ ^[1-9][0-9]{1,7}$ ]] || (($1 < 16 || $1 > 10485760)); then fail "invalid disk allowance: $1"; fi
}

# Keeps the allowance $2 (MiB) of the site $1, asked by the product.
record_disk_mb() {
  local sub=$1 mb=$2 part
  valid_subdomain "$sub"
  valid_disk_mb "$mb"
  install -d -o root -g root -m 700 "$DISK_LIMITS_DIR"
  part=$(mktemp "$DISK_LIMITS_DIR/.part-XXXXXX")
  printf '%s\n' "$mb" >"$part"
  mv -f "$part" "$DISK_LIMITS_DIR/$sub"
}

# The site $1's allowance in MiB: the one kept for it, at most SITE_DISK_MB; SITE_DISK_MB without.
site_disk_mb() {
  local mb=""
  if [ -f "$DISK_LIMITS_DIR/$1" ]; then read -r mb <"$DISK_LIMITS_DIR/$1" || true; fi
  if [[ ! $mb =~ ^[1-9][0-9]*$ ]] || ((mb > SITE_DISK_MB)); then mb=$SITE_DISK_MB; fi
  printf '%s' "$mb"
}

# The site's qgroup: 1/<uid of its user>, made and limited here to the site's allowance.
site_qgroup() {
  local group
  group="1/$(id -u "$(site_user "$1")")"
  if ! btrfs qgroup show "$SITES_ROOT" | grep -q "^$group "; then
    btrfs qgroup create "$group" "$SITES_ROOT"
  fi
  btrfs qgroup limit -e "$(site_disk_mb "$1")M" "$group" "$SITES_ROOT"
  printf '%s' "$group"
}

# Limits the site's qgroup again to its allowance, when the site has one already (a plan change);
# below what it holds, nothing is deleted: its writes fail until it is back under.
limit_site_disk() {
  local group
  [ -n "${SITE_DISK_MB:-}" ] || return 0
  id -u "$(site_user "$1")" >/dev/null 2>&1 || return 0
  group="1/$(id -u "$(site_user "$1")")"
  if btrfs qgroup show "$SITES_ROOT" | grep -q "^$group "; then
    btrfs qgroup limit -e "$(site_disk_mb "$1")M" "$group" "$SITES_ROOT"
  fi
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
