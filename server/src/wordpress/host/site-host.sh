#!/usr/bin/env bash
# The WordPress host's privileged helper: the one program that creates, installs and removes
# customer sites. The embedded host runs it as root; a production host runs it over SSH through
# `sudo -n`, from a root-owned copy the sites cannot touch. Customer PHP is hostile code, so
# every site gets its own system user, php-fpm pool, temp and session folders, and never runs
# as root nor as the product's user (docs/security.md). Root never acts through a path a site
# can write (decision 0043): a site's folder and its wp-config.php are root's; what the site owns
# (wp-content, its temp folders) is copied and read by the site's user, or built by root in a
# folder only root can reach, then handed over whole.
#
# Usage: site-host.sh check | sync | cron [SUB] | status SUB | install SUB [--replace] | remove SUB
#                     | suspend SUB | unsuspend SUB | export SUB | import SUB
#                     | versions [SUB] | update SUB [plugin/SLUG|theme/SLUG ...] | rollback SUB
#                     | update-done SUB
#                     | acme-put TOKEN | acme-remove TOKEN | site-url SUB URL
#                     | domain-install SUB DOMAIN URL SITE_HOST | domain-remove DOMAIN
#                     | firewall-up | firewall-down | visits SUB SINCE | visits-prune
#                     | sftp SUB status|password|key-add|key-remove FINGERPRINT | site-mode SUB wordpress|plain
#                     | sftp-suspend SUB | sftp-unsuspend SUB | site-files SUB
#                     | plugin-cached SLUG VERSION | plugin-put SLUG VERSION SHA256
#                     | plugin-install SUB SLUG VERSION SHA256 | kit-apply SUB | disk-usage
#   install reads install-site.php's JSON input on stdin and prints its JSON result.
#   Exit code 17: install found the site there already.
#   suspend / unsuspend: visitors get the "site suspendu" page (503), wp-admin keeps working.
#   export writes the site as a tar archive on stdout (wp-config.php and wp-content with a
#   consistent copy of its database); import reads one on stdin and serves the site from it,
#   replacing the one there if any (WordPress core comes from CORE_DIR). Backups and the final
#   copy of an ended subscription both use them.
#   versions prints the core, plugin and theme versions of the site (of the template without SUB)
#   as JSON. update brings the site to the template's core and to its copy of the plugins and
#   themes named, keeping the old folder aside, and prints the new versions; rollback reads a
#   backup archive on stdin and serves it on that old core; update-done drops the old folder.
#   acme-put reads an HTTP-01 key authorization on stdin and serves it at
#   /.well-known/acme-challenge/TOKEN for every name that reaches nginx on port 80.
#   domain-install reads the certificate chain then its private key (PEM) on stdin: nginx serves
#   the site SUB at URL (https://DOMAIN[:port]); www.DOMAIN, http:// and SITE_HOST (the
#   subdomain, but for the REST API the product uses) redirect there.
#   site-url makes URL the site's address (WordPress home and site URL, links in the content).
#   visits prints the site's visit log from day SINCE (YYYY-MM-DD) on; visits-prune deletes every
#   site's visit logs older than 13 months (decision 0051).
#   sftp opens the site's SFTP access (decision 0059) and prints its state; password reads the
#   new password on stdin, key-add one public key line. site-mode serves the site's WordPress or
#   the plain site in its wp-content/www (static files or PHP); the WordPress files stay.
#   sftp-suspend (leaving Libre, decision 0076) stops the site's SFTP login and its plain site,
#   keeping the files, the password's hash and the keys; sftp-unsuspend puts them back. Each
#   prints "suspended"/"resumed", or "none" when there was nothing to do.
#   site-files gives the site the helper's current product files (mu-plugins, translations).
#   firewall-up loads (or loads again) the nftables table that keeps every site user away from
#   loopback, private networks and the host's own addresses; sync runs it. firewall-down removes it.
#   plugin-cached prints the sha256 of the host's verified copy of a plugin version, if any;
#   plugin-put keeps the tar on stdin as that copy when its sha256 is SHA256; plugin-install
#   unpacks it as the site's plugins/SLUG, as the site's user (decision 0058). kit-apply reads
#   apply-kit.php's JSON on stdin and runs it as the site's user; it prints what it did as JSON.
#   disk-usage prints "SUB USED LIMIT" (bytes) for every site with a disk quota (SITE_DISK_MB),
#   nothing without.
#
# Settings come from the environment or from the root-owned file $SITE_HOST_CONF
# (default /etc/lagon/site-host.conf; sudo does not pass the environment on):
#   SITES_ROOT     the sites' web roots, one folder per subdomain
#   SITE_TMP_ROOT  the sites' private temp and session folders, one folder per subdomain
#   CORE_DIR       WordPress core template (scripts/wordpress/fetch-core.sh)
#   POOL_DIR       where php-fpm reads its pools, one file per site
#   SOCKET_DIR     the pools' sockets; nginx connects to SOCKET_DIR/<subdomain>.sock
#   SUSPENDED_DIR  one empty file per suspended site, which nginx looks for (root's only)
#   FPM_RELOAD     shell command that makes php-fpm read its pools again
#   WEB_GROUP      nginx's group (www-data), the only one that can read the sites' files
#   PHP            php-cli (php)
#   Custom domains (domain-*, acme-*, and sync):
#   DOMAINS_DIR    <domain>.conf and <domain>.map, included by nginx, and <domain>/ with its
#                  certificate (root only)
#   ACME_DIR       HTTP-01 challenge files, readable by nginx
#   SITE_SNIPPET   nginx file with a site's locations, included by each domain's server
#   DOMAIN_HTTP_LISTEN, DOMAIN_HTTPS_LISTEN  nginx `listen` values of the domains' servers,
#                  space-separated, a comma for a space: "80 [::]:80", "443,ssl [::]:443,ssl"
#   NGINX_TEST     shell command that checks nginx's configuration (nginx -t -q); optional
#   NGINX_RELOAD   shell command that makes nginx read its configuration again
#   ACCESS_LOG_DIR nginx's visit logs, <subdomain>.<YYYY-MM-DD>.log (nginx's group writes,
#                  nobody else reads); optional: without it, visits prints nothing
#   Network confinement (decision 0044):
#   FIREWALL_TABLE name of the nftables table (family inet) holding the site users' rules
#                  (default lagon; the embedded host keys it by its data folder); "off" for none
#   SITE_MAIL_SUBMISSION  IPV4:PORT of the mail host's submission port, the one address the sites'
#                  users may reach past the firewall (their WordPress sends its mail there)
#   SITE_UNIT      systemd template unit of one site's php-fpm master (lagon-php); unset: the
#                  pools share the master FPM_RELOAD reloads (or, embedded, the supervisor's)
#   SITE_MASTER_DIR  where each site's master settings go (default /etc/lagon/fpm)
#   SITE_TASKS_MAX, SITE_MEMORY_MAX, SITE_CPU_QUOTA  each site's slice (128, 768M, 50%)
#   PLUGIN_CACHE_DIR verified plugin archives (default /var/cache/lagon/plugins, root only)
#   SITE_SECCOMP   the seccomp filter (BPF) of the sites' processes, which the helper loads for the
#                  site's PHP it runs (decision 0071); unset: none
#   CORE_COPY_DIR  with SITE_DISK_MB, a root-only folder on the sites' mount (SITES_ROOT/.core-copies,
#                  left by the scratch cleanup) where the helper keeps its copy of CORE_DIR, whose
#                  files the sites' folders hard-link (core_files)
#   SITE_DISK_MB   each site's disk allowance in MiB (decision 0071): SITES_ROOT and SITE_TMP_ROOT
#                  are on one btrfs with quotas enabled, and what a site writes (its wp-content and
#                  its temp folders, each a subvolume) counts in its qgroup 1/<uid>; unset: none
#   SITE_CGROUP_DIR  without SITE_UNIT, the folder of the sites' cgroups (one folder per site) where
#                  the embedded supervisor runs each master: the helper runs a site's PHP there too
#   SFTP (decision 0059; sftp and site-mode):
#   SFTP_DIR       root's: chroots/<user> (a link to the site's folder, sshd's ChrootDirectory),
#                  keys/<user> (sshd's AuthorizedKeysFile), plain/<sub> (nginx serves wp-content/www)
#   SFTP_GROUP     the group sshd lets in (default lagon-sftp)
set -euo pipefail
umask 027
export LC_ALL=C

conf=${SITE_HOST_CONF:-/etc/lagon/site-host.conf}
if [ -f "$conf" ]; then
  # shellcheck source=/dev/null
  . "$conf"
fi
: "${SITES_ROOT:?}" "${SITE_TMP_ROOT:?}" "${CORE_DIR:?}" "${POOL_DIR:?}" "${SOCKET_DIR:?}" "${FPM_RELOAD:?}"
: "${SUSPENDED_DIR:?}"
WEB_GROUP=${WEB_GROUP:-www-data}
PHP=${PHP:-php}
HELPER_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# Every PHP program the helper runs: its own files beside it, never inline code.
PHP_PROGRAMS=(apply-kit.php copy-database.php install-site.php switch-site-url.php upgrade-database.php versions.php)
# Copied into every new site's wp-content: the French supplement (mu-plugin and translations).
SITE_FILES="$HELPER_DIR/site-files"
LOCK="$SOCKET_DIR/.site-host.lock"
SITE_EXISTS=17
# A shell is not bound by open_basedir: customer PHP may not start processes. mail() and
# mb_send_mail() run `sh -c sendmail`, imap_open() can run rsh, and putenv() would hand that shell an
# LD_PRELOAD of the site's own; error_log() to an address goes through sendmail_path, a program
# that does nothing.
DISABLED_FUNCTIONS=exec,passthru,shell_exec,system,proc_open,popen,pcntl_exec,pcntl_fork,dl,putenv,mail,mb_send_mail,imap_open,imap_reopen,imap_mail
SENDMAIL_PATH=/bin/false

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
  mkdir -p "$SITES_ROOT" "$SITE_TMP_ROOT" "$POOL_DIR" "$SOCKET_DIR" "$SUSPENDED_DIR"
  # Others may cross these folders to their own site, never list them; nginx only tests
  # whether a site's file is in SUSPENDED_DIR.
  chmod 711 "$SITES_ROOT" "$SITE_TMP_ROOT" "$SUSPENDED_DIR"
  chown "root:$WEB_GROUP" "$SOCKET_DIR"
  chmod 750 "$SOCKET_DIR"
  # nginx's workers create the day's file of a site; they may not list the folder, sites never reach it.
  if [ -n "${ACCESS_LOG_DIR:-}" ]; then
    mkdir -p "$ACCESS_LOG_DIR"
    chown "root:$WEB_GROUP" "$ACCESS_LOG_DIR"
    chmod 730 "$ACCESS_LOG_DIR"
  fi
}

# Every change to the machine's accounts (useradd, userdel, gpasswd…) takes one root-only lock,
# shared with the product (server/src/lib/system-accounts.ts): two at once fail at once ("cannot
# lock /etc/passwd; try again later"), as when two sites are made side by side. A lock held by a
# program that does not take ours (apt adding a user) is waited for. `accounts --input TEXT cmd…`
# gives TEXT as the command's input at each try (a password for chpasswd, never in argv).
accounts() {
  local attempt err code input=""
  if [ "$1" = --input ]; then
    input=$2
    shift 2
  fi
  for attempt in $(seq 50); do
    code=0
    err=$(flock /run/lagon-accounts.lock "$@" 2>&1 >/dev/null <<<"$input") || code=$?
    if [ "$code" = 0 ]; then return 0; fi
    case $err in
    *"cannot lock"* | *"try again later"*) [ "$attempt" = 50 ] || { sleep 0.1; continue; } ;;
    esac
    [ -z "$err" ] || printf '%s\n' "$err" >&2
    return "$code"
  done
}

ensure_user() {
  local sub=$1 user
  user=$(site_user "$sub")
  if ! id -u "$user" >/dev/null 2>&1; then
    accounts useradd --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin --user-group \
      --comment "lagon site $SITES_ROOT/$sub" "$user"
  fi
  firewall_add_user "$user"
}

# Runs a command as the site's user, with nothing of ours in its environment.
as_site() {
  local user=$1
  shift
  runuser -u "$user" -- env -i PATH=/usr/bin:/bin HOME=/nonexistent "$@"
}

# Runs one of the helper's PHP programs as the site's user, with its pool's confinement, in the
# folder $2 (the site, or its next version): `site_php SUB DIR PROGRAM ARGS...`.
site_php() {
  local sub=$1 dir=$2 program=$3
  shift 3
  php_as_site "$sub" "$dir" "$SITE_TMP_ROOT/$sub/helper/$program" "$@"
}

# PHP as the site's user in the folder $2, with its pool's settings, inside its master's
# confinement: `php_as_site SUB DIR SCRIPT ARGS...`.
php_as_site() {
  local sub=$1 dir=$2 user private="$SITE_TMP_ROOT/$1"
  shift 2
  user=$(site_user "$sub")
  # Root's timeout ends the run (its process group: runuser and PHP) past PHP_TIME_LIMIT seconds.
  in_site_confinement "$sub" "$dir" timeout --kill-after=10 "${PHP_TIME_LIMIT:-240}" \
    runuser -u "$user" -- env -i PATH=/usr/bin:/bin HOME=/nonexistent \
    "$PHP" -d open_basedir="$dir/:$private/" -d sys_temp_dir="$private/tmp" \
    -d disable_functions="$DISABLED_FUNCTIONS" -d sendmail_path="$SENDMAIL_PATH" "$@"
}

# Runs a command in the folder $2 within the confinement of the site's php-fpm master (decision
# 0044): its cgroups (processes, memory, CPU), then its PID, IPC and mount namespaces (its own
# /tmp, a /proc of its own processes). A host that confines no master (neither SITE_UNIT nor
# SITE_CGROUP_DIR) runs it as it is; a confined site whose master is not running runs nothing.
in_site_confinement() {
  local sub=$1 dir=$2 pid filter=()
  shift 2
  # The seccomp filter of the site's processes (SITE_SECCOMP, decision 0071: no subvolume,
  # snapshot nor project ID of its own), loaded by bubblewrap as for the site's master: nsenter
  # carries no filter. bubblewrap reads it from descriptor 9.
  if [ -n "${SITE_SECCOMP:-}" ]; then
    [ -f "$SITE_SECCOMP" ] || fail "no seccomp filter at $SITE_SECCOMP"
    filter=(/usr/bin/bwrap --dev-bind / / --seccomp 9 --)
  fi
  if [ -z "${SITE_UNIT:-}" ] && [ -z "${SITE_CGROUP_DIR:-}" ]; then
    (cd "$dir" && exec "${filter[@]}" "$@" 9<"${SITE_SECCOMP:-/dev/null}")
    return
  fi
  pid=$(site_master_pid "$sub") || true
  if [ -z "$pid" ]; then
    echo "site-host: the php-fpm master of $sub is not running" >&2
    return 1
  fi
  # Explicit checks: errexit does not hold where a caller tests the result (cron's ||).
  (
    join_cgroups_of "$pid" || exit 1
    # The folder is entered within the mount namespace (nsenter's --wd opens it outside).
    exec nsenter --target "$pid" --pid --mount --ipc -- env --chdir="$dir" "${filter[@]}" "$@" \
      9<"${SITE_SECCOMP:-/dev/null}"
  )
}

# The site's php-fpm master: its unit's main process (SITE_UNIT), or the process of the site's
# cgroup in SITE_CGROUP_DIR (the embedded supervisor's, site-masters.ts) that calls itself the
# master. Only root's: a worker (the site's user) may name itself so, and its namespaces are the
# site's to make.
site_master_pid() {
  local sub=$1 pid procs
  if [ -n "${SITE_UNIT:-}" ]; then
    pid=$(systemctl show --property MainPID --value "$SITE_UNIT@$(site_instance "$sub").service")
    [ -n "$pid" ] && [ "$pid" != 0 ] && [ "$(stat -c %u "/proc/$pid")" = 0 ] || return 1
    printf '%s' "$pid"
    return
  fi
  procs="$SITE_CGROUP_DIR/$sub/cgroup.procs"
  [ -f "$procs" ] || return 1
  while read -r pid; do
    if [ "$(stat -c %u "/proc/$pid" 2>/dev/null)" = 0 ] &&
      [[ "$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)" == "php-fpm: master "* ]]; then
      printf '%s' "$pid"
      return
    fi
  done <"$procs"
  return 1
}

# The calling shell joins every cgroup of the process $1 but the roots (cgroup v1 hierarchies by
# their controllers' folder, v2 where it is mounted).
join_cgroups_of() {
  local controllers cgroup unified=/sys/fs/cgroup
  [ -f "$unified/cgroup.controllers" ] || unified=/sys/fs/cgroup/unified
  while IFS=: read -r _ controllers cgroup; do
    [ "$cgroup" != / ] || continue
    if [ -z "$controllers" ]; then
      echo "$BASHPID" >"$unified$cgroup/cgroup.procs" || return 1
    else
      echo "$BASHPID" >"/sys/fs/cgroup/${controllers#name=}$cgroup/cgroup.procs" || return 1
    fi
  done <"/proc/$1/cgroup"
}

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

# The site's temp and session folders, private to its user, in a folder of root's that the
# site's user may cross but not change: created once, never chowned nor chmodded again. Beside
# them, root's copy of the helper's PHP programs, which the site's user runs (open_basedir lets
# it read nothing outside its own folders). A folder made by an older version (the site's own)
# is taken back first; its parent is root's, so nothing can swap it meanwhile.
ensure_private_dirs() {
  local sub=$1 user=$2 dir="$SITE_TMP_ROOT/$1" name program
  if [ ! -d "$dir" ]; then
    new_counted_folder "$sub" "$dir"
    chown -h "root:$user" "$dir"
    chmod 00750 "$dir"
  elif [ "$(stat -c %u:%G:%a "$dir")" != "0:$user:750" ]; then
    chown -h "root:$user" "$dir"
    chmod 00750 "$dir"
  fi
  # From here on, no entry of $dir changes but by root.
  for name in tmp sessions; do
    if [ -L "$dir/$name" ] || { [ -e "$dir/$name" ] && [ ! -d "$dir/$name" ]; }; then rm -f "$dir/$name"; fi
    [ -d "$dir/$name" ] || install -d -o "$user" -g "$user" -m 700 "$dir/$name"
  done
  if [ -L "$dir/helper" ] || [ "$(stat -c %u "$dir/helper" 2>/dev/null || echo 0)" != 0 ]; then
    rm -rf "$dir/helper"
  fi
  [ -d "$dir/helper" ] || install -d -o root -g root -m 755 "$dir/helper"
  for program in "${PHP_PROGRAMS[@]}"; do
    if ! cmp -s "$HELPER_DIR/$program" "$dir/helper/$program"; then
      install -o root -g root -m 644 "$HELPER_DIR/$program" "$dir/helper/.$program.part"
      mv -f "$dir/helper/.$program.part" "$dir/helper/$program"
    fi
  done
}

# A site's folder (decision 0043): root's and nginx's, which the site's user may cross but not
# change, so that it can never swap wp-config.php or wp-content for a link. Core files are root's,
# wp-config.php is root's and readable by the site's user only, wp-content is the site's.
hand_over_site_folder() {
  chown -h "root:$WEB_GROUP" "$1"
  chmod 00751 "$1"
}

# A fresh site folder: root's only until hand_over_site_folder opens it.
new_site_folder() {
  mkdir -m 700 "$1"
}

# Gives a wp-content built by root in a folder nobody else can reach yet ($1/.., mode 700) to the
# site's user, with nginx's group; folders WordPress makes later (uploads/2026/11) inherit that
# group from their setgid parent.
give_staged_wp_content() {
  local content=$1 user=$2
  [ "$(stat -c %u:%a "$(dirname "$content")")" = 0:700 ] || fail "$content is not in a root-only folder"
  chown -R -h "$user:$WEB_GROUP" "$content"
  chmod -R g+rX,o-rwx "$content"
  find "$content" -type d -exec chmod g+s {} +
}

# An empty wp-content $3 of the site $1 (user $2) in a folder still root's only, counted in its quota.
new_site_content() {
  new_counted_folder "$1" "$3"
  chown -h "$2:$WEB_GROUP" "$3"
  chmod 02750 "$3"
}

# Root's wp-config.php of the folder $2 from the file $1 (made by mktemp in that folder).
install_config() {
  local part=$1 dir=$2 user=$3
  [ -s "$part" ] || fail "empty wp-config.php for $dir"
  chown -h "root:$user" "$part"
  chmod 640 "$part"
  mv -T "$part" "$dir/wp-config.php"
}

# Copies the tree $2 into the folder $3 as the site's user ($1): links stay links, and a link to
# elsewhere reaches nothing that user could not read already. Folders are made by mkdir alone and
# files without their modes, so that they keep the setgid nginx group of wp-content (the site's
# user is not in that group: any chmod of its own would drop the bit).
copy_as_site() {
  # A file that vanishes while it is copied (a cache renamed, a temporary file gone: the site
  # runs meanwhile) is no failure; any other error is.
  # shellcheck disable=SC2016 # the inner shell expands its own arguments
  as_site "$1" bash -c 'set -e
    cd -- "$1"
    find . -mindepth 1 -type d -print0 | (cd -- "$2" && xargs -0r mkdir -p --)
    if errors=$(cp -R --no-preserve=mode,ownership --preserve=timestamps,links . "$2/" 2>&1); then exit 0; fi
    if printf "%s\n" "$errors" | grep -qvE "^cp: cannot (stat|open|access) .*: No such file or directory$"; then
      printf "%s\n" "$errors" >&2
      exit 1
    fi' copy "$2" "$3"
}

# A site folder made by an older version was its user's: it becomes root's (its parent is
# root's: nothing can swap it meanwhile), then, as no entry of it can change any more,
# wp-config.php is replaced by root's copy of what the site's user reads in it. Nothing the site
# owned is chowned or chmodded; what it left beside the core stays, unused by the helper.
migrate_site() {
  local sub=$1 user=$2 dir="$SITES_ROOT/$1" part
  if [ ! -d "$dir" ] || [ -L "$dir" ] || [ "$(stat -c %u "$dir")" = 0 ]; then return 0; fi
  hand_over_site_folder "$dir"
  if [ -L "$dir/wp-content" ] || [ ! -d "$dir/wp-content" ]; then
    echo "site-host: $sub: wp-content is not a folder" >&2
  fi
  part=$(mktemp "$dir/.wp-config.XXXXXX")
  if as_site "$user" cat "$dir/wp-config.php" >"$part" && [ -s "$part" ]; then
    install_config "$part" "$dir" "$user"
  else
    rm -f "$part"
    echo "site-host: $sub: no readable wp-config.php" >&2
  fi
}

# Root reads a site's wp-config.php only when it is root's own file (a folder taken back from the
# older layout keeps the site's, link or not, when its user could not read it).
root_config() {
  local file="$SITES_ROOT/$1/wp-config.php"
  if [ ! -f "$file" ] || [ -L "$file" ] || [ "$(stat -c %u "$file")" != 0 ]; then
    fail "the site $1 has no wp-config.php of root's"
  fi
}

# The site exists in the layout this version makes (an update, a backup, a move).
site_in_layout() {
  local sub=$1 user
  user=$(site_user "$sub")
  [ "$(stat -c %u "$SITES_ROOT/$sub")" = 0 ] || locked migrate_site "$sub" "$user"
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
  mv "$file.part" "$file"
  rm -f "$SOCKET_DIR/$sub.sock"
  echo changed
}

# The settings that are commands (FPM_RELOAD, NGINX_TEST, NGINX_RELOAD) run in a shell of their
# own, never evaluated in the helper's.
run_setting() {
  bash -c "$1"
}

reload_fpm() {
  run_setting "$FPM_RELOAD"
}

# Up to 30 s: a master's start on a loaded machine takes seconds.
wait_for_socket() {
  local socket="$SOCKET_DIR/$1.sock"
  for _ in $(seq 600); do
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
    site_master_up "$sub" changed
  else
    site_master_up "$sub"
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
  site_master_down "$sub"
  rm -f "$SOCKET_DIR/$sub.sock"
  if id -u "$user" >/dev/null 2>&1; then
    pkill -KILL -u "$user" || true
    firewall_remove_user "$user"
    accounts userdel -f "$user" 2>/dev/null || accounts userdel "$user"
  fi
}

random_suffix() {
  od -An -N6 -tx1 /dev/urandom | tr -d ' \n'
}

cmd_check() {
  command -v "$PHP" >/dev/null || fail "no $PHP on the host"
  [ -f "$CORE_DIR/wp-settings.php" ] || fail "no WordPress core in $CORE_DIR"
  local program files
  for program in "${PHP_PROGRAMS[@]}"; do
    [ -f "$HELPER_DIR/$program" ] || fail "no $program beside site-host.sh"
  done
  [ -d "$SITE_FILES" ] || fail "no site-files folder beside site-host.sh"
  getent group "$WEB_GROUP" >/dev/null || fail "no group $WEB_GROUP"
  prepare_roots
  # The version the product compares with its own copy of this script, its PHP programs (in
  # the order of their names) and the files given to sites (in the order of their paths).
  mapfile -t files < <(cd "$SITE_FILES" && find . -type f | sed 's|^\./||' | sort)
  (cd "$HELPER_DIR" && cat "${BASH_SOURCE[0]}" "${PHP_PROGRAMS[@]}" && cd "$SITE_FILES" && cat -- "${files[@]}") |
    sha256sum | cut -c1-16
}

cmd_status() {
  valid_subdomain "$1"
  if [ -f "$SITES_ROOT/$1/wp-config.php" ]; then echo installed; else echo absent; fi
}

cmd_install() {
  local sub=$1 mode=${2:-} input user out part core
  valid_subdomain "$sub"
  [ "$mode" = --replace ] || [ ! -e "$SITES_ROOT/$sub" ] || exit $SITE_EXISTS
  [ -f "$CORE_DIR/wp-settings.php" ] || fail "no WordPress core in $CORE_DIR"
  input=$(cat)
  prepare_roots
  locked ensure_user "$sub"
  user=$(site_user "$sub")
  # A new site (not a reinstall) starts without SFTP, whatever a user of that name had.
  if [ "$mode" != --replace ]; then locked sftp_reset "$sub" "$user"; fi
  ensure_private_dirs "$sub" "$user"
  # The site's master first: the installer's PHP runs within its confinement.
  locked ensure_site_runtime "$sub"

  # Global: the exit trap removes it whatever happens.
  fresh="$SITES_ROOT/.$sub.new-$(random_suffix)"
  trap 'rm -rf "$fresh"' EXIT
  # The template's wp-content and the French supplement become the site's while only root can
  # reach them; then the folder opens and the site's user installs WordPress in it.
  new_site_folder "$fresh"
  core=$(core_files)
  link_core_files "$fresh" "$core"
  new_counted_folder "$sub" "$fresh/wp-content"
  cp -R "$core/wp-content/." "$fresh/wp-content/"
  cp -R "$SITE_FILES/." "$fresh/wp-content/"
  give_staged_wp_content "$fresh/wp-content" "$user"
  hand_over_site_folder "$fresh"
  part=$(mktemp "$fresh/.wp-config.XXXXXX")
  printf '%s' "$input" | site_php "$sub" "$fresh" install-site.php config "$fresh" >"$part"
  install_config "$part" "$fresh" "$user"
  out=$(printf '%s' "$input" | site_php "$sub" "$fresh" install-site.php install "$fresh")

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

# The folder whose core files a new site folder gets: CORE_DIR, or, with CORE_COPY_DIR (a root-only
# folder on the sites' mount, decision 0071), root's copy of CORE_DIR there, made again when a
# file of CORE_DIR changed, which the sites' folders hard-link as they did CORE_DIR (the sites'
# folders are on their own file system then); nothing of it counts in their quota. Each version has its own folder, never changed once made
# (a concurrent install may be copying from the one before); sync drops the others.
core_files() {
  local stamp copy part
  if [ -z "${CORE_COPY_DIR:-}" ]; then
    printf '%s' "$CORE_DIR"
    return
  fi
  stamp=$(cd "$CORE_DIR" && find . -printf '%p %s %T@\n' | sort | sha256sum | cut -c1-16)
  copy="$CORE_COPY_DIR/core-$stamp"
  if [ ! -d "$copy" ]; then
    install -d -o root -g root -m 700 "$CORE_COPY_DIR"
    part="$CORE_COPY_DIR/.part-$(random_suffix)"
    cp -a "$CORE_DIR/." "$part"
    # Another run made it meanwhile: its copy is the same.
    mv -T "$part" "$copy" 2>/dev/null || rm -rf "$part"
  fi
  printf '%s' "$copy"
}

# The core files of $2 (everything but wp-content and wp-config.php) into the new folder $1: hard
# links on the same file system (never written in place: updates come with a new template),
# copies across. From a site's folder ($3 = root-only; the folder is root's, its entries cannot
# change), only root's entries.
link_core_files() {
  local fresh=$1 src=$2 how=-a owner=()
  # Hard links within one mount (a bind mount of the same file system refuses them); else copies,
  # which btrfs makes as reflinks when it holds both (coreutils' cp shares extents where it can).
  if [ "$(stat -c %m "$src")" = "$(stat -c %m "$SITES_ROOT")" ]; then how=-al; fi
  if [ "${3:-}" = root-only ]; then owner=(-user root); fi
  find "$src" -mindepth 1 -maxdepth 1 ! -name wp-content ! -name wp-config.php "${owner[@]}" \
    -exec cp "$how" {} "$fresh/" \;
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
  rm -f "$SUSPENDED_DIR/$sub"
  sftp_forget "$sub"
  if [ -n "${ACCESS_LOG_DIR:-}" ]; then rm -f "$ACCESS_LOG_DIR/$sub".*.log; fi
}

# --- Visit logs (decision 0051) ----------------------------------------------------------------
VISIT_DAY_RE='^[0-9]{4}-[0-9]{2}-[0-9]{2}$'

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

# A file nginx looks for: root's, in a folder the sites cannot write to.
cmd_suspend() {
  valid_subdomain "$1"
  prepare_roots
  : >"$SUSPENDED_DIR/$1"
  chmod 644 "$SUSPENDED_DIR/$1"
}

cmd_unsuspend() {
  valid_subdomain "$1"
  rm -f "$SUSPENDED_DIR/$1"
}

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
    find "$SITES_ROOT" -mindepth 1 -maxdepth 1 -name '.*' ! -path "${CORE_COPY_DIR:-/nonexistent}" -exec rm -rf {} +
  else
    find "$SITES_ROOT" -mindepth 1 -maxdepth 1 -name '.*' ! -path "${CORE_COPY_DIR:-/nonexistent}" \
      -mmin "+${SCRATCH_MAX_AGE_MIN:-60}" -exec rm -rf {} +
  fi
  getent passwd | while IFS=: read -r name _ _ _ comment _; do
    if [[ $comment == "lagon site "* ]] && [ ! -d "$(dirname "${comment#lagon site }")" ]; then
      pkill -KILL -u "$name" || true
      accounts userdel -f "$name" 2>/dev/null || true
    fi
  done
  # SFTP groups of embedded hosts (lagon_<hash>_sftp) left without members: recreated when needed.
  getent group | while IFS=: read -r name _ _ members; do
    if [[ $name =~ ^lagon_[0-9a-f]+_sftp$ && -z $members && $name != "${SFTP_GROUP:-}" ]]; then
      accounts groupdel "$name" 2>/dev/null || true
    fi
  done
  if [ -n "$changed" ] && [ "${SYNC_RELOAD:-1}" = 1 ]; then reload_fpm || true; fi
}

# Runs every site's scheduled tasks (WordPress cannot call itself), or only those of SUB, each as
# its own user within its master's confinement. The product runs it every 5 minutes.
cmd_cron() {
  local only=${1:-} dir sub
  if [ -n "$only" ]; then valid_subdomain "$only"; fi
  for dir in "$SITES_ROOT"/*/; do
    sub=$(basename "$dir")
    if [[ ! $sub =~ ^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$ ]] || [ ! -f "$dir/wp-config.php" ]; then continue; fi
    if [ -n "$only" ] && [ "$sub" != "$only" ]; then continue; fi
    # A site whose tasks never end would hold up every other site's.
    PHP_TIME_LIMIT=60 php_as_site "$sub" "${dir%/}" wp-cron.php >/dev/null 2>&1 ||
      echo "site-host: scheduled tasks of $sub failed" >&2
  done
}

cmd_sync() {
  local current
  prepare_roots
  if [ -n "${CORE_COPY_DIR:-}" ]; then
    current=$(core_files)
    find "$CORE_COPY_DIR" -mindepth 1 -maxdepth 1 ! -path "$current" -exec rm -rf {} +
  fi
  locked sync_all
  sync_domains
  locked firewall_up
  locked site_masters_sync
}

# --- One php-fpm master per site under systemd (production; decision 0044) ---------------------
# With SITE_UNIT set (lagon-php, see docs/operations/wordpress-host.md), every site's pool is
# served by its own master, the instance SITE_UNIT@<sub> of a template unit, in the slice
# lagon-site-<sub>.slice that carries its limits (processes, memory, CPU): the unit gives it a
# private /tmp and a /proc without other users' processes. The embedded host has no systemd: its
# supervisor does the same with cgroups and bubblewrap (site-masters.ts) and sets no SITE_UNIT.

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

# --- Network confinement (decision 0044) ----------------------------------------------------
# Customer code may be native: whatever a site's user sends to loopback, a private network or
# one of this host's own addresses is refused (TCP with a reset, the rest with an ICMP error),
# so a site reaches neither the product's API, the database, other sites through nginx, nor
# anything on the host's networks. The internet stays reachable, and so does the resolver named
# in /etc/resolv.conf (on port 53 only). The rule matches the sending socket's owner: a site's
# own listener answers nobody on loopback either (its replies are refused the same way).
# nginx reaches php-fpm over unix sockets, which no rule here touches.

firewall_table() {
  local table=${FIREWALL_TABLE:-lagon}
  [ "$table" != off ] || return 1
  [[ $table =~ ^[a-z][a-z0-9_]{0,30}$ ]] || fail "invalid FIREWALL_TABLE: $table"
  printf '%s' "$table"
}

# The resolvers' addresses for family $1 (ip or ip6), as "a, b, ".
firewall_resolvers() {
  local family=$1 key address
  [ -f /etc/resolv.conf ] || return 0
  while read -r key address _; do
    [ "$key" = nameserver ] || continue
    if [ "$family" = ip6 ] && [[ $address =~ ^[0-9a-fA-F:]+$ ]]; then printf '%s, ' "$address"; fi
    if [ "$family" = ip ] && [[ $address =~ ^[0-9.]+$ ]]; then printf '%s, ' "$address"; fi
  done </etc/resolv.conf
}

# The uids of every site user of this sites root, as "a, b, ".
firewall_site_uids() {
  getent passwd | while IFS=: read -r _ _ uid _ comment _; do
    if [[ $comment == "lagon site $SITES_ROOT/"* ]]; then printf '%s, ' "$uid"; fi
  done
}

firewall_rules() {
  local table=$1 v4 v6 uids
  v4=$(firewall_resolvers ip)
  v6=$(firewall_resolvers ip6)
  uids=$(firewall_site_uids)
  # The sites root in the comment: a table whose sites root is gone is a leftover (firewall_up).
  printf 'table inet %s {\n  comment "lagon sites %s"\n  set site_uids {\n    type uid\n' "$table" "$SITES_ROOT"
  if [ -n "$uids" ]; then printf '    elements = { %s }\n' "${uids%, }"; fi
  printf '  }\n  chain output {\n    type filter hook output priority 0; policy accept;\n'
  printf '    meta skuid @site_uids jump site\n  }\n  chain site {\n'
  if [ -n "$v4" ]; then printf '    meta l4proto { tcp, udp } th dport 53 ip daddr { %s } accept\n' "${v4%, }"; fi
  if [ -n "$v6" ]; then printf '    meta l4proto { tcp, udp } th dport 53 ip6 daddr { %s } accept\n' "${v6%, }"; fi
  # The mail host's submission port (authenticated, its own limits): how WordPress sends its mail.
  if [ -n "${SITE_MAIL_SUBMISSION:-}" ]; then
    [[ $SITE_MAIL_SUBMISSION =~ ^([0-9]{1,3}(\.[0-9]{1,3}){3}):([0-9]{1,5})$ ]] ||
      fail "invalid SITE_MAIL_SUBMISSION: $SITE_MAIL_SUBMISSION"
    printf '    ip daddr %s tcp dport %s accept\n' "${BASH_REMATCH[1]}" "${BASH_REMATCH[3]}"
  fi
  cat <<'RULES'
    fib daddr type local jump refuse
    ip daddr { 127.0.0.0/8, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 169.254.0.0/16, 100.64.0.0/10 } jump refuse
    ip6 daddr { ::1, ::ffff:0:0/96, fc00::/7, fe80::/10 } jump refuse
  }
  chain refuse {
    meta l4proto tcp reject with tcp reset
    reject
  }
}
RULES
}

# Replaces the table in one transaction (never a moment without rules), every site user in it.
firewall_up() {
  local table
  table=$(firewall_table) || return 0
  command -v nft >/dev/null || fail "no nft on the host (Debian package nftables)"
  { printf 'table inet %s {}\ndelete table inet %s\n' "$table" "$table" && firewall_rules "$table"; } |
    nft -f - || fail "nftables refused the table $table"
  firewall_drop_leftovers "$table"
}

# Tables of sites roots that no longer exist (a product killed, then its data folder removed):
# their uids may be given to new users, who would find loopback closed.
firewall_drop_leftovers() {
  local ours=$1 name root
  nft list tables inet | while read -r _ _ name; do
    [[ $name == lagon* && $name != "$ours" ]] || continue
    root=$(nft list table inet "$name" | sed -n 's/^[[:space:]]*comment "lagon sites \(.*\)"$/\1/p')
    if [ -n "$root" ] && [ ! -d "$root" ]; then nft delete table inet "$name" || true; fi
  done
}

firewall_down() {
  local table
  table=$(firewall_table) || return 0
  command -v nft >/dev/null || return 0
  nft delete table inet "$table" 2>/dev/null || true
}

# A new site user is in the set before its pool serves anything; before the first firewall-up,
# the set is filled from the users then.
firewall_add_user() {
  local table
  table=$(firewall_table) || return 0
  if command -v nft >/dev/null && nft list set inet "$table" site_uids >/dev/null 2>&1; then
    nft add element inet "$table" site_uids "{ $(id -u "$1") }"
  fi
}

firewall_remove_user() {
  local table
  table=$(firewall_table) || return 0
  command -v nft >/dev/null || return 0
  nft delete element inet "$table" site_uids "{ $(id -u "$1") }" 2>/dev/null || true
}

# --- Custom domains -------------------------------------------------------------------------

DOMAIN_RE='^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{2,59})$'

valid_domain() {
  if [[ ! $1 =~ $DOMAIN_RE ]] || [ ${#1} -gt 253 ]; then fail "invalid domain: $1"; fi
}

domain_settings() {
  : "${DOMAINS_DIR:?}" "${ACME_DIR:?}" "${SITE_SNIPPET:?}" "${DOMAIN_HTTP_LISTEN:?}" "${DOMAIN_HTTPS_LISTEN:?}" "${NGINX_RELOAD:?}"
  mkdir -p "$DOMAINS_DIR" "$ACME_DIR"
  chmod 700 "$DOMAINS_DIR"
  chmod 755 "$ACME_DIR"
}

valid_token() {
  [[ $1 =~ ^[A-Za-z0-9_-]{16,128}$ ]] || fail "invalid ACME token"
}

cmd_acme_put() {
  local token=$1
  valid_token "$token"
  domain_settings
  head -c 1024 >"$ACME_DIR/.$token.part"
  chmod 644 "$ACME_DIR/.$token.part"
  mv "$ACME_DIR/.$token.part" "$ACME_DIR/$token"
}

cmd_acme_remove() {
  valid_token "$1"
  domain_settings
  rm -f "$ACME_DIR/$1"
}

# One `listen` line per value; a comma stands for a space ("443,ssl").
listen_lines() {
  local value
  for value in $1; do printf '  listen %s;\n' "${value//,/ }"; done
}

# nginx's files for one domain, from what domain-install recorded (sync writes them again, so a
# change of ports reaches every domain).
write_domain_conf() {
  local domain=$1 dir="$DOMAINS_DIR/$1" sub url site_host hostport port
  { read -r sub && read -r url && read -r site_host; } <"$dir/site"
  hostport=${url#https://}
  port=443
  if [[ $hostport == *:* ]]; then port=${hostport##*:}; fi
  cat >"$DOMAINS_DIR/.$domain.conf.part" <<EOF
# Written by site-host.sh: $domain is the site $sub; www.$domain and http:// redirect to $url.
server {
$(listen_lines "$DOMAIN_HTTP_LISTEN")
  server_name $domain www.$domain;
  location ^~ /.well-known/acme-challenge/ {
    alias $ACME_DIR/;
    default_type text/plain;
  }
  location / {
    return 301 $url\$request_uri;
  }
}
server {
$(listen_lines "$DOMAIN_HTTPS_LISTEN")
  server_name www.$domain;
  ssl_certificate $dir/fullchain.pem;
  ssl_certificate_key $dir/privkey.pem;
  return 301 $url\$request_uri;
}
server {
$(listen_lines "$DOMAIN_HTTPS_LISTEN")
  server_name $domain;
  ssl_certificate $dir/fullchain.pem;
  ssl_certificate_key $dir/privkey.pem;
  set \$subdomain $sub;
  set \$lagon_scheme https;
  set \$lagon_https on;
  set \$lagon_port $port;
  set \$lagon_host $hostport;
  include $SITE_SNIPPET;
}
EOF
  printf '%s %s;\n' "$site_host" "$url" >"$DOMAINS_DIR/.$domain.map.part"
  mv "$DOMAINS_DIR/.$domain.conf.part" "$DOMAINS_DIR/$domain.conf"
  mv "$DOMAINS_DIR/.$domain.map.part" "$DOMAINS_DIR/$domain.map"
}

# Checks nginx's configuration with the domain's files and reloads it, or takes them back out.
apply_nginx() {
  local domain=$1 out
  if [ -n "${NGINX_TEST:-}" ] && ! out=$(run_setting "$NGINX_TEST" 2>&1); then
    rm -f "$DOMAINS_DIR/$domain.conf" "$DOMAINS_DIR/$domain.map"
    fail "nginx refuses the configuration of $domain: $out"
  fi
  run_setting "$NGINX_RELOAD"
}

cmd_domain_install() {
  local sub=$1 domain=$2 url=$3 site_host=$4 input dir
  valid_subdomain "$sub"
  valid_domain "$domain"
  [[ $url =~ ^https://([a-z0-9.-]+)(:[0-9]{1,5})?$ && ${BASH_REMATCH[1]} == "$domain" ]] ||
    fail "invalid URL for $domain: $url"
  [[ $site_host == "$sub."* && ${site_host#"$sub".} =~ ^[a-z0-9.-]+$ ]] || fail "invalid site host: $site_host"
  [ -f "$SITES_ROOT/$sub/wp-config.php" ] || fail "no site $sub"
  domain_settings
  input=$(head -c 65536)
  dir="$DOMAINS_DIR/$domain"
  mkdir -p "$dir"
  chmod 700 "$dir"
  # The chain first, then the key: everything from the key's BEGIN line on is the key.
  printf '%s\n' "$input" | sed -n '/-----BEGIN [A-Z ]*PRIVATE KEY-----/,$p' >"$dir/.privkey.part"
  printf '%s\n' "$input" | sed '/-----BEGIN [A-Z ]*PRIVATE KEY-----/,$d' >"$dir/.fullchain.part"
  grep -q 'BEGIN CERTIFICATE' "$dir/.fullchain.part" || fail "no certificate on stdin"
  grep -q 'PRIVATE KEY' "$dir/.privkey.part" || fail "no private key on stdin"
  chmod 600 "$dir/.privkey.part" "$dir/.fullchain.part"
  mv "$dir/.fullchain.part" "$dir/fullchain.pem"
  mv "$dir/.privkey.part" "$dir/privkey.pem"
  printf '%s\n%s\n%s\n' "$sub" "$url" "$site_host" >"$dir/site"
  write_domain_conf "$domain"
  apply_nginx "$domain"
}

cmd_domain_remove() {
  local domain=$1
  valid_domain "$domain"
  domain_settings
  rm -f "$DOMAINS_DIR/$domain.conf" "$DOMAINS_DIR/$domain.map"
  rm -rf "${DOMAINS_DIR:?}/$domain"
  run_setting "$NGINX_RELOAD"
}

# At start: every domain's nginx files again, with the current ports (nginx is not running yet).
sync_domains() {
  [ -n "${DOMAINS_DIR:-}" ] || return 0
  domain_settings
  local site domain
  for site in "$DOMAINS_DIR"/*/site; do
    [ -f "$site" ] || continue
    domain=$(basename "$(dirname "$site")")
    [[ $domain =~ $DOMAIN_RE ]] || continue
    write_domain_conf "$domain"
  done
}

# WordPress's home and site URL become URL and links in the content follow. Root rewrites its
# own wp-config.php (WP_HOME, WP_SITEURL; the URL holds nothing sed would read), then
# switch-site-url.php runs as the site's own user, with its pool's confinement.
cmd_site_url() {
  local sub=$1 url=$2 user dir part
  valid_subdomain "$sub"
  [[ $url =~ ^https?://[a-z0-9.-]+(:[0-9]{1,5})?$ ]] || fail "invalid URL: $url"
  dir="$SITES_ROOT/$sub"
  [ -f "$dir/wp-config.php" ] || fail "no site $sub"
  site_in_layout "$sub"
  user=$(site_user "$sub")
  ensure_private_dirs "$sub" "$user"
  root_config "$sub"
  part=$(mktemp "$dir/.wp-config.XXXXXX")
  sed -E "s#^define\('WP_(HOME|SITEURL)', '[^']*'\);\$#define('WP_\1', '$url');#" "$dir/wp-config.php" >"$part"
  if [ "$(grep -cxF -e "define('WP_HOME', '$url');" -e "define('WP_SITEURL', '$url');" "$part")" != 2 ]; then
    rm -f "$part"
    fail "WP_HOME or WP_SITEURL not found in the wp-config.php of $sub"
  fi
  install_config "$part" "$dir" "$user"
  site_php "$sub" "$dir" switch-site-url.php "$dir" "$url"
}

# ---------------------------------------------------------------------------------------------
# Backups (decision 0028): a site as a tar archive on stdout, and a site replaced by one read on
# stdin. The product pipes them into and out of restic; nothing here knows the repository.
# The archive holds wp-config.php and wp-content, with a consistent copy of the live database;
# the core comes from the template on import.
# ---------------------------------------------------------------------------------------------

SITE_DATABASE=wp-content/database/.ht.sqlite

# A consistent copy of the site's live SQLite database into $2 (a file the site's user may
# write), made by the site's own user with its pool's confinement.
backup_copy_database() {
  site_php "$1" "$SITES_ROOT/$1" copy-database.php "$SITES_ROOT/$1/$SITE_DATABASE" "$2"
}

# The archive is made by the site's user: it reads nothing that user could not read already.
cmd_export() {
  local sub=$1 dir user code=0
  valid_subdomain "$sub"
  dir="$SITES_ROOT/$sub"
  [ -f "$dir/wp-config.php" ] || fail "no site $sub"
  site_in_layout "$sub"
  user=$(site_user "$sub")
  ensure_private_dirs "$sub" "$user"
  # Global: the exit trap removes it whatever happens (its folder is the site's own tmp, whose
  # entry in a root folder cannot change: unlinking a name there follows nothing).
  db_copy="$SITE_TMP_ROOT/$sub/tmp/backup-$(random_suffix).sqlite"
  trap 'rm -f "$db_copy"' EXIT
  backup_copy_database "$sub" "$db_copy"
  # Exit code 1 only says a file changed while it was read (an upload): the archive is sound.
  # No owner in it (import gives everything to the site's user): the same theme file makes the
  # same bytes in every site's archive, which restic stores once.
  # From within the site's folder: its user may cross it, not open it as -C would.
  (cd "$dir" && as_site "$user" tar --create --file=- --sort=name --owner=0 --group=0 --numeric-owner \
    --warning=no-file-changed --exclude="./$SITE_DATABASE" --exclude="./$SITE_DATABASE-*" \
    ./wp-config.php ./wp-content -C "$(dirname "$db_copy")" \
    --transform="s|^$(basename "$db_copy")\$|./$SITE_DATABASE|" "$(basename "$db_copy")") || code=$?
  [ "$code" -le 1 ] || fail "tar failed for $sub ($code)"
}

# `import SUB --previous` (the `rollback` command) takes the core from the folder an update
# left aside (.SUB.previous) instead of the template, and removes that folder once done.
# What the archive holds was written by the site: unpacked as its user, never as root, and only
# the two names a site archive has, into a scratch folder of the new wp-content, from which the
# same user copies it in; root writes wp-config.php from what that user reads in the archive's.
cmd_import() {
  local sub=$1 from=${2:-} user target old core_src only="" scratch part
  valid_subdomain "$sub"
  core_src=$(core_files)
  if [ "$from" = --previous ]; then
    core_src="$SITES_ROOT/.$sub.previous"
    only="root-only"
    [ "$(stat -c %u "$core_src" 2>/dev/null)" = 0 ] || fail "no rollback folder of this version for $sub"
  fi
  [ -f "$core_src/wp-settings.php" ] || fail "no WordPress core in $core_src"
  prepare_roots
  locked ensure_user "$sub"
  user=$(site_user "$sub")
  ensure_private_dirs "$sub" "$user"
  # Global: the exit trap removes it whatever happens.
  restored="$SITES_ROOT/.$sub.restore-$(random_suffix)"
  trap 'rm -rf "$restored"' EXIT
  new_site_folder "$restored"
  link_core_files "$restored" "$core_src" $only
  new_site_content "$sub" "$user" "$restored/wp-content"
  hand_over_site_folder "$restored"
  scratch="$restored/wp-content/.lagon-restore"
  as_site "$user" mkdir "$scratch"
  as_site "$user" tar --extract --file=- --no-same-owner -C "$scratch" ./wp-config.php ./wp-content ||
    fail "the archive of $sub could not be unpacked"
  if ! as_site "$user" test -f "$scratch/wp-config.php" -a ! -L "$scratch/wp-config.php" \
    -a -d "$scratch/wp-content" -a ! -L "$scratch/wp-content" -a -f "$scratch/$SITE_DATABASE"; then
    fail "the archive of $sub is not a site"
  fi
  part=$(mktemp "$restored/.wp-config.XXXXXX")
  as_site "$user" head -c 1048576 "$scratch/wp-config.php" >"$part"
  copy_as_site "$user" "$scratch/wp-content" "$restored/wp-content"
  as_site "$user" rm -rf "$scratch"
  install_config "$part" "$restored" "$user"
  locked ensure_site_runtime "$sub"
  target="$SITES_ROOT/$sub"
  if [ -e "$target" ]; then
    old="$SITES_ROOT/.$sub.old-$(random_suffix)"
    mv -T "$target" "$old"
  fi
  mv -T "$restored" "$target"
  if [ -n "${old:-}" ]; then rm -rf "$old"; fi
  if [ "$from" = --previous ]; then rm -rf "$core_src"; fi
}

# ---------------------------------------------------------------------------------------------
# Updates (docs/operations/maintenance.md): a site brought to the versions of the core template.
# `update` builds the site again beside it (the template's core, the site's wp-content with the
# template's copy of the plugins and themes named, a consistent copy of its database), swaps the
# folders and keeps the old one as .SUB.previous; `rollback` puts a backup back on that old core;
# `update-done` drops it.
# ---------------------------------------------------------------------------------------------

# The template's versions (no SUB), or the site's, read by its own user with its pool's
# confinement (versions.php).
cmd_versions() {
  local sub=${1:-} dir user
  if [ -z "$sub" ]; then
    [ -f "$CORE_DIR/wp-settings.php" ] || fail "no WordPress core in $CORE_DIR"
    "$PHP" -d disable_functions="$DISABLED_FUNCTIONS" -d sendmail_path="$SENDMAIL_PATH" \
      "$HELPER_DIR/versions.php" "$CORE_DIR"
    return
  fi
  valid_subdomain "$sub"
  dir="$SITES_ROOT/$sub"
  [ -f "$dir/wp-config.php" ] || fail "no site $sub"
  user=$(site_user "$sub")
  ensure_private_dirs "$sub" "$user"
  site_php "$sub" "$dir" versions.php "$dir"
}

cmd_update() {
  local sub=$1 item kind slug user dir previous
  shift
  valid_subdomain "$sub"
  dir="$SITES_ROOT/$sub"
  [ -f "$dir/wp-config.php" ] || fail "no site $sub"
  [ -f "$CORE_DIR/wp-settings.php" ] || fail "no WordPress core in $CORE_DIR"
  for item in "$@"; do
    [[ $item =~ ^(plugin|theme)/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$ && $item != *..* ]] || fail "invalid item: $item"
    [ -d "$CORE_DIR/wp-content/${item%%/*}s/${item#*/}" ] || fail "the template has no $item"
  done
  site_in_layout "$sub"
  user=$(site_user "$sub")
  previous="$SITES_ROOT/.$sub.previous"
  ensure_private_dirs "$sub" "$user"
  # A folder left by an earlier update that was never finished: not this update's to roll back to.
  rm -rf "$previous"
  # Globals: the exit trap removes them whatever happens.
  fresh="$SITES_ROOT/.$sub.update-$(random_suffix)"
  parts="$SITES_ROOT/.$sub.parts-$(random_suffix)"
  trap 'rm -rf "$fresh" "$parts"' EXIT
  # What the template gives, copied by root (the sites' users may not reach the template) into a
  # folder only root can reach, then opened to the site's user for reading only.
  mkdir -m 700 "$parts"
  mkdir "$parts/plugins" "$parts/themes"
  for item in "$@"; do
    cp -R "$CORE_DIR/wp-content/${item%%/*}s/${item#*/}" "$parts/${item%%/*}s/"
  done
  if [ -d "$CORE_DIR/wp-content/languages" ]; then cp -R "$CORE_DIR/wp-content/languages" "$parts/"; fi
  # The French supplement comes with the helper, as at install.
  cp -R "$SITE_FILES" "$parts/site-files"
  chgrp -R -h "$user" "$parts"
  chmod -R g+rX,g-w "$parts"

  new_site_folder "$fresh"
  link_core_files "$fresh" "$(core_files)"
  new_site_content "$sub" "$user" "$fresh/wp-content"
  # Root's wp-config.php (the site's folder is root's: that entry cannot change), copied by root.
  root_config "$sub"
  install -o root -g "$user" -m 640 "$dir/wp-config.php" "$fresh/wp-config.php"
  hand_over_site_folder "$fresh"
  # Everything of the site's own is copied by its user, never by root.
  copy_as_site "$user" "$dir/wp-content" "$fresh/wp-content"
  # The live database, copied consistently (what was copied above may be midway through a write).
  as_site "$user" rm -f "$fresh/$SITE_DATABASE" "$fresh/$SITE_DATABASE-wal" "$fresh/$SITE_DATABASE-shm" \
    "$fresh/$SITE_DATABASE-journal"
  as_site "$user" mkdir -p "$fresh/$(dirname "$SITE_DATABASE")"
  db_copy="$SITE_TMP_ROOT/$sub/tmp/update-$(random_suffix).sqlite"
  trap 'rm -rf "$fresh" "$parts"; rm -f "$db_copy"' EXIT
  backup_copy_database "$sub" "$db_copy"
  as_site "$user" mv "$db_copy" "$fresh/$SITE_DATABASE"
  chown -h "root:$user" "$parts"
  chmod 00750 "$parts"
  for item in "$@"; do
    kind=${item%%/*}s
    slug=${item#*/}
    as_site "$user" rm -rf "$fresh/wp-content/$kind/$slug"
    as_site "$user" mkdir -p "$fresh/wp-content/$kind/$slug"
    copy_as_site "$user" "$parts/$kind/$slug" "$fresh/wp-content/$kind/$slug"
  done
  if [ -d "$parts/languages" ]; then
    as_site "$user" mkdir -p "$fresh/wp-content/languages"
    copy_as_site "$user" "$parts/languages" "$fresh/wp-content/languages"
  fi
  copy_as_site "$user" "$parts/site-files" "$fresh/wp-content"
  rm -rf "$parts"
  mv -T "$dir" "$previous"
  mv -T "$fresh" "$dir"
  site_php "$sub" "$dir" upgrade-database.php "$dir" >/dev/null ||
    echo "site-host: the database upgrade of $sub failed" >&2
  cmd_versions "$sub"
}

cmd_update_done() {
  valid_subdomain "$1"
  rm -rf "${SITES_ROOT:?}/.$1.previous"
}

# --- SFTP access and plain sites (Libre, decision 0059) ------------------------------------------
# sshd (the product's own on the embedded host, the host's own in production) lets the group
# SFTP_GROUP in with `ForceCommand internal-sftp`, no shell, no forwarding, chrooted in
# SFTP_DIR/chroots/%u: root's link to the site's folder, which is root's and which the site's
# user may cross but not change (decision 0043). The user writes in wp-content, its own.
# Passwords are kept hashed in /etc/shadow (chpasswd); keys in SFTP_DIR/keys/<user>, root's,
# readable by that user (sshd reads it as the user). Root never opens a path of the site's.

SFTP_KEY_RE='^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|ecdsa-sha2-nistp521|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com) [A-Za-z0-9+/]+={0,3}( [A-Za-z0-9@._+-]{1,100})?$'

sftp_settings() {
  : "${SFTP_DIR:?SFTP is not set up on this host (SFTP_DIR)}"
  SFTP_GROUP=${SFTP_GROUP:-lagon-sftp}
  mkdir -p "$SFTP_DIR/chroots" "$SFTP_DIR/keys" "$SFTP_DIR/plain"
  chown root:root "$SFTP_DIR" "$SFTP_DIR/chroots" "$SFTP_DIR/keys" "$SFTP_DIR/plain"
  # sshd reads a user's keys as that user, nginx looks for plain/<sub>: both cross, neither lists.
  chmod 711 "$SFTP_DIR" "$SFTP_DIR/chroots" "$SFTP_DIR/keys" "$SFTP_DIR/plain"
}

# The site's user in SFTP_GROUP, its chroot link and its wp-content/www (made by the site's user).
sftp_open() {
  local sub=$1 user=$2 link
  getent group "$SFTP_GROUP" >/dev/null || accounts groupadd --system "$SFTP_GROUP"
  id -nG "$user" | tr ' ' '\n' | grep -qx -- "$SFTP_GROUP" || accounts gpasswd -a "$user" "$SFTP_GROUP"
  link="$SFTP_DIR/chroots/$user"
  if [ "$(readlink "$link" 2>/dev/null)" != "$SITES_ROOT/$sub" ]; then
    ln -sfn "$SITES_ROOT/$sub" "$link.part"
    mv -T "$link.part" "$link"
  fi
  # Without a password, "!" (locked) would refuse keys too when sshd does without PAM: "*"
  # matches no password and locks nothing else.
  if [ "$(getent shadow "$user" | cut -d: -f2)" = "!" ]; then accounts usermod -p '*' "$user"; fi
  as_site "$user" mkdir -p "$SITES_ROOT/$sub/wp-content/www"
}

sftp_status() {
  local sub=$1 user=$2 keys="$SFTP_DIR/keys/$2" hash line
  hash=$(getent shadow "$user" | cut -d: -f2)
  printf 'user %s\n' "$user"
  if [ -f "$SFTP_DIR/plain/$sub" ]; then echo "mode plain"; else echo "mode wordpress"; fi
  if [[ $hash == \$* ]]; then echo "password yes"; else echo "password no"; fi
  [ -s "$keys" ] || return 0
  while IFS= read -r line; do
    # "256 SHA256:… comment (ED25519)"
    sftp_key_info "$line" | awk '{ printf "key %s %s", $2, $NF; for (i = 3; i < NF; i++) printf " %s", $i; printf "\n" }'
  done <"$keys"
}

# ssh-keygen's line for one public key line (fails when it is no key).
sftp_key_info() {
  printf '%s\n' "$1" | ssh-keygen -l -E sha256 -f - 2>/dev/null
}

cmd_sftp() {
  local sub=$1 action=$2 arg=${3:-} user keys line password
  valid_subdomain "$sub"
  [ -f "$SITES_ROOT/$sub/wp-config.php" ] || fail "no site $sub"
  site_in_layout "$sub"
  sftp_settings
  user=$(site_user "$sub")
  keys="$SFTP_DIR/keys/$user"
  case "$action" in
  status) ;;
  password)
    password=$(head -c 1024)
    [[ ${#password} -ge 12 && $password != *$'\n'* ]] || fail "invalid password"
    locked sftp_open "$sub" "$user"
    accounts --input "$user:$password" chpasswd
    ;;
  key-add)
    line=$(head -c 16384 | head -n 1 | tr -d '\r')
    if [[ ! $line =~ $SFTP_KEY_RE ]] || ! sftp_key_info "$line" >/dev/null; then fail "invalid public key"; fi
    locked sftp_open "$sub" "$user"
    if [ ! -f "$keys" ] || ! grep -qxF -- "$line" "$keys"; then
      { [ ! -f "$keys" ] || cat "$keys"; printf '%s\n' "$line"; } >"$keys.part"
      sftp_install_keys "$keys" "$user"
    fi
    ;;
  key-remove)
    [[ $arg =~ ^SHA256:[A-Za-z0-9+/]{43}$ ]] || fail "invalid fingerprint"
    [ -f "$keys" ] || fail "no such key"
    : >"$keys.part"
    while IFS= read -r line; do
      if [ "$(sftp_key_info "$line" | awk '{ print $2 }')" != "$arg" ]; then printf '%s\n' "$line" >>"$keys.part"; fi
    done <"$keys"
    sftp_install_keys "$keys" "$user"
    ;;
  *) fail "invalid sftp action: $action" ;;
  esac
  sftp_status "$sub" "$user"
}

sftp_install_keys() {
  chown root:"$2" "$1.part"
  chmod 640 "$1.part"
  mv -T "$1.part" "$1"
}

# nginx serves the site's WordPress, or its wp-content/www (plain/<sub>, root's), whose files the
# switch leaves where they are.
cmd_site_mode() {
  local sub=$1 mode=$2 user
  valid_subdomain "$sub"
  [ -f "$SITES_ROOT/$sub/wp-config.php" ] || fail "no site $sub"
  site_in_layout "$sub"
  sftp_settings
  user=$(site_user "$sub")
  case "$mode" in
  plain)
    as_site "$user" mkdir -p "$SITES_ROOT/$sub/wp-content/www"
    : >"$SFTP_DIR/plain/$sub"
    chmod 644 "$SFTP_DIR/plain/$sub"
    ;;
  wordpress) rm -f "$SFTP_DIR/plain/$sub" ;;
  *) fail "invalid mode: $mode" ;;
  esac
}

# A removed site: its chroot link, keys and mode go (userdel takes it out of the group).
sftp_forget() {
  local user
  [ -n "${SFTP_DIR:-}" ] || return 0
  user=$(site_user "$1")
  rm -f "$SFTP_DIR/chroots/$user" "$SFTP_DIR/keys/$user" "$SFTP_DIR/plain/$1"
  rm -rf "${SFTP_DIR:?}/suspended/$1"
}

# Leaving Libre (decision 0076): what the site had of SFTP goes to root's SFTP_DIR/suspended/<sub>
# (0700: the chroot link as a mark, the keys file, the plain-site mark), the password's hash is
# locked ("!" before it: neither a password nor a key opens, with or without PAM), the user leaves
# SFTP_GROUP and its open sessions end. Nothing of the site's folder is touched. Each step may be
# run again after a cut.
cmd_sftp_suspend() {
  local sub=$1 user held hash
  valid_subdomain "$sub"
  sftp_settings
  user=$(site_user "$sub")
  held="$SFTP_DIR/suspended/$sub"
  if [ ! -d "$held" ] && [ ! -L "$SFTP_DIR/chroots/$user" ] && [ ! -f "$SFTP_DIR/plain/$sub" ]; then
    echo none
    return
  fi
  install -d -o root -g root -m 700 "$SFTP_DIR/suspended" "$held"
  if [ -L "$SFTP_DIR/chroots/$user" ]; then
    : >"$held/access"
    rm -f "$SFTP_DIR/chroots/$user"
  fi
  if [ -f "$SFTP_DIR/keys/$user" ]; then mv -f "$SFTP_DIR/keys/$user" "$held/keys"; fi
  if [ -f "$SFTP_DIR/plain/$sub" ]; then mv -f "$SFTP_DIR/plain/$sub" "$held/plain"; fi
  hash=$(getent shadow "$user" | cut -d: -f2)
  if [ -n "$hash" ] && [[ $hash != '!'* ]]; then accounts usermod -L "$user"; fi
  if id -nG "$user" | tr ' ' '\n' | grep -qx -- "$SFTP_GROUP"; then accounts gpasswd -d "$user" "$SFTP_GROUP"; fi
  # The session processes sshd runs as the site's user (its php-fpm workers are named otherwise).
  pkill -KILL -u "$user" -x 'sshd|sshd-session' || true
  echo suspended
}

# Back to Libre: what sftp-suspend kept is put back as it was.
cmd_sftp_unsuspend() {
  local sub=$1 user held hash
  valid_subdomain "$sub"
  sftp_settings
  user=$(site_user "$sub")
  held="$SFTP_DIR/suspended/$sub"
  if [ ! -d "$held" ]; then
    echo none
    return
  fi
  [ -f "$SITES_ROOT/$sub/wp-config.php" ] || fail "no site $sub"
  site_in_layout "$sub"
  if [ -f "$held/keys" ]; then mv -f "$held/keys" "$SFTP_DIR/keys/$user"; fi
  hash=$(getent shadow "$user" | cut -d: -f2)
  if [[ $hash == '!'?* ]]; then accounts usermod -U "$user"; fi
  if [ -f "$held/access" ]; then locked sftp_open "$sub" "$user"; fi
  if [ -f "$held/plain" ]; then mv -f "$held/plain" "$SFTP_DIR/plain/$sub"; fi
  rm -rf "$held"
  echo resumed
}

# A new site's user (left by a data folder removed without its sites): no password, no key, no group.
sftp_reset() {
  local sub=$1 user=$2
  [ -n "${SFTP_DIR:-}" ] || return 0
  sftp_forget "$sub"
  accounts usermod -p '!' "$user"
  if id -nG "$user" | tr ' ' '\n' | grep -qx -- "${SFTP_GROUP:-lagon-sftp}"; then
    accounts gpasswd -d "$user" "${SFTP_GROUP:-lagon-sftp}"
  fi
}

# ---------------------------------------------------------------------------------------------
# Plugins from the directory (decision 0058): the product checks an archive against the
# directory's checksums and sends the verified files as a tar; the host keeps it in a root-only
# cache named <slug>@<version>-<sha256>.tar and installs it into a site as the site's user.
# ---------------------------------------------------------------------------------------------

valid_plugin() {
  [[ $1 =~ ^[a-z0-9][a-z0-9-]{0,99}$ ]] || fail "invalid plugin: $1"
  [[ $2 =~ ^[0-9A-Za-z][0-9A-Za-z.+-]{0,49}$ && $2 != *..* ]] || fail "invalid plugin version: $2"
}

plugin_cache_dir() {
  local dir=${PLUGIN_CACHE_DIR:-/var/cache/lagon/plugins}
  install -d -o root -g root -m 700 "$dir"
  printf '%s' "$dir"
}

# Prints the sha256 of the cached copy of SLUG at VERSION, nothing when there is none.
cmd_plugin_cached() {
  local slug=$1 version=$2 dir file
  valid_plugin "$slug" "$version"
  dir=$(plugin_cache_dir)
  for file in "$dir/$slug@$version-"*.tar; do
    [ -f "$file" ] || continue
    file=${file##*-}
    printf '%s\n' "${file%.tar}"
    return
  done
}

# Keeps the tar read on stdin as SLUG@VERSION-SHA256.tar when its sha256 is SHA256.
cmd_plugin_put() {
  local slug=$1 version=$2 sha=$3 dir
  valid_plugin "$slug" "$version"
  [[ $sha =~ ^[0-9a-f]{64}$ ]] || fail "invalid sha256: $sha"
  dir=$(plugin_cache_dir)
  # Global: the exit trap removes it whatever happens.
  plugin_part="$dir/.part-$(random_suffix)"
  trap 'rm -f "$plugin_part"' EXIT
  head -c 536870912 >"$plugin_part"
  [ "$(sha256sum "$plugin_part" | cut -d' ' -f1)" = "$sha" ] || fail "the plugin archive of $slug $version is not $sha"
  rm -f "$dir/$slug@$version-"*.tar
  mv "$plugin_part" "$dir/$slug@$version-$sha.tar"
}

# Installs (or replaces) the cached SLUG@VERSION-SHA256.tar as the site's plugins/SLUG: unpacked by
# the site's user beside it, then swapped in; root only copies the archive into a folder of its own.
cmd_plugin_install() {
  local sub=$1 slug=$2 version=$3 sha=$4 dir user cached plugins fresh old
  valid_subdomain "$sub"
  valid_plugin "$slug" "$version"
  [[ $sha =~ ^[0-9a-f]{64}$ ]] || fail "invalid sha256: $sha"
  dir="$SITES_ROOT/$sub"
  [ -f "$dir/wp-config.php" ] || fail "no site $sub"
  cached="$(plugin_cache_dir)/$slug@$version-$sha.tar"
  [ -f "$cached" ] || fail "no cached plugin $slug $version"
  [ "$(sha256sum "$cached" | cut -d' ' -f1)" = "$sha" ] || fail "the cached plugin $slug $version changed"
  site_in_layout "$sub"
  user=$(site_user "$sub")
  parts="$SITES_ROOT/.$sub.plugin-$(random_suffix)"
  trap 'rm -rf "$parts"' EXIT
  install -d -o root -g "$user" -m 750 "$parts"
  install -o root -g "$user" -m 640 "$cached" "$parts/plugin.tar"
  plugins="$dir/wp-content/plugins"
  fresh="$plugins/.$slug.new-$(random_suffix)"
  old="$plugins/.$slug.old-$(random_suffix)"
  as_site "$user" mkdir -p "$plugins"
  as_site "$user" mkdir "$fresh"
  if ! as_site "$user" tar --extract --file="$parts/plugin.tar" --no-same-owner --no-same-permissions \
    -C "$fresh" "$slug"; then
    as_site "$user" rm -rf "$fresh"
    fail "the plugin archive of $slug does not unpack"
  fi
  # shellcheck disable=SC2016 # the inner shell expands its own arguments
  as_site "$user" bash -c 'set -e
    if [ -e "$1/$3" ] || [ -L "$1/$3" ]; then mv -T "$1/$3" "$4"; fi
    mv -T "$2/$3" "$1/$3"
    rm -rf "$2" "$4"' plugin "$plugins" "$fresh" "$slug" "$old"
  rm -rf "$parts"
}

# The helper's product files (SITE_FILES: mu-plugins, translations) into a live site (decision
# 0076), as update gives them: root copies them into a folder only root can reach, opens it to the
# site's user for reading, and that user writes each file beside its place and renames it over the
# old one (a request never reads half a file). Root opens no path of the site's.
cmd_site_files() {
  local sub=$1 dir user
  valid_subdomain "$sub"
  dir="$SITES_ROOT/$sub"
  [ -f "$dir/wp-config.php" ] || fail "no site $sub"
  site_in_layout "$sub"
  user=$(site_user "$sub")
  # Global: the exit trap removes it whatever happens.
  parts="$SITES_ROOT/.$sub.files-$(random_suffix)"
  trap 'rm -rf "$parts"' EXIT
  mkdir -m 700 "$parts"
  cp -R "$SITE_FILES/." "$parts/"
  chgrp -R -h "$user" "$parts"
  chmod -R g+rX,g-w,o-rwx "$parts"
  # shellcheck disable=SC2016 # the inner shell expands its own arguments
  as_site "$user" bash -c 'set -e
    cd -- "$1"
    find . -type f -print0 | while IFS= read -r -d "" file; do
      mkdir -p -- "$2/${file%/*}"
      cp --no-preserve=mode,ownership -- "$file" "$2/${file%/*}/.${file##*/}.part"
      mv -f -T -- "$2/${file%/*}/.${file##*/}.part" "$2/$file"
    done' files "$parts" "$dir/wp-content"
  rm -rf "$parts"
}

# Applies a plan's kit (apply-kit.php's JSON on stdin) as the site's user, in its confinement.
cmd_kit_apply() {
  local sub=$1 dir user
  valid_subdomain "$sub"
  dir="$SITES_ROOT/$sub"
  [ -f "$dir/wp-config.php" ] || fail "no site $sub"
  site_in_layout "$sub"
  user=$(site_user "$sub")
  ensure_private_dirs "$sub" "$user"
  head -c 1048576 | site_php "$sub" "$dir" apply-kit.php "$dir"
}

# ---------------------------------------------------------------------------------------------

command=${1:-}
case "$command" in
check) cmd_check ;;
sync) cmd_sync ;;
cron) cmd_cron "${2:-}" ;;
status) cmd_status "${2:?usage: status SUB}" ;;
install) cmd_install "${2:?usage: install SUB [--replace]}" "${3:-}" ;;
remove) cmd_remove "${2:?usage: remove SUB}" ;;
suspend) cmd_suspend "${2:?usage: suspend SUB}" ;;
unsuspend) cmd_unsuspend "${2:?usage: unsuspend SUB}" ;;
export) cmd_export "${2:?usage: export SUB}" ;;
import) cmd_import "${2:?usage: import SUB}" ;;
versions) cmd_versions "${2:-}" ;;
update) cmd_update "${2:?usage: update SUB [plugin/SLUG|theme/SLUG ...]}" "${@:3}" ;;
rollback) cmd_import "${2:?usage: rollback SUB}" --previous ;;
update-done) cmd_update_done "${2:?usage: update-done SUB}" ;;
acme-put) cmd_acme_put "${2:?usage: acme-put TOKEN}" ;;
acme-remove) cmd_acme_remove "${2:?usage: acme-remove TOKEN}" ;;
domain-install) cmd_domain_install "${2:?usage: domain-install SUB DOMAIN URL SITE_HOST}" "${3:?}" "${4:?}" "${5:?}" ;;
domain-remove) cmd_domain_remove "${2:?usage: domain-remove DOMAIN}" ;;
site-url) cmd_site_url "${2:?usage: site-url SUB URL}" "${3:?}" ;;
firewall-up) prepare_roots && locked firewall_up ;;
firewall-down) prepare_roots && locked firewall_down ;;
visits) cmd_visits "${2:?usage: visits SUB SINCE}" "${3:?usage: visits SUB SINCE}" ;;
visits-prune) cmd_visits_prune ;;
sftp) cmd_sftp "${2:?usage: sftp SUB ACTION}" "${3:?usage: sftp SUB ACTION}" "${4:-}" ;;
site-mode) cmd_site_mode "${2:?usage: site-mode SUB MODE}" "${3:?usage: site-mode SUB MODE}" ;;
sftp-suspend) cmd_sftp_suspend "${2:?usage: sftp-suspend SUB}" ;;
sftp-unsuspend) cmd_sftp_unsuspend "${2:?usage: sftp-unsuspend SUB}" ;;
site-files) cmd_site_files "${2:?usage: site-files SUB}" ;;
plugin-cached) cmd_plugin_cached "${2:?usage: plugin-cached SLUG VERSION}" "${3:?}" ;;
plugin-put) cmd_plugin_put "${2:?usage: plugin-put SLUG VERSION SHA256}" "${3:?}" "${4:?}" ;;
kit-apply) cmd_kit_apply "${2:?usage: kit-apply SUB}" ;;
plugin-install) cmd_plugin_install "${2:?usage: plugin-install SUB SLUG VERSION SHA256}" "${3:?}" "${4:?}" "${5:?}" ;;
disk-usage) cmd_disk_usage ;;
*) fail "usage: site-host.sh check | sync | cron [SUB] | status SUB | install SUB [--replace] | remove SUB | suspend SUB | unsuspend SUB | export SUB | import SUB | versions [SUB] | update SUB [plugin/SLUG|theme/SLUG ...] | rollback SUB | update-done SUB | acme-put TOKEN | acme-remove TOKEN | domain-install SUB DOMAIN URL SITE_HOST | domain-remove DOMAIN | site-url SUB URL | firewall-up | firewall-down | visits SUB SINCE | visits-prune | sftp SUB ACTION | site-mode SUB MODE | sftp-suspend SUB | sftp-unsuspend SUB | site-files SUB | plugin-cached SLUG VERSION | plugin-put SLUG VERSION SHA256 | plugin-install SUB SLUG VERSION SHA256 | kit-apply SUB | disk-usage" ;;
esac
