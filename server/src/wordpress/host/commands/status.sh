# shellcheck shell=bash
# status SUB: prints installed or absent.

cmd_status() {
  valid_subdomain "$1"
  if [ -f "$SITES_ROOT/$1/wp-config.php" ]; then echo installed; else echo absent; fi
}

cmd_status "${1:?usage: status SUB}"
