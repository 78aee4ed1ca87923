# shellcheck shell=bash
# shellcheck disable=SC2034 # the settings are read by the other files of the helper
# The host's webmail (decision 0107): Roundcube from Debian's roundcube-core behind the host's
# nginx and php-fpm, its three files in conf/ (webmail-*, webmail-host-config.ts) installed by
# `configure`, its answer part of `health`. Its settings, from the helper's settings file:
#   WEBMAIL_HOSTNAME   its public name (default webmail.<MAIL_HOSTNAME without its first label>,
#                      so webmail.<BASE_DOMAIN>: the product's default WEBMAIL_URL)
#   WEBMAIL_TLS_CERT, WEBMAIL_TLS_KEY  its certificate and key (default TLS_CERT and TLS_KEY:
#                      one certificate naming both mail. and webmail.)
#   TLS_CA             what Roundcube checks the host's IMAP and submission certificate against
#                      (default Debian's list of public CAs), and `health` the webmail's
#   WEBMAIL_PORT, WEBMAIL_HTTP_PORT  HTTPS and HTTP (default 443 and 80)
#   WEBMAIL_ROOT       its configuration, key, SQLite database, logs (default /var/lib/lagon-webmail)
#   WEBMAIL_NGINX_SITE default /etc/nginx/conf.d/lagon-webmail.conf (inside Debian's http block)
#   WEBMAIL_FPM_POOL   default /etc/php/8.2/fpm/pool.d/lagon-webmail.conf
#   WEBMAIL_RELOAD     shell command that has php-fpm and nginx read their files again
#   PHP_FPM            php-fpm's program, for its check (default Debian 12's /usr/sbin/php-fpm8.2;
#                      with another PHP, set it, WEBMAIL_FPM_POOL and WEBMAIL_RELOAD to that version)

WEBMAIL_HOSTNAME=${WEBMAIL_HOSTNAME:-webmail.${MAIL_HOSTNAME#*.}}
WEBMAIL_TLS_CERT=${WEBMAIL_TLS_CERT:-$TLS_CERT}
WEBMAIL_TLS_KEY=${WEBMAIL_TLS_KEY:-$TLS_KEY}
TLS_CA=${TLS_CA:-/etc/ssl/certs/ca-certificates.crt}
WEBMAIL_PORT=${WEBMAIL_PORT:-443}
WEBMAIL_HTTP_PORT=${WEBMAIL_HTTP_PORT:-80}
WEBMAIL_ROOT=${WEBMAIL_ROOT:-/var/lib/lagon-webmail}
WEBMAIL_NGINX_SITE=${WEBMAIL_NGINX_SITE:-/etc/nginx/conf.d/lagon-webmail.conf}
WEBMAIL_FPM_POOL=${WEBMAIL_FPM_POOL:-/etc/php/8.2/fpm/pool.d/lagon-webmail.conf}
WEBMAIL_RELOAD=${WEBMAIL_RELOAD:-systemctl reload-or-restart php8.2-fpm nginx}
# Roundcube's PHP runs as this user (local-webmail.ts's WEBMAIL_USER): never the mail user.
WEBMAIL_USER=lagonwebmail
ROUNDCUBE=/usr/share/roundcube
PHP_FPM=${PHP_FPM:-/usr/sbin/php-fpm8.2}

# Where a webmail file of conf/ goes, its owner and mode (configure's target_of for webmail-*).
webmail_target_of() {
  case $1 in
  webmail-config.inc.php) echo "$WEBMAIL_ROOT/config/config.inc.php root:$WEBMAIL_USER 640" ;;
  webmail-php-fpm.conf) echo "$WEBMAIL_FPM_POOL root:root 644" ;;
  webmail-nginx.conf) echo "$WEBMAIL_NGINX_SITE root:root 644" ;;
  *) fail "unknown file in conf/: $1" ;;
  esac
}

# Each setting against its shape, before anything is made.
webmail_check_settings() {
  local name
  [[ $WEBMAIL_HOSTNAME =~ ^$DOMAIN_RE$ ]] || fail "WEBMAIL_HOSTNAME: the webmail's name (webmail.<BASE_DOMAIN>)"
  for name in WEBMAIL_TLS_CERT WEBMAIL_TLS_KEY TLS_CA; do
    [[ ${!name} =~ $SAFE_PATH_RE && -f ${!name} ]] || fail "$name: a PEM file"
  done
  for name in WEBMAIL_ROOT WEBMAIL_NGINX_SITE WEBMAIL_FPM_POOL PHP_FPM; do
    [[ ${!name} =~ $SAFE_PATH_RE ]] || fail "$name: an absolute path of letters, digits, . _ - and /"
  done
  for name in WEBMAIL_PORT WEBMAIL_HTTP_PORT; do
    [[ ${!name} =~ ^[1-9][0-9]{0,4}$ && ${!name} -le 65535 ]] || fail "$name: a port number"
  done
  id -u "$WEBMAIL_USER" >/dev/null || fail "no user $WEBMAIL_USER"
  if [ ! -f "$ROUNDCUBE/index.php" ] || [ ! -f "$ROUNDCUBE/plugins/markasjunk/markasjunk.php" ] || [ ! -x "$PHP_FPM" ] || ! command -v nginx >/dev/null; then
    fail "the webmail needs roundcube-core, roundcube-sqlite3, roundcube-plugins, php-fpm and nginx"
  fi
}

# Its folders (as the embedded webmail's: the configuration read by Roundcube's user only, its
# data its own), and Roundcube's DES key, made once (root's 0600; it encrypts the IMAP password
# kept in each session).
webmail_prepare() {
  install -d -o root -g "$WEBMAIL_USER" -m 750 "$WEBMAIL_ROOT" "$WEBMAIL_ROOT/config"
  install -d -o "$WEBMAIL_USER" -g "$WEBMAIL_USER" -m 700 "$WEBMAIL_ROOT/db" "$WEBMAIL_ROOT/log" "$WEBMAIL_ROOT/temp"
  install -d -o root -g root -m 755 "$(dirname -- "$WEBMAIL_NGINX_SITE")" "$(dirname -- "$WEBMAIL_FPM_POOL")"
  if [ ! -s "$WEBMAIL_ROOT/des.key" ]; then
    (umask 077 && openssl rand -base64 18 >"$WEBMAIL_ROOT/des.key")
  fi
  WEBMAIL_DES_KEY=$(cat -- "$WEBMAIL_ROOT/des.key")
  [[ $WEBMAIL_DES_KEY =~ ^[A-Za-z0-9+/]{24}$ ]] || fail "unreadable $WEBMAIL_ROOT/des.key"
}

# The webmail's values into a file of conf/ (stdin to stdout; each value checked before). The
# DES key is a secret: the values reach sed as a script on a pipe, never on its command line.
webmail_fill() {
  sed -f <(printf 's|%s|%s|g\n' @WEBMAIL_ROOT@ "$WEBMAIL_ROOT" @WEBMAIL_HOSTNAME@ "$WEBMAIL_HOSTNAME" \
    @WEBMAIL_TLS_CERT@ "$WEBMAIL_TLS_CERT" @WEBMAIL_TLS_KEY@ "$WEBMAIL_TLS_KEY" \
    @WEBMAIL_PORT@ "$WEBMAIL_PORT" @WEBMAIL_HTTP_PORT@ "$WEBMAIL_HTTP_PORT" @TLS_CA@ "$TLS_CA" \
    @WEBMAIL_DES_KEY@ "$WEBMAIL_DES_KEY")
}

# PHP, php-fpm and nginx on the staged files: nothing is installed if one objects. nginx reads
# the server blocks inside an http block of their own (its certificate loaded), php-fpm the pool
# under a global section of its own (its user looked up).
webmail_check_staged() {
  local stage=$1 said
  if ! said=$(php -l "$stage/webmail-config.inc.php" 2>&1); then
    printf '%s\n' "$said" >&2
    fail "PHP refuses Roundcube's config.inc.php"
  fi
  mkdir -- "$stage/webmail-check"
  printf '[global]\npid = %s\nerror_log = %s\ninclude = %s\n' "$stage/webmail-check/fpm.pid" \
    "$stage/webmail-check/fpm.log" "$stage/webmail-php-fpm.conf" >"$stage/webmail-check/php-fpm.conf"
  if ! said=$("$PHP_FPM" -t -y "$stage/webmail-check/php-fpm.conf" 2>&1); then
    printf '%s\n' "$said" >&2
    fail "php-fpm refuses the webmail's pool"
  fi
  printf 'pid %s;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  include %s;\n}\n' \
    "$stage/webmail-check/nginx.pid" "$stage/webmail-nginx.conf" >"$stage/webmail-check/nginx.conf"
  if ! said=$(nginx -t -q -e "$stage/webmail-check/nginx-error.log" -c "$stage/webmail-check/nginx.conf" 2>&1); then
    printf '%s\n' "$said" >&2
    fail "nginx refuses the webmail's server blocks"
  fi
  rm -rf -- "$stage/webmail-check"
}

# After its files are installed: Debian's defaults beside them, Roundcube's tables created or
# brought to the installed version (as its own user: after each upgrade of roundcube-core, run
# configure again), then php-fpm and nginx read their files again.
webmail_finish() {
  local name uid gid
  for name in defaults.inc.php mimetypes.php; do
    ln -sfn -- "/etc/roundcube/$name" "$WEBMAIL_ROOT/config/$name"
  done
  uid=$(id -u "$WEBMAIL_USER")
  gid=$(id -g "$WEBMAIL_USER")
  (cd / && setpriv --reuid="$uid" --regid="$gid" --clear-groups env -i PATH="$PATH" \
    ROUNDCUBE_CONFIG_DIR="$WEBMAIL_ROOT/config" php "$ROUNDCUBE/bin/updatedb.sh" --package=roundcube \
    --dir="$ROUNDCUBE/SQL" >/dev/null) || fail "Roundcube's database could not be made"
  bash -c "$WEBMAIL_RELOAD"
}

# health: the webmail's login page answers over HTTPS on this host (nginx, php-fpm, Roundcube and
# its database), its certificate checked; skipped on a host whose webmail was never configured.
webmail_health() {
  local code
  [ -f "$WEBMAIL_ROOT/config/config.inc.php" ] || return 0
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 --cacert "$TLS_CA" \
    --resolve "$WEBMAIL_HOSTNAME:$WEBMAIL_PORT:127.0.0.1" "https://$WEBMAIL_HOSTNAME:$WEBMAIL_PORT/") || true
  [ "$code" = 200 ] || fail "le webmail ne répond pas (HTTP ${code:-000})"
}

# domain-remove: Roundcube's rows of a removed domain's users (decision 0113), as its own user:
# their sessions (vars in base64, PHP's `username|s:<n>:"<login>";`), then the users, whose
# contacts, identities, preferences and caches go with them (its schema's ON DELETE CASCADE).
webmail_forget_domain() {
  local domain=$1 database=$WEBMAIL_ROOT/db/roundcube.sqlite id vars login sessions=""
  valid_domain "$domain"
  [ -f "$database" ] || return 0
  while read -r id vars; do
    [[ $id =~ ^[A-Za-z0-9,-]{1,128}$ ]] || continue
    login=$(printf '%s' "$vars" | base64 -d 2>/dev/null | grep -a -o -E '(^|;|\})username\|s:[0-9]+:"[^"]*";' | head -n 1) || true
    login=${login#*:\"}
    login=${login%\";}
    login=${login,,}
    [[ $login == *"@$domain" ]] && sessions+="${sessions:+, }'$id'"
  done < <(echo "SELECT sess_id || ' ' || vars FROM session;" | sqlite_as "$WEBMAIL_USER" "$database")
  {
    [ -z "$sessions" ] || printf 'DELETE FROM session WHERE sess_id IN (%s);\n' "$sessions"
    printf 'PRAGMA foreign_keys = ON;\nDELETE FROM users WHERE %s;\n' "$(of_domain_sql username "$domain")"
  } | sqlite_as "$WEBMAIL_USER" "$database"
}
