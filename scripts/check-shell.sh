#!/usr/bin/env bash
# Lints every shell script of the repository with shellcheck (Debian's package, installed when
# missing): the *.sh files and the tracked files without an extension that start with a shell's
# `#!` line. `.ci/` belongs to the machinery that runs the checks, not to the product.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-debian-packages.sh shellcheck=shellcheck
scripts=()
while IFS= read -r -d '' file; do
  case $file in
  .ci/*) ;;
  *.sh) scripts+=("$file") ;;
  */*.* | *.*) ;;
  *) if head -n 1 -- "$file" | grep -qE '^#!(/usr/bin/env |/bin/)(ba|da)?sh\b'; then scripts+=("$file"); fi ;;
  esac
done < <(git ls-files -z 2>/dev/null ||
  find . -path ./node_modules -prune -o -path ./.git -prune -o -path ./data -prune -o -type f -printf '%P\0')
shellcheck --severity=style -- "${scripts[@]}"
