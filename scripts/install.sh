#!/usr/bin/env bash
# Installs whatever is missing to run the product: Debian packages (PHP for the WordPress
# sites, Postfix and Dovecot for the mailboxes, restic for their backups, Chromium for the directory's screenshots), npm packages, the WordPress core template; then builds the
# web app. Safe to run again: it only does what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/wordpress/ensure-php.sh
bash scripts/ensure-debian-packages.sh restic=restic goaccess=goaccess /usr/bin/chromium=chromium
bash scripts/mail/ensure-mail-packages.sh
bash scripts/mail/warm-rspamd-cache.sh
# --include=dev: the build needs its tools (React Router's CLI, Vite, TypeScript), and npm leaves
# them out when NODE_ENV=production, as operators set it.
npm install --include=dev --no-audit --no-fund --loglevel=error
bash scripts/wordpress/fetch-core.sh .wordpress
npm run build
