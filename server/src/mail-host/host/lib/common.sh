# shellcheck shell=bash
# What every command uses: errors, checked names, the host's lock, the mail user.

fail() {
  echo "mail-host: $*" >&2
  exit 1
}

# The shapes of mail-host.ts (assertMailDomain, assertMailAddress), as extended regexps.
LABEL_RE='[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?'
DOMAIN_RE="($LABEL_RE\\.)+$LABEL_RE"
LOCAL_RE='[a-z0-9]([a-z0-9._-]{0,62}[a-z0-9])?'
ADDRESS_RE="$LOCAL_RE@$DOMAIN_RE"

valid_domain() {
  [[ ${#1} -le 253 && $1 =~ ^$DOMAIN_RE$ ]] || fail "invalid mail domain: $1"
}

valid_address() {
  [[ $1 =~ ^$ADDRESS_RE$ && $1 != *..*@* ]] || fail "invalid address: $1"
  valid_domain "${1##*@}"
}

# Runs a function under the host's lock: one change at a time.
locked() {
  (
    flock 9
    "$@"
  ) 9>"$LOCK"
}

# Whether the installed map `name` has this key (a line "key …"; the key is checked before).
map_has() {
  grep -q -F -x -e "$2 $3" -- "$MAP_DIR/$1" 2>/dev/null
}

as_mail_user() {
  runuser -u "$MAIL_USER" -- "$@"
}

doveadm_() {
  doveadm -c "$DOVECOT_CONF" "$@"
}

# sqlite3 on a file as the user who owns it (never root on a file that user can write), the SQL on
# stdin, waiting up to 10 s for a daemon's write in progress; nothing for an absent file.
sqlite_as() {
  local user=$1 file=$2
  [ -f "$file" ] || return 0
  (cd / && setpriv --reuid="$(id -u "$user")" --regid="$(id -g "$user")" --clear-groups -- \
    sqlite3 -bail -cmd '.timeout 10000' "$file")
}

# The SQL test "this login is of the domain" on a column: the domain (checked by valid_domain
# first: letters, digits, dots, hyphens) compared whole, no LIKE wildcard (forget-domain.ts).
of_domain_sql() {
  valid_domain "$2"
  printf "substr(lower(%s), -%d) = '@%s'" "$1" $((${#2} + 1)) "$2"
}

# rspamd's per-mailbox Bayes rows of a removed domain's users (decision 0113), as _rspamd.
bayes_forget_domain() {
  local kind users
  users=$(of_domain_sql name "$1")
  for kind in spam ham; do
    printf 'DELETE FROM tokens WHERE user IN (SELECT id FROM users WHERE %s);\nDELETE FROM users WHERE %s;\n' \
      "$users" "$users" | sqlite_as _rspamd "$MAIL_ROOT/rspamd-state/bayes.$kind.sqlite"
  done
}
