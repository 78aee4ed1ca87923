# shellcheck shell=bash
# check: prints MAIL_ROOT, then the helper's version (the hash of its files, as the product
# computes it: ssh-mail-host.ts) on the last line.

cmd_check() {
  local file
  echo "root $MAIL_ROOT"
  (
    cd "$HELPER_DIR" || exit
    for file in mail-host.sh $(find lib commands conf -type f | sort); do cat -- "$file"; done
  ) | sha256sum | cut -c1-16
}

cmd_check
