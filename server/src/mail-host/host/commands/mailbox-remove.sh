# shellcheck shell=bash
# mailbox-remove ADDRESS: deletes the mail of a mailbox the installed maps no longer have (apply
# removed it first); refuses a mailbox that still exists.

cmd_mailbox_remove() {
  local address=$1
  valid_address "$address"
  ! map_has mailboxes "$address" "$address" || fail "$address is still a mailbox"
  rm -rf -- "${BOXES_DIR:?}/${address##*@}/${address%@*}"
}

locked cmd_mailbox_remove "${1:?usage: mailbox-remove ADDRESS}"
