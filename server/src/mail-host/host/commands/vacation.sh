# shellcheck shell=bash
# vacation ADDRESS: writes the mailbox's out-of-office Sieve script (vacation-sieve.ts) from
# stdin, as the mail user, in the mailbox's home; an empty stdin removes it. Only for a mailbox
# of the installed maps.

cmd_vacation() {
  local address=$1 home script
  valid_address "$address"
  map_has mailboxes "$address" "$address" || fail "unknown mailbox $address"
  home="$BOXES_DIR/${address##*@}/${address%@*}"
  script="$home/vacation.sieve"
  # As the mail user, who owns the boxes folder: root never writes where it could be led astray.
  # shellcheck disable=SC2016 # expanded by that shell
  as_mail_user bash -c '
    set -euo pipefail
    umask 077
    home=$1 script=$2
    mkdir -p -- "$home"
    rm -f -- "${script%.sieve}.svbin"
    tmp=$(mktemp -- "$home/.vacation.XXXXXX")
    cat >"$tmp"
    if [ -s "$tmp" ]; then mv -f -- "$tmp" "$script"; else rm -f -- "$tmp" "$script"; fi
  ' vacation "$home" "$script"
}

cmd_vacation "${1:?usage: vacation ADDRESS}"
