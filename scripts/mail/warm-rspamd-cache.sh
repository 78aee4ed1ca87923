#!/usr/bin/env bash
# Compiles rspamd's URL matcher (the public suffix list, for hyperscan) once per machine, into the
# cache every embedded mail host shares (RSPAMD_CACHE_DIR of server/src/mail-host/rspamd-config.ts):
# 20 to 50 s on 2 cores, which the first start of a mail host (or of a test's) would otherwise wait.
# Safe to run again: nothing to do once it is done (the file `prepared` of the cache says so).
set -euo pipefail
cache=/var/cache/lagon-rspamd
[ "$(id -u)" = 0 ] && [ -x /usr/bin/rspamd ] || exit 0
[ -e "$cache/prepared" ] && exit 0
install -d -m 0700 -o _rspamd -g _rspamd "$cache"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
cat >"$work/rspamd.conf" <<CONF
options {
  hs_cache_dir = "$cache/";
  url_tld = "/usr/share/rspamd/effective_tld_names.dat";
}
logging { type = "console"; level = "info"; }
CONF
chmod 644 "$work/rspamd.conf"
echo "Préparation de rspamd (une fois par machine, jusqu'à une minute)"
(cd "$work" && exec setpriv --reuid=_rspamd --regid=_rspamd --clear-groups \
  /usr/bin/rspamd -f -c "$work/rspamd.conf" >"$work/log" 2>&1) &
pid=$!
for _ in $(seq 600); do
  grep -q "url match suffixes" "$work/log" && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.5
done
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
if grep -q "url match suffixes" "$work/log"; then
  touch "$cache/prepared"
else
  echo "rspamd : cache non préparé (le premier démarrage de l'hébergement e-mail sera plus long)" >&2
fi
