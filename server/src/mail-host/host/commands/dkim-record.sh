# shellcheck shell=bash
# dkim-record DOMAIN: prints the domain's DKIM public key (base64 of its DER), for its DNS record;
# the private key stays here.

cmd_dkim_record() {
  valid_domain "$1"
  [ -f "$DKIM_DIR/$1.private" ] || fail "no DKIM key for $1"
  openssl pkey -in "$DKIM_DIR/$1.private" -pubout -outform DER | base64 -w0
  echo
}

cmd_dkim_record "${1:?usage: dkim-record DOMAIN}"
