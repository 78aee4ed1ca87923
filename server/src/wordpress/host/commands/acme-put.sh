# shellcheck shell=bash
# acme-put TOKEN: reads an HTTP-01 key authorization on stdin and serves it at
# /.well-known/acme-challenge/TOKEN for every name that reaches nginx on port 80.

cmd_acme_put() {
  local token=$1
  valid_token "$token"
  domain_settings
  head -c 1024 >"$ACME_DIR/.$token.part"
  chmod 644 "$ACME_DIR/.$token.part"
  mv "$ACME_DIR/.$token.part" "$ACME_DIR/$token"
}

cmd_acme_put "${1:?usage: acme-put TOKEN}"
