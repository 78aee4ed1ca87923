#!/usr/bin/env bash
# Fails when a module of server/src or web/src imports itself through others (type-only imports
# aside: they vanish at build time). A cycle makes load order matter and areas inseparable.
set -euo pipefail
cd "$(dirname "$0")/.."
npx dpdm --no-warning --no-tree --no-progress -T --exit-code circular:1 \
  --tsconfig server/tsconfig.json 'server/src/**/*.ts'
npx dpdm --no-warning --no-tree --no-progress -T --exit-code circular:1 \
  --tsconfig web/tsconfig.json 'web/src/**/*.{ts,tsx}'
