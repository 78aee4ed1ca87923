# shellcheck shell=bash
# remove SUB: the site, its user, pool, folders, disk allowance, SFTP access and visit logs go.

cmd_remove() {
  local sub=$1 target doomed
  valid_subdomain "$sub"
  target="$SITES_ROOT/$sub"
  locked drop_site_runtime "$sub"
  if [ -e "$target" ]; then
    doomed="$SITES_ROOT/.$sub.old-$(random_suffix)"
    mv -T "$target" "$doomed"
    rm -rf "$doomed"
  fi
  rm -rf "${SITE_TMP_ROOT:?}/$sub"
  rm -f "$SUSPENDED_DIR/$sub" "$DISK_LIMITS_DIR/$sub"
  sftp_forget "$sub"
  if [ -n "${ACCESS_LOG_DIR:-}" ]; then rm -f "$ACCESS_LOG_DIR/$sub".*.log; fi
}

cmd_remove "${1:?usage: remove SUB}"
