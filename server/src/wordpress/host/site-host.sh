#!/usr/bin/env bash
# The WordPress host's privileged helper: the one program that creates, installs and removes
# customer sites. The embedded host runs it as root; a production host runs it over SSH through
# `sudo -n`, from a root-owned copy the sites cannot touch. Customer PHP is hostile code, so
# every site gets its own system user, php-fpm pool, temp and session folders, and never runs
# as root nor as the product's user (docs/security.md). Root never acts through a path a site
# can write (decision 0043): a site's folder and its wp-config.php are root's; what the site owns
# (wp-content, its temp folders) is copied and read by the site's user, or built by root in a
# folder only root can reach, then handed over whole.
#
# Usage: site-host.sh COMMAND [ARGUMENTS]: each command is one file, commands/COMMAND.sh, which
# says what it does; lib/ holds what they share, lib/settings.sh the settings (decision 0081).
# This file only checks the command's name against the list below and that nobody but root can
# change a file it reads, then runs the command.
set -euo pipefail
umask 027
export LC_ALL=C

COMMANDS=(check sync cron status install remove suspend unsuspend export import versions update rollback
  update-done acme-put acme-remove domain-install domain-remove site-url firewall-up firewall-down
  visits visits-prune sftp site-mode sftp-suspend sftp-unsuspend site-files plugin-cached plugin-put
  plugin-install kit-apply disk-usage disk-limit)
# Read by every command, in this order (settings first: the environment or SITE_HOST_CONF).
LIBS=(settings common confinement seccomp-filter disk-quota site-folders db-template site-runtime firewall domains site-archive
  site-versions sftp plugins)

# Root runs only what root alone can change: the path (a file, or a folder and everything in it)
# must be root's and writable by nobody else, without links, and so must every folder above it,
# but for a root sticky folder (/tmp), in which nobody else may rename what root put there.
require_root_only() {
  local path=$1 up=$1 parents=() owner mode name found
  while [ "$up" != / ]; do
    up=${up%/*}
    up=${up:-/}
    parents+=("$up")
  done
  while read -r owner mode name; do
    if [ "$owner" != 0 ] || { ((8#$mode & 8#022)) && ! ((8#$mode & 8#1000)); }; then
      echo "site-host: $name may be changed by another user than root" >&2
      exit 1
    fi
  done < <(stat -c '%u %a %n' -- "${parents[@]}")
  found=$(find "$path" \( -type l -o ! -user 0 -o -perm /022 \) -print -quit)
  if [ -n "$found" ]; then
    echo "site-host: $found may be changed by another user than root" >&2
    exit 1
  fi
}

# This file's folder, every link resolved (sudo and the embedded host name it by its full path).
HELPER_DIR=$(dirname -- "$(readlink -e -- "${BASH_SOURCE[0]}")")
require_root_only "$HELPER_DIR"

command=${1:-}
known=""
for name in "${COMMANDS[@]}"; do
  if [ "$command" = "$name" ]; then known=1; fi
done
if [ -z "$known" ]; then
  echo "site-host: usage: site-host.sh check | sync | cron [SUB] | status SUB | install SUB [--replace] [--disk-mb MB] | remove SUB | suspend SUB | unsuspend SUB | export SUB | import SUB | versions [SUB] | update SUB [plugin/SLUG|theme/SLUG ...] | rollback SUB | update-done SUB | acme-put TOKEN | acme-remove TOKEN | domain-install SUB DOMAIN URL SITE_HOST | domain-remove DOMAIN | site-url SUB URL | firewall-up | firewall-down | visits SUB SINCE | visits-prune | sftp SUB ACTION | site-mode SUB MODE | sftp-suspend SUB | sftp-unsuspend SUB | site-files SUB | plugin-cached SLUG VERSION | plugin-put SLUG VERSION SHA256 | plugin-install SUB SLUG VERSION SHA256 | kit-apply SUB | disk-usage | disk-limit SUB MB" >&2
  exit 1
fi
shift
for name in "${LIBS[@]}"; do
  # shellcheck source=/dev/null
  . "$HELPER_DIR/lib/$name.sh"
done
# shellcheck source=/dev/null
. "$HELPER_DIR/commands/$command.sh"
