#!/usr/bin/env bash
# The WordPress host's privileged helper: the one program that creates, installs and removes
# customer sites. The embedded host runs it as root; a production host runs it over SSH through
# `sudo -n`, from a root-owned copy the sites cannot touch. Customer PHP is hostile code, so
# every site gets its own system user, php-fpm pool, temp and session folders, and never runs
# as root nor as the product's user (docs/security.md).
#
# Usage: site-host.sh check | sync | cron | status SUB | install SUB [--replace] | remove SUB
#                     | export SUB | import SUB
#   install reads install-site.php's JSON input on stdin and prints its JSON result.
#   export writes the site as a tar archive on stdout; import reads one on stdin (backups).
#   Exit code 17: install found the site there already.
#
# Settings come from the environment or from the root-owned file $SITE_HOST_CONF
# (default /etc/lagon/site-host.conf; sudo does not pass the environment on):
#   SITES_ROOT     the sites' web roots, one folder per subdomain
#   SITE_TMP_ROOT  the sites' private temp and session folders, one folder per subdomain
#   CORE_DIR       WordPress core template (scripts/wordpress/fetch-core.sh)
#   POOL_DIR       where php-fpm reads its pools, one file per site
#   SOCKET_DIR     the pools' sockets; nginx connects to SOCKET_DIR/<subdomain>.sock
#   FPM_RELOAD     shell command that makes php-fpm read its pools again
#   WEB_GROUP      nginx's group (www-data), the only one that can read the sites' files
#   PHP            php-cli (php)
set -euo pipefail
umask 027
export LC_ALL=C

conf=${SITE_HOST_CONF:-/etc/lagon/site-host.conf}
if [ -f "$conf" ]; then
  # shellcheck source=/dev/null
  . "$conf"
fi
: "${SITES_ROOT:?}" "${SITE_TMP_ROOT:?}" "${CORE_DIR:?}" "${POOL_DIR:?}" "${SOCKET_DIR:?}" "${FPM_RELOAD:?}"
WEB_GROUP=${WEB_GROUP:-www-data}
PHP=${PHP:-php}
HELPER_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
INSTALLER="$HELPER_DIR/install-site.php"
# Copied into every new site's wp-content: the French supplement (mu-plugin and translations).
SITE_FILES="$HELPER_DIR/site-files"
LOCK="$SOCKET_DIR/.site-host.lock"
SITE_EXISTS=17
# A shell is not bound by open_basedir: customer PHP may not start processes.
DISABLED_FUNCTIONS=exec,passthru,shell_exec,system,proc_open,popen,pcntl_exec,pcntl_fork,dl

fail() {
  echo "site-host: $*" >&2
  exit 1
}

valid_subdomain() {
  [[ $1 =~ ^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$ ]] || fail "invalid subdomain: $1"
}

# The site's system user: readable in `ps` and unique per sites root (wp-<name>-<hash>).
site_user() {
  local hash
  hash=$(printf '%s' "$SITES_ROOT/$1" | sha256sum | cut -c1-6)
  printf 'wp-%s-%s' "${1:0:10}" "$hash"
}

# Runs a function of this script under the host's lock (users, pools and reloads).
locked() {
  (
    flock 9
    "$@"
  ) 9>"$LOCK"
}

prepare_roots() {
  mkdir -p "$SITES_ROOT" "$SITE_TMP_ROOT" "$POOL_DIR" "$SOCKET_DIR"
  # Others may cross these folders to their own site, never list them.
  chmod 711 "$SITES_ROOT" "$SITE_TMP_ROOT"
  chown "root:$WEB_GROUP" "$SOCKET_DIR"
  chmod 750 "$SOCKET_DIR"
}

ensure_user() {
  local sub=$1 user
  user=$(site_user "$sub")
  if ! id -u "$user" >/dev/null 2>&1; then
    useradd --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin --user-group \
      --comment "lagon site $SITES_ROOT/$sub" "$user"
  fi
}

# The site's temp and session folders, private to its user.
ensure_private_dirs() {
  local sub=$1 user=$2 dir="$SITE_TMP_ROOT/$1"
  mkdir -p "$dir/tmp" "$dir/sessions"
  chown -R "$user:$user" "$dir"
  chmod 700 "$dir" "$dir/tmp" "$dir/sessions"
}

# Gives a site folder to its user: the folder and wp-content are theirs (uploads, plugins,
# themes, the SQLite database); core files stay root's, read-only.
own_site() {
  local dir=$1 user=$2
  chown "$user:$WEB_GROUP" "$dir"
  chmod 2750 "$dir"
  chown -R "$user:$WEB_GROUP" "$dir/wp-content"
  chmod -R g+rX,o-rwx "$dir/wp-content"
  # Folders WordPress makes later (uploads/2026/11) inherit nginx's group from their parent.
  find "$dir/wp-content" -type d -exec chmod g+s {} +
  if [ -f "$dir/wp-config.php" ]; then
    chown "$user:$WEB_GROUP" "$dir/wp-config.php"
    chmod 640 "$dir/wp-config.php"
  fi
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
php_admin_flag[allow_url_include] = off
php_admin_flag[expose_php] = off
php_admin_value[upload_max_filesize] = 64M
php_admin_value[post_max_size] = 64M
php_admin_value[memory_limit] = 256M
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
  mv "$file.part" "$file"
  rm -f "$SOCKET_DIR/$sub.sock"
  echo changed
}

reload_fpm() {
  eval "$FPM_RELOAD"
}

wait_for_socket() {
  local socket="$SOCKET_DIR/$1.sock"
  for _ in $(seq 200); do
    [ -S "$socket" ] && return 0
    sleep 0.05
  done
  fail "php-fpm did not open $socket"
}

ensure_site_runtime() {
  local sub=$1 user
  ensure_user "$sub"
  user=$(site_user "$sub")
  ensure_private_dirs "$sub" "$user"
  if [ -n "$(write_pool "$sub" "$user")" ]; then
    reload_fpm
  fi
  wait_for_socket "$sub"
}

drop_site_runtime() {
  local sub=$1 user
  user=$(site_user "$sub")
  if [ -f "$POOL_DIR/$sub.conf" ]; then
    rm -f "$POOL_DIR/$sub.conf"
    reload_fpm
  fi
  rm -f "$SOCKET_DIR/$sub.sock"
  if id -u "$user" >/dev/null 2>&1; then
    pkill -KILL -u "$user" || true
    userdel -f "$user" 2>/dev/null || userdel "$user"
  fi
}

random_suffix() {
  od -An -N6 -tx1 /dev/urandom | tr -d ' \n'
}

cmd_check() {
  command -v "$PHP" >/dev/null || fail "no $PHP on the host"
  [ -f "$CORE_DIR/wp-settings.php" ] || fail "no WordPress core in $CORE_DIR"
  [ -f "$INSTALLER" ] || fail "no install-site.php beside site-host.sh"
  [ -d "$SITE_FILES" ] || fail "no site-files folder beside site-host.sh"
  getent group "$WEB_GROUP" >/dev/null || fail "no group $WEB_GROUP"
  prepare_roots
  # The version the product compares with its own copy of this script, the installer and the
  # files given to sites (in the order of their paths).
  local files
  mapfile -t files < <(cd "$SITE_FILES" && find . -type f | sed 's|^\./||' | sort)
  (cat "${BASH_SOURCE[0]}" "$INSTALLER" && cd "$SITE_FILES" && cat -- "${files[@]}") | sha256sum | cut -c1-16
}

cmd_status() {
  valid_subdomain "$1"
  if [ -f "$SITES_ROOT/$1/wp-config.php" ]; then echo installed; else echo absent; fi
}

cmd_install() {
  local sub=$1 mode=${2:-} input user private out
  valid_subdomain "$sub"
  [ "$mode" = --replace ] || [ ! -e "$SITES_ROOT/$sub" ] || exit $SITE_EXISTS
  [ -f "$CORE_DIR/wp-settings.php" ] || fail "no WordPress core in $CORE_DIR"
  input=$(cat)
  prepare_roots
  locked ensure_user "$sub"
  user=$(site_user "$sub")
  private="$SITE_TMP_ROOT/$sub"
  ensure_private_dirs "$sub" "$user"

  # Global: the exit trap removes it whatever happens.
  fresh="$SITES_ROOT/.$sub.new-$(random_suffix)"
  trap 'rm -rf "$fresh"' EXIT
  copy_core "$fresh"
  cp -r "$SITE_FILES/." "$fresh/wp-content/"
  own_site "$fresh" "$user"
  # The installer runs as the site's user, with nothing of ours in its environment.
  install -m 644 "$INSTALLER" "$private/tmp/install-site.php"
  out=$(cd "$fresh" && printf '%s' "$input" | runuser -u "$user" -- env -i PATH=/usr/bin:/bin \
    HOME=/nonexistent "$PHP" -d open_basedir="$fresh/:$private/" -d sys_temp_dir="$private/tmp" \
    -d disable_functions="$DISABLED_FUNCTIONS" "$private/tmp/install-site.php" "$fresh")
  rm -f "$private/tmp/install-site.php"
  own_site "$fresh" "$user"
  locked ensure_site_runtime "$sub"

  local target="$SITES_ROOT/$sub" old
  if [ "$mode" = --replace ] && [ -e "$target" ]; then
    old="$SITES_ROOT/.$sub.old-$(random_suffix)"
    mv -T "$target" "$old"
  elif [ -e "$target" ]; then
    exit $SITE_EXISTS
  fi
  mv -T "$fresh" "$target"
  if [ -n "${old:-}" ]; then rm -rf "$old"; fi
  printf '%s\n' "$out" | tail -n 1
}

# Hard links for the core (never written in place: updates come with a new template), a copy
# of wp-content, which the site writes to. Across file systems, everything is copied.
copy_core() {
  local fresh=$1
  if [ "$(stat -c %d "$CORE_DIR")" = "$(stat -c %d "$SITES_ROOT")" ]; then
    mkdir "$fresh"
    find "$CORE_DIR" -mindepth 1 -maxdepth 1 ! -name wp-content -exec cp -al {} "$fresh/" \;
    cp -a "$CORE_DIR/wp-content" "$fresh/"
  else
    cp -a "$CORE_DIR" "$fresh"
  fi
}

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
}

# At start: every site has its user, folders and pool (a reboot empties /run, an older version
# ran sites without users); pools of removed sites go; scratch folders of installs cut off more
# than an hour ago go; users of sites roots that no longer exist go.
sync_all() {
  local dir sub user changed=""
  for dir in "$SITES_ROOT"/*/; do
    [ -d "$dir" ] || continue
    sub=$(basename "$dir")
    [[ $sub =~ ^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$ ]] && [ -f "$dir/wp-config.php" ] || continue
    ensure_user "$sub"
    user=$(site_user "$sub")
    if [ "$(stat -c %U "$dir")" != "$user" ]; then own_site "${dir%/}" "$user"; fi
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
    find "$SITES_ROOT" -mindepth 1 -maxdepth 1 -name '.*' -exec rm -rf {} +
  else
    find "$SITES_ROOT" -mindepth 1 -maxdepth 1 -name '.*' -mmin "+${SCRATCH_MAX_AGE_MIN:-60}" -exec rm -rf {} +
  fi
  getent passwd | while IFS=: read -r name _ _ _ comment _; do
    if [[ $comment == "lagon site "* ]] && [ ! -d "$(dirname "${comment#lagon site }")" ]; then
      pkill -KILL -u "$name" || true
      userdel -f "$name" 2>/dev/null || true
    fi
  done
  if [ -n "$changed" ] && [ "${SYNC_RELOAD:-1}" = 1 ]; then reload_fpm || true; fi
}

# Runs every site's scheduled tasks (WordPress cannot call itself), each as its own user with
# the same confinement as its pool. A production host runs it from cron every 5 minutes.
cmd_cron() {
  local dir sub user private
  for dir in "$SITES_ROOT"/*/; do
    sub=$(basename "$dir")
    [[ $sub =~ ^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$ ]] && [ -f "$dir/wp-config.php" ] || continue
    user=$(site_user "$sub")
    private="$SITE_TMP_ROOT/$sub"
    (cd "$dir" && runuser -u "$user" -- env -i PATH=/usr/bin:/bin HOME=/nonexistent "$PHP" \
      -d open_basedir="$dir:$private/" -d sys_temp_dir="$private/tmp" \
      -d disable_functions="$DISABLED_FUNCTIONS" wp-cron.php) >/dev/null 2>&1 ||
      echo "site-host: scheduled tasks of $sub failed" >&2
  done
}

cmd_sync() {
  prepare_roots
  locked sync_all
}

# ---------------------------------------------------------------------------------------------
# Backups (decision 0023): a site as a tar archive on stdout, and a site replaced by one read on
# stdin. The product pipes them into and out of restic; nothing here knows the repository.
# The archive holds wp-config.php and wp-content, with a consistent copy of the live database;
# the core comes from the template on import.
# ---------------------------------------------------------------------------------------------

SITE_DATABASE=wp-content/database/.ht.sqlite

# A consistent copy of the site's live SQLite database ($2), made by the site's own user with
# its pool's confinement: root opening the database could leave root-owned journal files that
# would lock the site out of it.
backup_copy_database() {
  local sub=$1 dest=$2 user dir="$SITES_ROOT/$1" private="$SITE_TMP_ROOT/$1"
  user=$(site_user "$sub")
  (cd "$dir" && runuser -u "$user" -- env -i PATH=/usr/bin:/bin HOME=/nonexistent "$PHP" \
    -d open_basedir="$dir/:$private/" -d disable_functions="$DISABLED_FUNCTIONS" -r '
      $db = new PDO("sqlite:" . $argv[1], null, null, [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
      $db->exec("PRAGMA busy_timeout = 30000");
      $db->exec("VACUUM INTO " . $db->quote($argv[2]));' "$dir/$SITE_DATABASE" "$dest")
}

cmd_export() {
  local sub=$1 dir user code=0
  valid_subdomain "$sub"
  dir="$SITES_ROOT/$sub"
  [ -f "$dir/wp-config.php" ] || fail "no site $sub"
  user=$(site_user "$sub")
  ensure_private_dirs "$sub" "$user"
  # Global: the exit trap removes it whatever happens.
  db_copy="$SITE_TMP_ROOT/$sub/tmp/backup-$(random_suffix).sqlite"
  trap 'rm -f "$db_copy"' EXIT
  backup_copy_database "$sub" "$db_copy"
  # Exit code 1 only says a file changed while it was read (an upload): the archive is sound.
  # No owner in it (import gives everything to the site's user): the same theme file makes the
  # same bytes in every site's archive, which restic stores once.
  tar --create --file=- --sort=name --owner=0 --group=0 --numeric-owner --warning=no-file-changed \
    -C "$dir" --exclude="./$SITE_DATABASE" --exclude="./$SITE_DATABASE-*" ./wp-config.php ./wp-content \
    -C "$(dirname "$db_copy")" --transform="s|^$(basename "$db_copy")\$|./$SITE_DATABASE|" \
    "$(basename "$db_copy")" || code=$?
  [ "$code" -le 1 ] || fail "tar failed for $sub ($code)"
}

cmd_import() {
  local sub=$1 user target old
  valid_subdomain "$sub"
  [ -f "$CORE_DIR/wp-settings.php" ] || fail "no WordPress core in $CORE_DIR"
  prepare_roots
  locked ensure_user "$sub"
  user=$(site_user "$sub")
  ensure_private_dirs "$sub" "$user"
  # Global: the exit trap removes it whatever happens.
  restored="$SITES_ROOT/.$sub.restore-$(random_suffix)"
  trap 'rm -rf "$restored"' EXIT
  copy_core "$restored"
  rm -rf "$restored/wp-content"
  install -d -o "$user" -g "$WEB_GROUP" -m 2750 "$restored/wp-content"
  chown "$user:$WEB_GROUP" "$restored"
  # What the archive holds was written by the site: unpacked as its user, never as root, and
  # only the two names a site archive has.
  runuser -u "$user" -- tar --extract --file=- --no-same-owner -C "$restored" ./wp-config.php ./wp-content ||
    fail "the archive of $sub could not be unpacked"
  [ -f "$restored/wp-config.php" ] && [ -f "$restored/$SITE_DATABASE" ] || fail "the archive of $sub is not a site"
  own_site "$restored" "$user"
  locked ensure_site_runtime "$sub"
  target="$SITES_ROOT/$sub"
  if [ -e "$target" ]; then
    old="$SITES_ROOT/.$sub.old-$(random_suffix)"
    mv -T "$target" "$old"
  fi
  mv -T "$restored" "$target"
  if [ -n "${old:-}" ]; then rm -rf "$old"; fi
}

# ---------------------------------------------------------------------------------------------

command=${1:-}
case "$command" in
check) cmd_check ;;
sync) cmd_sync ;;
cron) cmd_cron ;;
status) cmd_status "${2:?usage: status SUB}" ;;
install) cmd_install "${2:?usage: install SUB [--replace]}" "${3:-}" ;;
remove) cmd_remove "${2:?usage: remove SUB}" ;;
export) cmd_export "${2:?usage: export SUB}" ;;
import) cmd_import "${2:?usage: import SUB}" ;;
*) fail "usage: site-host.sh check | sync | cron | status SUB | install SUB [--replace] | remove SUB | export SUB | import SUB" ;;
esac
