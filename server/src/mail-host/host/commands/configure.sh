# shellcheck shell=bash
# configure: the host's own daemon configuration (decision 0101), run by the operator as root at
# set-up and after each copy of a new helper. The files of conf/ beside this helper are the
# product's generators' (host-config.ts) with the host's values left as placeholders; this puts
# in the values of the settings, each checked against its shape first, refuses the result if a
# placeholder is left or Postfix, Dovecot, OpenDKIM, rspamd, logrotate, PHP, php-fpm or nginx finds fault
# with it, then installs every file through a temporary file renamed over it and restarts the
# daemons (the webmail's part: lib/webmail.sh). Nothing comes from the product's SSH user: it has
# no way to change what the daemons run. No secret is ever put on a command line (any local user
# reads those in /proc): the values go to sed in a script on a pipe.

CONF_DIR=$HELPER_DIR/conf
SAFE_PATH_RE='^/[A-Za-z0-9._/-]+$'

# Where a file of conf/ goes, and its owner and mode (a name's `--` are folders under MAIL_ROOT).
target_of() {
  case $1 in
  main.cf | master.cf) echo "$POSTFIX_CONFIG_DIR/$1 root:root 644" ;;
  dovecot.conf) echo "$DOVECOT_CONF root:dovecot 640" ;;
  opendkim.conf) echo "$OPENDKIM_CONF root:root 644" ;;
  policyd-rate-limit.yaml) echo "$POLICYD_CONF root:policyd-rate-limit 640" ;;
  postsrsd) echo "$POSTSRSD_DEFAULT root:root 644" ;;
  rspamd.service.conf) echo "$RSPAMD_DROPIN root:root 644" ;;
  logrotate.conf) echo "$LOGROTATE_CONF root:root 644" ;;
  sieve--pipe--*) echo "$MAIL_ROOT/${1//--//} root:$MAIL_USER 750" ;;
  sieve--*) echo "$MAIL_ROOT/${1//--//} root:$MAIL_USER 640" ;;
  rspamd--*) echo "$MAIL_ROOT/${1//--//} root:_rspamd 640" ;;
  postfix--*) echo "$MAIL_ROOT/${1//--//} root:root 644" ;;
  *) webmail_target_of "$1" ;;
  esac
}

# The relay's login (decision 0108): the maps Postfix's main.cf names (mail-host-config.ts,
# RELAY_MAPS), written into the folder $1, root's 0600, postmap'd. Without RELAY_USER both are
# empty: no login is sent anywhere and every destination gets TLS when offered. The password is
# read from its root-only file by the shell itself and written by printf, a builtin: it is on no
# command line, and nothing here prints it.
relay_maps() {
  local into=$1 relay_password="" map
  (umask 077 && : >"$into/sasl_passwd" && : >"$into/relay_tls")
  if [ -n "$RELAY_USER" ]; then
    IFS= read -r relay_password <"$RELAY_PASSWORD_FILE" || [ -n "$relay_password" ] ||
      fail "RELAY_PASSWORD_FILE: its first line is the relay's password"
    [[ $relay_password =~ ^[[:graph:]]{1,512}$ ]] ||
      fail "RELAY_PASSWORD_FILE: the password on its first line, without spaces nor control characters"
    printf '%s %s:%s\n' "$RELAY_HOST" "$RELAY_USER" "$relay_password" >"$into/sasl_passwd"
    relay_password=""
    printf '%s encrypt\n' "$RELAY_HOST" >"$into/relay_tls"
  fi
  for map in sasl_passwd relay_tls; do
    postmap -c "$into/../postfix" "hash:$into/$map"
    chmod 600 -- "$into/$map" "$into/$map.db"
  done
}

# rspamd's Bayes files, made before its first start by one process (decision 0108): rspamd with its
# controller alone (rspamd/bayes-init.conf, the statistics of rspamd.conf), as _rspamd, until its
# controller answers, which it does once its statistics are open. Two processes starting on no
# files (the milter and the controller) race to create them, and the loser runs without Bayes.
bayes_init() {
  local state=$MAIL_ROOT/rspamd-state run pid file missing="" deadline
  for file in bayes.spam.sqlite bayes.ham.sqlite learn_cache.sqlite; do
    [ -s "$state/$file" ] || missing=1
  done
  [ -n "$missing" ] || return 0
  run=$(mktemp -d -- "$MAIL_ROOT/.rspamd-init.XXXXXX")
  chown _rspamd:_rspamd -- "$run"
  setpriv --reuid _rspamd --regid _rspamd --clear-groups -- rspamd -f \
    -c "$MAIL_ROOT/rspamd/bayes-init.conf" --var="LOCAL_CONFDIR=$MAIL_ROOT/rspamd" --var="DBDIR=$state" \
    --var="RUNDIR=$run" --var="LOGDIR=$state" </dev/null >/dev/null 2>&1 &
  pid=$!
  # Its first start on a machine compiles rspamd's URL matcher: up to a minute or two.
  deadline=$((SECONDS + 300))
  until curl --silent --fail --max-time 5 --output /dev/null --unix-socket "$run/bayes-init.sock" \
    --header @"$MAIL_ROOT/sieve/learn.header" http://localhost/stat; do
    if ! kill -0 "$pid" 2>/dev/null || ((SECONDS > deadline)); then
      kill "$pid" 2>/dev/null || true
      wait "$pid" || true
      rm -rf -- "$run"
      fail "rspamd did not make its Bayes files (see $state/rspamd.log)"
    fi
    sleep 0.2
  done
  kill "$pid"
  wait "$pid" || true
  rm -rf -- "$run"
  for file in bayes.spam.sqlite bayes.ham.sqlite learn_cache.sqlite; do
    [ -s "$state/$file" ] || fail "rspamd did not make $state/$file"
  done
}

cmd_configure() {
  local uid password stage file name target owner mode script said relay_login=no
  [[ $MAIL_HOSTNAME =~ ^$DOMAIN_RE$ ]] || fail "MAIL_HOSTNAME: the host's name (mail.<BASE_DOMAIN>) is required"
  [[ $MAIL_ROOT =~ $SAFE_PATH_RE ]] || fail "MAIL_ROOT: an absolute path of letters, digits, . _ - and /"
  for name in TLS_CERT TLS_KEY; do
    [[ ${!name} =~ $SAFE_PATH_RE && -f ${!name} ]] || fail "$name: the PEM file of the host's certificate"
  done
  [[ -z $RELAY_HOST || $RELAY_HOST =~ ^(\[[a-z0-9.-]+\]|[a-z0-9.-]+)(:[0-9]{1,5})?$ ]] ||
    fail "RELAY_HOST: [host]:port"
  if [ -n "$RELAY_USER" ]; then
    [ -n "$RELAY_HOST" ] || fail "RELAY_USER: a login needs RELAY_HOST"
    [[ $RELAY_USER =~ ^[A-Za-z0-9._@+=-]{1,255}$ ]] || fail "RELAY_USER: letters, digits and . _ @ + = -"
    [[ $RELAY_PASSWORD_FILE =~ $SAFE_PATH_RE && -f $RELAY_PASSWORD_FILE && ! -L $RELAY_PASSWORD_FILE ]] ||
      fail "RELAY_PASSWORD_FILE: the file holding the relay's password"
    require_root_only "$RELAY_PASSWORD_FILE"
    [[ $(stat -c '%u %a' -- "$RELAY_PASSWORD_FILE") =~ ^0\ [46]00$ ]] ||
      fail "RELAY_PASSWORD_FILE: root's, mode 0600 or 0400"
    relay_login=yes
  fi
  [[ $LOGROTATE_CONF =~ $SAFE_PATH_RE ]] || fail "LOGROTATE_CONF: an absolute path of letters, digits, . _ - and /"
  command -v logrotate >/dev/null || fail "the host's logs need logrotate"
  command -v sqlite3 >/dev/null || fail "domain-remove needs sqlite3 (Roundcube's and rspamd's rows)"
  for name in SMTP_PORT SUBMISSION_PORT IMAP_PORT; do
    [[ ${!name} =~ ^[1-9][0-9]{0,4}$ && ${!name} -le 65535 ]] || fail "$name: a port number"
  done
  uid=$(id -u "$MAIL_USER") || fail "no user $MAIL_USER"
  webmail_check_settings

  # The folders of MAIL_ROOT (mail-host-config.ts's mailHostPaths), owned as the embedded host's.
  install -d -o root -g root -m 711 "$MAIL_ROOT"
  install -d -o root -g root -m 755 "$MAP_DIR" "$MAIL_ROOT/log"
  install -d -o root -g dovecot -m 750 "$MAIL_ROOT/dovecot"
  install -d -o root -g "$DKIM_USER" -m 750 "$DKIM_DIR"
  install -d -o "$MAIL_USER" -g "$MAIL_USER" -m 700 "$BOXES_DIR"
  install -d -o root -g "$MAIL_USER" -m 750 "$MAIL_ROOT/sieve" "$MAIL_ROOT/sieve/pipe"
  install -d -o root -g _rspamd -m 750 "$MAIL_ROOT/rspamd" "$MAIL_ROOT/rspamd/local.d" "$MAIL_ROOT/rspamd/override.d"
  install -d -o _rspamd -g _rspamd -m 700 "$MAIL_ROOT/rspamd-state" /var/cache/lagon-rspamd
  install -d -o postfix -g postfix -m 700 "$MAIL_ROOT/postfix-data"
  install -d -o root -g root -m 755 "$MAIL_ROOT/spool"
  install -d -o root -g root -m 755 "$MAIL_ROOT/dovecot-state" "$(dirname -- "$RSPAMD_DROPIN")" \
    "$(dirname -- "$LOGROTATE_CONF")"
  for name in key.table signing.table; do
    [ -f "$DKIM_DIR/$name" ] || install -o root -g "$DKIM_USER" -m 640 /dev/null "$DKIM_DIR/$name"
  done
  [ -f "$USERS_FILE" ] || install -o root -g dovecot -m 640 /dev/null "$USERS_FILE"
  # Secrets made once on the host: rspamd's controller password (the learn programs send it)
  # and postsrsd's key.
  if [ ! -s "$MAIL_ROOT/rspamd/controller.password" ]; then
    (umask 077 && openssl rand -hex 24 >"$MAIL_ROOT/rspamd/controller.password")
  fi
  password=$(cat -- "$MAIL_ROOT/rspamd/controller.password")
  [[ $password =~ ^[0-9a-f]{48}$ ]] || fail "unreadable $MAIL_ROOT/rspamd/controller.password"
  if [ ! -s "$MAIL_ROOT/srs.secret" ]; then
    (umask 077 && openssl rand -base64 24 >"$MAIL_ROOT/srs.secret")
  fi
  # The webmail's folders and its DES key (lib/webmail.sh).
  webmail_prepare

  stage=$(mktemp -d -- "$MAIL_ROOT/.configure.XXXXXX")
  # shellcheck disable=SC2064 # the folder of this run
  trap "rm -rf -- '$stage'" EXIT
  for file in "$CONF_DIR"/*; do
    name=${file##*/}
    target_of "$name" >/dev/null
    sed -f <(printf 's|%s|%s|g\n' @HOSTNAME@ "$MAIL_HOSTNAME" @MAIL_ROOT@ "$MAIL_ROOT" @MAIL_UID@ "$uid" \
      @TLS_CERT@ "$TLS_CERT" @TLS_KEY@ "$TLS_KEY" @RELAY_HOST@ "$RELAY_HOST" @RELAY_LOGIN@ "$relay_login" \
      @CONTROLLER_PASSWORD@ "$password" @SMTP_PORT@ "$SMTP_PORT" @SUBMISSION_PORT@ "$SUBMISSION_PORT" \
      @IMAP_PORT@ "$IMAP_PORT") -- "$file" | webmail_fill >"$stage/$name"
    if grep -q -E '@[A-Z_]+@' -- "$stage/$name"; then fail "a placeholder is left in $name"; fi
  done

  # Each daemon's own parser on what would be installed: nothing is installed if one objects.
  # logrotate's dry run first (the quickest), with a state file of its own (the system's untouched).
  if ! said=$(logrotate -d -s "$stage/logrotate.state" "$stage/logrotate.conf" 2>&1) ||
    grep -q '^error:' <<<"$said"; then
    grep '^error:' <<<"$said" >&2 || printf '%s\n' "$said" >&2
    fail "logrotate refuses logrotate.conf"
  fi
  rm -f -- "$stage/logrotate.state"
  # PHP, php-fpm and nginx on the webmail's (lib/webmail.sh).
  webmail_check_staged "$stage"
  mkdir -- "$stage/postfix"
  cp -- "$stage/main.cf" "$stage/master.cf" "$stage/postfix/"
  if postconf -c "$stage/postfix" -n 2>&1 >/dev/null | grep -q .; then
    postconf -c "$stage/postfix" -n >/dev/null
    fail "Postfix refuses main.cf"
  fi
  postconf -c "$stage/postfix" -M >/dev/null || fail "Postfix refuses master.cf"
  doveconf -c "$stage/dovecot.conf" -n >/dev/null || fail "Dovecot refuses dovecot.conf"
  opendkim -n -x "$stage/opendkim.conf" || fail "OpenDKIM refuses opendkim.conf"
  # rspamd's, on the staged files laid out as they are installed (a name's `--` are folders).
  mkdir -p -- "$stage/rspamd-tree/local.d" "$stage/rspamd-tree/override.d"
  for file in "$stage"/rspamd--*; do
    name=${file##*/rspamd--}
    cp -- "$file" "$stage/rspamd-tree/${name//--//}"
  done
  if ! said=$(rspamadm --var="LOCAL_CONFDIR=$stage/rspamd-tree" --var="DBDIR=$stage" --var="LOGDIR=$stage" \
    configtest -q -c "$stage/rspamd-tree/rspamd.conf" 2>&1); then
    printf '%s\n' "$said" >&2
    fail "rspamd refuses its configuration"
  fi

  # The relay's login maps, made before anything is installed: a bad password file installs nothing.
  mkdir -- "$stage/relay"
  relay_maps "$stage/relay"

  for file in "$stage"/*; do
    [ -f "$file" ] || continue
    name=${file##*/}
    read -r target owner mode <<<"$(target_of "$name")"
    install -o "${owner%%:*}" -g "${owner##*:}" -m "$mode" -- "$file" "$(dirname -- "$target")/.${target##*/}.new"
    mv -f -- "$(dirname -- "$target")/.${target##*/}.new" "$target"
  done
  # The relay's login maps, renamed over the installed ones.
  for name in sasl_passwd relay_tls; do
    install -o root -g root -m 600 -- "$stage/relay/$name.db" "$MAP_DIR/.$name.new.db"
    install -o root -g root -m 600 -- "$stage/relay/$name" "$MAP_DIR/.$name.new"
    mv -f -- "$MAP_DIR/.$name.new.db" "$MAP_DIR/$name.db"
    mv -f -- "$MAP_DIR/.$name.new" "$MAP_DIR/$name"
  done
  # Postfix's maps, empty until the product's first `apply`: Postfix starts on them.
  for name in domains mailboxes aliases senders suspended-in suspended-out; do
    if [ ! -f "$MAP_DIR/$name.db" ]; then
      install -o root -g root -m 644 /dev/null "$MAP_DIR/$name"
      postmap -c "$POSTFIX_CONFIG_DIR" "hash:$MAP_DIR/$name"
    fi
  done
  # The global Sieve scripts are compiled once here: the mail user may not write beside them.
  for script in spam learn-spam learn-ham; do
    sievec -c "$DOVECOT_CONF" "$MAIL_ROOT/sieve/$script.sieve"
    chown "root:$MAIL_USER" "$MAIL_ROOT/sieve/$script.svbin"
    chmod 640 "$MAIL_ROOT/sieve/$script.svbin"
  done
  bayes_init
  bash -c "$RESTART_SERVICES"
  # Roundcube's database, then php-fpm and nginx on the new files (lib/webmail.sh).
  webmail_finish
  echo "configured $MAIL_HOSTNAME"
}

cmd_configure
