#!/usr/bin/env bash
# Installs Debian's PHP with the extensions WordPress on SQLite needs, when `php` is missing.
set -euo pipefail
packages=(php-cli php-sqlite3 php-gd php-xml php-mbstring php-curl php-zip php-intl)

if command -v php >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-php: PHP is missing. As root on Debian, run:" >&2
  echo "  apt-get install -y --no-install-recommends ${packages[*]}" >&2
  exit 1
fi
echo "ensure-php: installing ${packages[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null ||
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null; }
