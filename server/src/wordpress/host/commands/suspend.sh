# shellcheck shell=bash
# suspend SUB: visitors get the "site suspendu" page (503), wp-admin keeps working.

# A file nginx looks for: root's, in a folder the sites cannot write to.
cmd_suspend() {
  valid_subdomain "$1"
  prepare_roots
  : >"$SUSPENDED_DIR/$1"
  chmod 644 "$SUSPENDED_DIR/$1"
}

cmd_suspend "${1:?usage: suspend SUB}"
