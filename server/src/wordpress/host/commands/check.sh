# shellcheck shell=bash
# check: the host has what the helper needs, and SITE_SECCOMP the filter of its site-seccomp.py
# (written again when it is not); prints the helper's version (a hash of its files).

cmd_check() {
  command -v "$PHP" >/dev/null || fail "no $PHP on the host"
  [ -f "$CORE_DIR/wp-settings.php" ] || fail "no WordPress core in $CORE_DIR"
  local program files
  for program in "${PHP_PROGRAMS[@]}"; do
    [ -f "$HELPER_DIR/$program" ] || fail "no $program beside site-host.sh"
  done
  [ -d "$SITE_FILES" ] || fail "no site-files folder beside site-host.sh"
  [ -x "$HELPER_DIR/site-master.sh" ] || fail "no site-master.sh beside site-host.sh"
  [ -f "$HELPER_DIR/lagon-php@.service" ] || fail "no lagon-php@.service beside site-host.sh"
  [ -f "$SECCOMP_WRITER" ] || fail "no site-seccomp.py beside site-host.sh"
  getent group "$WEB_GROUP" >/dev/null || fail "no group $WEB_GROUP"
  prepare_roots
  ensure_seccomp_filter
  # The version the product compares with its own copy of the helper (site-host-files.ts): the
  # dispatcher, its lib/ and commands/ files, the php-fpm launcher and unit of a production host,
  # the writer of the sites' seccomp filter,
  # its PHP programs (each in the order of their names) and the files given to sites (in the order
  # of their paths).
  mapfile -t files < <(cd "$SITE_FILES" && find . -type f | sed 's|^\./||' | sort)
  (cd "$HELPER_DIR" && cat site-host.sh lib/*.sh commands/*.sh site-master.sh lagon-php@.service site-seccomp.py "${PHP_PROGRAMS[@]}" && cd "$SITE_FILES" && cat -- "${files[@]}") |
    sha256sum | cut -c1-16
}

cmd_check
