# shellcheck shell=bash
# The sites' seccomp filter (SITE_SECCOMP, decisions 0071 and 0095), written by the helper from its
# own site-seccomp.py, so that a new helper brings its filter with it. Beside the filter, a stamp
# holds the sha256 of the site-seccomp.py that wrote it and of the filter itself: `check` writes
# the filter again when either differs (a new helper, a file changed by hand) and says so.

SECCOMP_WRITER="$HELPER_DIR/site-seccomp.py"

seccomp_stamp() {
  printf '%s %s\n' "$(sha256sum <"$SECCOMP_WRITER" | cut -c1-64)" "$(sha256sum <"$1" | cut -c1-64)"
}

# Keeps SITE_SECCOMP the filter of this helper's site-seccomp.py: root's, 0644, in a folder only
# root may change; written aside and renamed, so that a master starting meanwhile reads a whole one.
ensure_seccomp_filter() {
  local filter=${SITE_SECCOMP:-} stamp part
  [ -n "$filter" ] || return 0
  stamp="$filter.sha256"
  if [ -f "$filter" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$(seccomp_stamp "$filter")" ]; then
    require_root_only "$filter"
    return 0
  fi
  [ -d "$(dirname "$filter")" ] || install -d -o root -g root -m 755 "$(dirname "$filter")"
  part=$(mktemp "$filter.part-XXXXXX")
  # Refused before anything is renamed when another user than root could change the folder.
  require_root_only "$part"
  /usr/bin/python3 "$SECCOMP_WRITER" "$part" || {
    rm -f "$part"
    fail "the seccomp filter could not be written (Debian python3-seccomp)"
  }
  chmod 644 "$part"
  seccomp_stamp "$part" >"$part.sha256"
  chmod 644 "$part.sha256"
  mv -f "$part" "$filter"
  mv -f "$part.sha256" "$stamp"
  echo "site-host: seccomp filter $filter written from site-seccomp.py; restart the sites' masters to load it" >&2
}
