#!/usr/bin/env bash
# Installs whatever is missing to run the product: Debian packages, npm packages, the
# WordPress core; then builds the web app. Safe to run again: it only does what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
npm install --no-audit --no-fund --loglevel=error
npm run build
