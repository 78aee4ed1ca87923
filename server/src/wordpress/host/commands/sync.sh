# shellcheck shell=bash
# sync (at start): every site's user, folders, pool and master again, every domain's nginx files,
# the firewall; what removed sites and cut-off installs left goes.

# At start: every site has its user, folders and pool (a reboot empties /run, an older version
# ran sites without users); pools of removed sites go; scratch folders of installs cut off more
# than an hour ago go; users of sites roots that no longer exist go.
sync_all() {
  local dir sub user changed=""
  for dir in "$SITES_ROOT"/*/; do
    [ -d "$dir" ] || continue
    sub=$(basename "$dir")
    if [[ ! $sub =~ ^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$ ]] || [ ! -f "$dir/wp-config.php" ]; then continue; fi
    ensure_user "$sub"
    user=$(site_user "$sub")
    migrate_site "$sub" "$user"
    ensure_private_dirs "$sub" "$user"
    if [ -n "$(write_pool "$sub" "$user")" ]; then changed=1; fi
  done
  for file in "$POOL_DIR"/*.conf; do
    [ -f "$file" ] || continue
    sub=$(basename "$file" .conf)
    if [ ! -f "$SITES_ROOT/$sub/wp-config.php" ]; then
      rm -f "$file" "$SOCKET_DIR/$sub.sock"
      changed=1
    fi
  done
  # SCRATCH_MAX_AGE_MIN=0: this product is the host's only user (the embedded host, locked).
  if [ "${SCRATCH_MAX_AGE_MIN:-60}" = 0 ]; then
    find "$SITES_ROOT" -mindepth 1 -maxdepth 1 -name '.*' ! -path "${CORE_COPY_DIR:-/nonexistent}" \
      ! -path "$DISK_LIMITS_DIR" -exec rm -rf {} +
  else
    find "$SITES_ROOT" -mindepth 1 -maxdepth 1 -name '.*' ! -path "${CORE_COPY_DIR:-/nonexistent}" \
      ! -path "$DISK_LIMITS_DIR" -mmin "+${SCRATCH_MAX_AGE_MIN:-60}" -exec rm -rf {} +
  fi
  getent passwd | while IFS=: read -r name _ _ _ comment _; do
    if [[ $comment == "lagon site "* ]] && [ ! -d "$(dirname "${comment#lagon site }")" ]; then
      pkill -KILL -u "$name" || true
      accounts userdel -f "$name" 2>/dev/null || true
    fi
  done
  # SFTP groups of embedded hosts (lagon_<hash>_sftp) left without members: recreated when needed.
  # Still without members once the accounts lock is held: sftp_open may be joining one meanwhile.
  getent group | while IFS=: read -r name _ _ members; do
    if [[ $name =~ ^lagon_[0-9a-f]+_sftp$ && -z $members && $name != "${SFTP_GROUP:-}" ]]; then
      # shellcheck disable=SC2016 # the inner shell expands its own arguments
      accounts bash -c '[ -z "$(getent group "$1" | cut -d: -f4)" ] && groupdel "$1"' sync "$name" 2>/dev/null || true
    fi
  done
  if [ -n "$changed" ] && [ "${SYNC_RELOAD:-1}" = 1 ]; then reload_fpm || true; fi
}

cmd_sync() {
  local current
  prepare_roots
  current=$(core_files)
  if [ -n "${CORE_COPY_DIR:-}" ]; then
    find "$CORE_COPY_DIR" -mindepth 1 -maxdepth 1 ! -path "$current" -exec rm -rf {} +
  fi
  prune_db_templates "$current"
  locked sync_all
  sync_domains
  locked firewall_up
  locked site_masters_sync
}

cmd_sync
