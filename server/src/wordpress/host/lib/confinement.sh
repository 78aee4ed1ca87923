# shellcheck shell=bash
# Running something as a site's user, and a site's PHP within the confinement of its php-fpm
# master (cgroups, namespaces, seccomp; decisions 0044 and 0071).

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
    if [ "$(process_uid "$pid")" = 0 ] && [[ "$(process_title "$pid")" == "php-fpm: master "* ]]; then
      printf '%s' "$pid"
      return
    fi
  done <"$procs"
  return 1
}

# The user id of the process $1, nothing when it is gone: its real one, or "?" when its effective
# one differs (its status's Uid line). Read by the shell itself: a master is looked for at each PHP
# run of a site (decision 0106).
process_uid() {
  local key real effective _
  while read -r key real effective _; do
    if [ "$key" = Uid: ]; then
      if [ "$real" = "$effective" ]; then printf '%s' "$real"; else printf '?'; fi
      return
    fi
  done 2>/dev/null <"/proc/$1/status" || true
}

# What the process $1 calls itself: the first word of its command line (php-fpm names its
# master "php-fpm: master process (...)": one word, NUL-terminated).
process_title() {
  local title=""
  { IFS= read -r -d '' title; } 2>/dev/null <"/proc/$1/cmdline" || true
  printf '%s' "$title"
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
