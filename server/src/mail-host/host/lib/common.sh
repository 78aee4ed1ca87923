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
