# shellcheck shell=bash
# configure: the host's own daemon configuration (decision 0101), run by the operator as root at
# set-up and after each copy of a new helper. The files of conf/ beside this helper are the
# product's generators' (host-config.ts) with the host's values left as placeholders; this puts
# in the values of the settings, each checked against its shape first, refuses the result if a
# placeholder is left or Postfix, Dovecot, OpenDKIM, rspamd, PHP, php-fpm or nginx finds fault
# with it, then installs every file through a temporary file renamed over it and restarts the
# daemons (the webmail's part: lib/webmail.sh). Nothing comes from the
# product's SSH user: it has no way to change what the daemons run.

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
  sieve--pipe--*) echo "$MAIL_ROOT/${1//--//} root:$MAIL_USER 750" ;;
  sieve--*) echo "$MAIL_ROOT/${1//--//} root:$MAIL_USER 640" ;;
  rspamd--*) echo "$MAIL_ROOT/${1//--//} root:_rspamd 640" ;;
  postfix--*) echo "$MAIL_ROOT/${1//--//} root:root 644" ;;
  *) webmail_target_of "$1" ;;
  esac
}

cmd_configure() {
  local uid password stage file name target owner mode script said
  [[ $MAIL_HOSTNAME =~ ^$DOMAIN_RE$ ]] || fail "MAIL_HOSTNAME: the host's name (mail.<BASE_DOMAIN>) is required"
  [[ $MAIL_ROOT =~ $SAFE_PATH_RE ]] || fail "MAIL_ROOT: an absolute path of letters, digits, . _ - and /"
  for name in TLS_CERT TLS_KEY; do
    [[ ${!name} =~ $SAFE_PATH_RE && -f ${!name} ]] || fail "$name: the PEM file of the host's certificate"
  done
  [[ -z $RELAY_HOST || $RELAY_HOST =~ ^(\[[a-z0-9.-]+\]|[a-z0-9.-]+)(:[0-9]{1,5})?$ ]] ||
    fail "RELAY_HOST: [host]:port"
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
  install -d -o root -g root -m 755 "$MAIL_ROOT/dovecot-state" "$(dirname -- "$RSPAMD_DROPIN")"
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
    sed -e "s|@HOSTNAME@|$MAIL_HOSTNAME|g" -e "s|@MAIL_ROOT@|$MAIL_ROOT|g" -e "s|@MAIL_UID@|$uid|g" \
      -e "s|@TLS_CERT@|$TLS_CERT|g" -e "s|@TLS_KEY@|$TLS_KEY|g" -e "s|@RELAY_HOST@|$RELAY_HOST|g" \
      -e "s|@CONTROLLER_PASSWORD@|$password|g" -e "s|@SMTP_PORT@|$SMTP_PORT|g" \
      -e "s|@SUBMISSION_PORT@|$SUBMISSION_PORT|g" -e "s|@IMAP_PORT@|$IMAP_PORT|g" -- "$file" | webmail_fill >"$stage/$name"
    if grep -q -E '@[A-Z_]+@' -- "$stage/$name"; then fail "a placeholder is left in $name"; fi
  done

  # Each daemon's own parser on what would be installed: nothing is installed if one objects.
  # PHP, php-fpm and nginx on the webmail's first (lib/webmail.sh).
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

  for file in "$stage"/*; do
    [ -f "$file" ] || continue
    name=${file##*/}
    read -r target owner mode <<<"$(target_of "$name")"
    install -o "${owner%%:*}" -g "${owner##*:}" -m "$mode" -- "$file" "$(dirname -- "$target")/.${target##*/}.new"
    mv -f -- "$(dirname -- "$target")/.${target##*/}.new" "$target"
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
  bash -c "$RESTART_SERVICES"
  # Roundcube's database, then php-fpm and nginx on the new files (lib/webmail.sh).
  webmail_finish
  echo "configured $MAIL_HOSTNAME"
}

cmd_configure
