#!/usr/bin/env bash
# Five real Koza sites of five trades, made through the product's own path (order, payment,
# WordPress host, embedded writer), every page captured at 375 px and 1280 px by Playwright and
# Debian's chromium, for a person to look at after a change to Koza's writer (decision 0085).
# Usage: npm run shots:koza -- [folder]   (default: /tmp/koza-shots, outside the clone)
# Kept out of `npm test`: it takes several minutes. E2E_PORT picks the stack's port.
set -euo pipefail
cd "$(dirname "$0")/.."
folder="${1:-/tmp/koza-shots}"
mkdir -p "$folder"
KOZA_SHOTS="$(cd "$folder" && pwd)"
export KOZA_SHOTS
# The stack serves the built web app (the Koza sites do not depend on it: built once).
[ -d web/build/client ] || npm run build
npx playwright test e2e/evidence/koza-trades.spec.ts
echo "captures: $KOZA_SHOTS"
