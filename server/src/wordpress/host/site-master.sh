#!/usr/bin/env bash
# The php-fpm master of one site on a production WordPress host: the systemd unit beside this file
# (lagon-php@.service, decision 0093) runs it as root. It loads the sites' seccomp filter
# (site-seccomp.py, decision 0071: no subvolume, snapshot nor project ID of a site's own, so the
# site stays in its disk quota) as the embedded host does (site-masters.ts) and as the helper does
# for the site's PHP it runs (lib/confinement.sh): bubblewrap, --seccomp, then php-fpm in the
# foreground. The master, its workers and whatever they start inherit the filter; php-fpm is
# bubblewrap's child and tells systemd its own PID (READY=1 with MAINPID=), so it runs in the
# machine's PID namespace (no --unshare-pid): the unit gives the rest of the site's box (slice,
# private /tmp and IPC, /proc of its own user).
#
# Usage: site-master.sh SECCOMP_FILTER PHP_FPM FPM_CONFIG
set -euo pipefail

if [ "$#" != 3 ]; then
  echo "site-master: usage: site-master.sh SECCOMP_FILTER PHP_FPM FPM_CONFIG" >&2
  exit 2
fi
filter=$1 fpm=$2 config=$3
if [ ! -s "$filter" ]; then
  echo "site-master: no seccomp filter at $filter (site-host.sh check writes it from site-seccomp.py)" >&2
  exit 1
fi
# bubblewrap reads the filter from descriptor 9.
exec /usr/bin/bwrap --dev-bind / / --seccomp 9 -- "$fpm" --nodaemonize --fpm-config "$config" 9<"$filter"
