#!/usr/bin/env bash
# Installs what serves the customers' WordPress sites, when it is missing: Debian's PHP with the
# extensions WordPress on SQLite needs, php-fpm (one pool per site, each under its own user) and
# nginx in front of it; nftables and bubblewrap, which confine each site (decision 0044), with
# python3-seccomp, which writes the sites' seccomp filter, and btrfs-progs, their disk quota
# (decision 0071); OpenSSH's server, whose sshd the product runs for the customers' SFTP (decision 0059), and its client.
set -euo pipefail
packages=(php-cli php-fpm php-sqlite3 php-gd php-xml php-mbstring php-curl php-zip php-intl nginx-light nftables bubblewrap
  python3-seccomp btrfs-progs openssh-server openssh-client)

if command -v php >/dev/null 2>&1 && compgen -G '/usr/sbin/php-fpm*' >/dev/null && [ -x /usr/sbin/nginx ] && [ -x /usr/sbin/nft ] && [ -x /usr/bin/bwrap ] &&
  compgen -G '/usr/lib/python3/dist-packages/seccomp.cpython-*.so' >/dev/null && [ -x /usr/bin/btrfs ] && [ -x /usr/sbin/sshd ] && command -v sftp >/dev/null 2>&1; then
  exit 0
fi
had_sshd=""
if [ -x /usr/sbin/sshd ]; then had_sshd=1; fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-php: PHP, php-fpm or nginx is missing. As root on Debian, run:" >&2
  echo "  apt-get install -y --no-install-recommends ${packages[*]}" >&2
  exit 1
fi
echo "ensure-php: installing ${packages[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null ||
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null; }
# The packages start their own services; the product runs its own nginx, php-fpm and sshd instead
# (a host's own sshd, there before, is left alone).
services=(nginx php*-fpm)
if [ -z "$had_sshd" ]; then services+=(ssh); fi
for service in "${services[@]}"; do
  if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet "$service" 2>/dev/null; then
    systemctl disable --now "$service" >/dev/null 2>&1 || true
  elif [ "$service" = ssh ] && command -v service >/dev/null 2>&1; then
    service ssh stop >/dev/null 2>&1 || true
  fi
done
