#!/usr/bin/env bash
# One command for a newcomer: install what is missing, then start the whole product on its
# embedded defaults (PGlite, in-process worker, local WordPress host, e-mail log).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
exec node --import tsx server/src/main.ts
