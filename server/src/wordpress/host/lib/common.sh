# shellcheck shell=bash
# What every command uses: errors, checked subdomains, the site's user, the host's lock, the
# shared folders, the accounts lock.

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
  if [ -n "${REMEMBERED_SUB:-}" ] && [ "$1" = "$REMEMBERED_SUB" ]; then
    printf '%s' "$REMEMBERED_USER"
    return
  fi
  hash=$(printf '%s' "$SITES_ROOT/$1" | sha256sum)
  printf 'wp-%s-%s' "${1:0:10}" "${hash:0:6}"
}

# A command about one site computes its user's name once (two processes a time: an install asks
# for it a dozen times, decision 0103); site_user answers from it for that site.
remember_site_user() {
  REMEMBERED_USER=$(site_user "$1")
  REMEMBERED_SUB=$1
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
  for ((attempt = 1; attempt <= 50; attempt++)); do
    code=0
    err=$(flock /run/lagon-accounts.lock "$@" 2>&1 >/dev/null <<<"$input") || code=$?
    if [ "$code" = 0 ]; then return 0; fi
    case $err in
    *"cannot lock"* | *"try again later"*) [ "$attempt" = 50 ] || { pause 0.1; continue; } ;;
    esac
    [ -z "$err" ] || printf '%s\n' "$err" >&2
    return "$code"
  done
}

# Waits $1 seconds without starting a process: a poll every 50 ms with sleep(1) forks twenty
# times a second, a cost a loaded host feels (decision 0106). read's timeout on a pipe nobody
# writes to (opened once per shell, read and write ends both held: no end of file) does the wait.
pause() {
  if [ -z "${PAUSE_FD:-}" ]; then exec {PAUSE_FD}<> <(:); fi
  read -r -t "$1" -u "$PAUSE_FD" _ || true
}

random_suffix() {
  od -An -N6 -tx1 /dev/urandom | tr -d ' \n'
}

# The settings that are commands (FPM_RELOAD, NGINX_TEST, NGINX_RELOAD) run in a shell of their
# own, never evaluated in the helper's.
run_setting() {
  bash -c "$1"
}

# A visit log's day (decision 0051), for the visits commands.
# shellcheck disable=SC2034
VISIT_DAY_RE='^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
