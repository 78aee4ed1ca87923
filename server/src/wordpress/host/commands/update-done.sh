# shellcheck shell=bash
# update-done SUB: drops the folder an update left aside.

cmd_update_done() {
  valid_subdomain "$1"
  rm -rf "${SITES_ROOT:?}/.$1.previous"
}

cmd_update_done "${1:?usage: update-done SUB}"
