# shellcheck shell=bash
# unsuspend SUB: the site is served again.

cmd_unsuspend() {
  valid_subdomain "$1"
  rm -f "$SUSPENDED_DIR/$1"
}

cmd_unsuspend "${1:?usage: unsuspend SUB}"
