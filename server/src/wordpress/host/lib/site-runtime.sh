# shellcheck shell=bash
# A site's user, php-fpm pool and master: made, reloaded, dropped.

ensure_user() {
  local sub=$1 user
  user=$(site_user "$sub")
  if ! id -u "$user" >/dev/null 2>&1; then
    accounts useradd --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin --user-group \
      --comment "lagon site $SITES_ROOT/$sub" "$user"
  fi
  firewall_add_user "$user"
}

pool_config() {
  local sub=$1 user=$2 dir="$SITES_ROOT/$1" private="$SITE_TMP_ROOT/$1"
  cat <<EOF
; Written by site-host.sh: $sub runs as $user, confined to its own folders.
[$sub]
user = $user
group = $user
listen = $SOCKET_DIR/$sub.sock
listen.owner = root
listen.group = $WEB_GROUP
listen.mode = 0660
pm = ondemand
pm.max_children = 5
pm.process_idle_timeout = 30s
pm.max_requests = 500
request_terminate_timeout = 300s
clear_env = yes
security.limit_extensions = .php
env[TMPDIR] = $private/tmp
php_admin_value[open_basedir] = $dir/:$private/
php_admin_value[sys_temp_dir] = $private/tmp
php_admin_value[upload_tmp_dir] = $private/tmp
php_admin_value[session.save_path] = $private/sessions
php_admin_value[disable_functions] = $DISABLED_FUNCTIONS
php_admin_value[sendmail_path] = $SENDMAIL_PATH
php_admin_flag[allow_url_include] = off
php_admin_flag[expose_php] = off
php_admin_value[upload_max_filesize] = 64M
php_admin_value[post_max_size] = 64M
php_admin_value[memory_limit] = 256M
; The helper rewrites wp-config.php from outside php-fpm (a site moving to its custom domain, a
; restore): OPcache checks each file's date at every request, so no page is ever built from the
; old copy (by default it trusts its copy for 2 seconds).
php_admin_value[opcache.revalidate_freq] = 0
EOF
}

# Writes the site's pool when it changed; prints "changed" then.
write_pool() {
  local sub=$1 user=$2 file="$POOL_DIR/$1.conf" wanted
  wanted=$(pool_config "$sub" "$user")
  if [ -f "$file" ] && [ "$(cat "$file")" = "$wanted" ]; then
    return
  fi
  printf '%s\n' "$wanted" >"$file.part"
  chmod 644 "$file.part"
  # The old master's socket goes before the new pool appears: the embedded host's supervisor
  # starts a master as soon as it sees the file, and its new socket must not be the one removed.
  rm -f "$SOCKET_DIR/$sub.sock"
  mv "$file.part" "$file"
  echo changed
}

reload_fpm() {
  run_setting "$FPM_RELOAD"
}

# Up to 30 s: a master's start on a loaded machine takes seconds.
wait_for_socket() {
  local socket="$SOCKET_DIR/$1.sock"
  local try
  for ((try = 0; try < 600; try++)); do
    [ -S "$socket" ] && return 0
    pause 0.05
  done
  fail "php-fpm did not open $socket"
}

# The site's user, private folders, pool and master, under the host's lock (`locked
# ensure_site_runtime SUB`); then, out of the lock, `wait_for_socket SUB` until its master serves
# (a master's start is seconds on a loaded machine: other sites' installs need not wait for it).
ensure_site_runtime() {
  local sub=$1 user
  ensure_user "$sub"
  user=$(site_user "$sub")
  ensure_private_dirs "$sub" "$user"
  ensure_site_pool "$sub" "$user"
}

# The pool and master of the site $1 (user $2), once its user and private folders are there
# (ensure_site_runtime's last step, for a command that made those itself: install).
ensure_site_pool() {
  local sub=$1 user=$2
  if [ -n "$(write_pool "$sub" "$user")" ]; then
    reload_fpm
    site_master_up "$sub" changed
  else
    site_master_up "$sub"
  fi
}

drop_site_runtime() {
  local sub=$1 user
  user=$(site_user "$sub")
  if [ -f "$POOL_DIR/$sub.conf" ]; then
    rm -f "$POOL_DIR/$sub.conf"
    reload_fpm
  fi
  site_master_down "$sub"
  rm -f "$SOCKET_DIR/$sub.sock"
  if id -u "$user" >/dev/null 2>&1; then
    pkill -KILL -u "$user" || true
    firewall_remove_user "$user"
    accounts userdel -f "$user" 2>/dev/null || accounts userdel "$user"
  fi
}

# --- One php-fpm master per site under systemd (production; decision 0044) ---------------------
# With SITE_UNIT set (lagon-php, see docs/operations/wordpress-host.md), every site's pool is
# served by its own master, the instance SITE_UNIT@<sub> of a template unit, in the slice
# lagon-site-<sub>.slice that carries its limits (processes, memory, CPU): the unit (this helper's
# lagon-php@.service) gives it a private /tmp and a /proc without other users' processes, and runs
# it through site-master.sh, under the sites' seccomp filter (decision 0093). The embedded host has
# no systemd: its supervisor does the same with cgroups and bubblewrap (site-masters.ts) and sets
# no SITE_UNIT.

# The systemd name of a site (a dash would nest one site's slice inside another's).
site_instance() {
  systemd-escape -- "$1"
}

# The master's own settings and the slice's limits, then the unit started (restarted when its
# pool changed: $2 = changed).
site_master_up() {
  local sub=$1 changed=${2:-} instance master_dir slice wanted
  [ -n "${SITE_UNIT:-}" ] || return 0
  instance=$(site_instance "$sub")
  master_dir=${SITE_MASTER_DIR:-/etc/lagon/fpm}
  mkdir -p "$master_dir"
  printf '[global]\nerror_log = syslog\nsyslog.ident = php-fpm-%s\ndaemonize = no\nprocess_control_timeout = 20s\ninclude = %s/%s.conf\n' \
    "$sub" "$POOL_DIR" "$sub" >"$master_dir/.$sub.conf.part"
  mv "$master_dir/.$sub.conf.part" "$master_dir/$sub.conf"
  slice="/etc/systemd/system/lagon-site-$instance.slice"
  wanted=$(printf '[Unit]\nDescription=Limits of the site %s\n\n[Slice]\nTasksMax=%s\nMemoryMax=%s\nCPUQuota=%s\n' \
    "$sub" "${SITE_TASKS_MAX:-128}" "${SITE_MEMORY_MAX:-768M}" "${SITE_CPU_QUOTA:-50%}")
  if [ ! -f "$slice" ] || [ "$(cat "$slice")" != "$wanted" ]; then
    printf '%s\n' "$wanted" >"$slice"
    systemctl daemon-reload
  fi
  if [ "$changed" = changed ]; then
    systemctl enable --quiet "$SITE_UNIT@$instance.service"
    systemctl restart "$SITE_UNIT@$instance.service"
  else
    systemctl enable --now --quiet "$SITE_UNIT@$instance.service"
  fi
}

site_master_down() {
  local sub=$1 instance
  [ -n "${SITE_UNIT:-}" ] || return 0
  instance=$(site_instance "$sub")
  systemctl disable --now --quiet "$SITE_UNIT@$instance.service" 2>/dev/null || true
  rm -f "${SITE_MASTER_DIR:-/etc/lagon/fpm}/$sub.conf" "/etc/systemd/system/lagon-site-$instance.slice"
  systemctl daemon-reload
}

# At start: every pool has its master; masters of pools gone are stopped.
site_masters_sync() {
  local file sub unit
  [ -n "${SITE_UNIT:-}" ] || return 0
  for file in "$POOL_DIR"/*.conf; do
    [ -f "$file" ] || continue
    sub=$(basename "$file" .conf)
    [[ $sub =~ ^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$ ]] || continue
    site_master_up "$sub"
  done
  systemctl list-units --all --plain --no-legend "$SITE_UNIT@*.service" | while read -r unit _; do
    sub=$(systemd-escape --unescape --instance -- "$unit")
    if [ ! -f "$POOL_DIR/$sub.conf" ]; then site_master_down "$sub"; fi
  done
}
