# shellcheck shell=bash
# apply EXPECTED NEW: installs what the product rendered from its state (mail-state.ts) and has
# the daemons use it. stdin holds sections, each a line "== NAME" then its lines: state (the
# state as JSON, one line, kept for `state`), the Postfix maps (domains, mailboxes, aliases,
# senders, suspended-in, suspended-out), users (Dovecot's), key.table and signing.table
# (OpenDKIM's) and removed (the logins the change removes). Every line is checked against the
# shape the product writes; any other line, or a section missing, refuses the whole change.
# EXPECTED is the state's revision the product read: another change since (another product
# process) exits 75, and the product reads the state again. Missing DKIM keys are made here.

MAPS=(domains mailboxes aliases senders suspended-in suspended-out)
SECTIONS=(state "${MAPS[@]}" users key.table signing.table removed)
STALE_EXIT=75

check_line() {
  local section=$1 line=$2 new=$3 key value d
  local target='[^[:space:]@:,]+@[^[:space:]@:,]+'
  case $section in
  state) [[ $line =~ ^\{.*\}$ ]] ;;
  domains) [[ $line =~ ^$DOMAIN_RE\ OK$ ]] ;;
  mailboxes)
    key=${line%% *}
    [[ $line == "$key $key" && $key =~ ^$ADDRESS_RE$ ]]
    ;;
  aliases) [[ $line =~ ^$ADDRESS_RE\ $target(,$target)*$ ]] ;;
  senders) [[ $line =~ ^(@$DOMAIN_RE|$ADDRESS_RE)\ $ADDRESS_RE$ ]] ;;
  suspended-in | suspended-out) [[ $line =~ ^$DOMAIN_RE\ [45][0-9][0-9]\ [0-9.]+\ [\ -~]+$ ]] ;;
  users)
    [[ $line =~ ^$ADDRESS_RE:\{SHA512-CRYPT\}\$6\$[^[:space:]:]+::::::userdb_quota_rule=\*:bytes=[0-9]+\ lagon_rev=([0-9]+)$ ]] &&
      [ "${BASH_REMATCH[-1]}" = "$new" ]
    ;;
  key.table)
    read -r key value <<<"$line"
    d=${key#lagon._domainkey.}
    [[ $key == "lagon._domainkey.$d" && $d =~ ^$DOMAIN_RE$ && $value == "$d:lagon:$DKIM_DIR/$d.private" ]]
    ;;
  signing.table)
    read -r key value <<<"$line"
    [[ $key =~ ^$DOMAIN_RE$ && $value == "lagon._domainkey.$key" ]]
    ;;
  removed) [[ $line =~ ^$ADDRESS_RE$ ]] ;;
  *) false ;;
  esac
}

# Writes `text` to `file` through a temporary file beside it, renamed over it (owner, group, mode).
install_text() {
  local file=$1 text=$2 owner=$3 mode=$4 tmp
  tmp="$(dirname -- "$file")/.$(basename -- "$file").new"
  printf '%s' "$text" >"$tmp"
  chown "$owner" "$tmp"
  chmod "$mode" "$tmp"
  mv -f -- "$tmp" "$file"
}

cmd_apply() {
  local expected=$1 new=$2 line section="" current name d tmp seconds previous deadline first
  declare -A text=()
  [[ $expected =~ ^[0-9]+$ && $new =~ ^[0-9]+$ && $new -eq $((expected + 1)) ]] || fail "invalid revisions"
  while IFS= read -r line; do
    if [[ $line =~ ^==\ (.+)$ ]]; then
      section=${BASH_REMATCH[1]}
      [[ " ${SECTIONS[*]} " == *" $section "* ]] || fail "unknown section: $section"
      [ -z "${text[$section]+set}" ] || fail "section twice: $section"
      text[$section]=""
      continue
    fi
    [ -n "$section" ] || fail "a line before any section"
    check_line "$section" "$line" "$new" || fail "refused line in $section: $line"
    text[$section]+="$line"$'\n'
  done
  for section in "${SECTIONS[@]}"; do
    [ -n "${text[$section]+set}" ] || fail "missing section: $section"
  done

  current=$(grep -o '"revision":[0-9]*' -- "$STATE_FILE" 2>/dev/null | head -1 | cut -d: -f2 || true)
  if [ "${current:-0}" != "$expected" ]; then
    echo "mail-host: the state changed (revision ${current:-0}, not $expected)" >&2
    exit "$STALE_EXIT"
  fi

  # Each domain's key: RSA 2048, OpenDKIM's alone, made once on this host.
  while read -r d _; do
    [ -n "$d" ] || continue
    [ -f "$DKIM_DIR/$d.private" ] && continue
    tmp="$DKIM_DIR/.$d.private.new"
    (umask 077 && openssl genpkey -quiet -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$tmp")
    chown "$DKIM_USER:$DKIM_USER" "$tmp"
    mv -f -- "$tmp" "$DKIM_DIR/$d.private"
  done <<<"${text[domains]}"

  for name in "${MAPS[@]}"; do
    tmp="$MAP_DIR/.$name.new"
    printf '%s' "${text[$name]}" >"$tmp"
    chmod 644 "$tmp"
    postmap -c "$POSTFIX_CONFIG_DIR" "hash:$tmp"
    mv -f -- "$tmp.db" "$MAP_DIR/$name.db"
    mv -f -- "$tmp" "$MAP_DIR/$name"
  done

  # Dovecot rereads its users file when its modification second or size changed: two changes of
  # the same size within a second must still differ.
  tmp="$(dirname -- "$USERS_FILE")/.users.new"
  printf '%s' "${text[users]}" >"$tmp"
  chown root:dovecot "$tmp"
  chmod 640 "$tmp"
  seconds=$(date +%s)
  previous=$(stat -c %Y -- "$USERS_FILE" 2>/dev/null || echo 0)
  if [ "$seconds" -le "$previous" ]; then seconds=$((previous + 1)); fi
  touch -d "@$seconds" -- "$tmp"
  mv -f -- "$tmp" "$USERS_FILE"

  local dkim_changed=""
  for name in key.table signing.table; do
    if [ "$(cat -- "$DKIM_DIR/$name" 2>/dev/null)" != "${text[$name]%$'\n'}" ]; then dkim_changed=1; fi
    install_text "$DKIM_DIR/$name" "${text[$name]}" "root:$DKIM_USER" 640
  done
  install_text "$STATE_FILE" "${text[state]}" root:root 600

  postfix -c "$POSTFIX_CONFIG_DIR" reload 2>/dev/null
  if [ -n "$dkim_changed" ]; then bash -c "$DKIM_RELOAD"; fi

  # Done once Dovecot's lookups answer the new revision (or no longer know the removed logins).
  first=$(head -1 <<<"${text[users]}")
  first=${first%%:*}
  deadline=$((SECONDS + 10))
  while :; do
    if [ -n "$first" ]; then
      doveadm_ auth lookup "$first" 2>/dev/null | grep -q -E "lagon_rev\\s*:\\s*$new\$" && break
    else
      local known=""
      while read -r line; do
        [ -n "$line" ] || continue
        if doveadm_ user "$line" >/dev/null 2>&1; then known=1; fi
      done <<<"${text[removed]}"
      [ -z "$known" ] && break
    fi
    [ "$SECONDS" -lt "$deadline" ] || fail "Dovecot does not see the new mailboxes"
    sleep 0.05
  done
}

locked cmd_apply "${1:?usage: apply EXPECTED NEW}" "${2:?usage: apply EXPECTED NEW}"
