# shellcheck shell=bash
# acme-remove TOKEN: that challenge is no longer served.

cmd_acme_remove() {
  valid_token "$1"
  domain_settings
  rm -f "$ACME_DIR/$1"
}

cmd_acme_remove "${1:?usage: acme-remove TOKEN}"
