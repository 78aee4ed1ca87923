#!/usr/bin/env bash
# The mail host's privileged helper (decision 0099): the one program through which the product
# changes a production mail host, reached over SSH through `sudo -n` from a root-owned copy. The
# host's Postfix, Dovecot and OpenDKIM are its own system services, set up once from
# docs/operations/mail-host.md; the product renders what they read (maps, users file, DKIM
# tables: mail-state.ts), this helper checks every line of it, installs it atomically and has
# the daemons read it again. It never takes a path: only checked domains and addresses, under the
# folders of its settings. DKIM private keys are made here and never leave the host.
#
# Usage: mail-host.sh COMMAND [ARGUMENTS]: each command is one file, commands/COMMAND.sh, which
# says what it does; lib/ holds what they share, lib/settings.sh the settings (as site-host.sh,
# decision 0081). This file only checks the command's name and that nobody but root can change a
# file it reads, then runs the command.
set -euo pipefail
umask 027
export LC_ALL=C
export PATH=/usr/sbin:/usr/bin:/sbin:/bin

COMMANDS=(check configure health state apply dkim-record mailbox-remove domain-remove mail-remove vacation
  usage export import)
LIBS=(settings common webmail)

# Root runs only what root alone can change: the path and every folder above it must be root's
# and writable by nobody else (but a root sticky folder such as /tmp), without links.
require_root_only() {
  local path=$1 up=$1 parents=() owner mode name found
  while [ "$up" != / ]; do
    up=${up%/*}
    up=${up:-/}
    parents+=("$up")
  done
  while read -r owner mode name; do
    if [ "$owner" != 0 ] || { ((8#$mode & 8#022)) && ! ((8#$mode & 8#1000)); }; then
      echo "mail-host: $name may be changed by another user than root" >&2
      exit 1
    fi
  done < <(stat -c '%u %a %n' -- "${parents[@]}")
  found=$(find "$path" \( -type l -o ! -user 0 -o -perm /022 \) -print -quit)
  if [ -n "$found" ]; then
    echo "mail-host: $found may be changed by another user than root" >&2
    exit 1
  fi
}

HELPER_DIR=$(dirname -- "$(readlink -e -- "${BASH_SOURCE[0]}")")
require_root_only "$HELPER_DIR"

command=${1:-}
known=""
for name in "${COMMANDS[@]}"; do
  if [ "$command" = "$name" ]; then known=1; fi
done
if [ -z "$known" ]; then
  echo "mail-host: usage: mail-host.sh check | configure | health | state | apply REVISION | dkim-record DOMAIN | mailbox-remove ADDRESS | domain-remove DOMAIN | mail-remove DOMAIN... | vacation ADDRESS | usage | export DOMAIN... | import DOMAIN..." >&2
  exit 1
fi
shift
for name in "${LIBS[@]}"; do
  # shellcheck source=/dev/null
  . "$HELPER_DIR/lib/$name.sh"
done
# shellcheck source=/dev/null
. "$HELPER_DIR/commands/$command.sh"
