#!/usr/bin/env bash
# Installs the Debian packages the product needs when they are missing.
# Usage: scripts/ensure-debian-packages.sh CHECK=PACKAGES ...
#   CHECK is a command name or an absolute path/glob that must exist; PACKAGES is a
#   comma-separated list installed when it does not.
set -euo pipefail
missing=()
for spec in "$@"; do
  check=${spec%%=*}
  packages=${spec#*=}
  if [[ $check == /* ]]; then
    compgen -G "$check" >/dev/null && continue
  else
    command -v "$check" >/dev/null 2>&1 && continue
  fi
  IFS=, read -r -a list <<<"$packages"
  missing+=("${list[@]}")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null; then
  echo "Paquets manquants : ${missing[*]} (installez-les avec apt-get en root)" >&2
  exit 1
fi
sudo=""
[ "$(id -u)" != 0 ] && sudo="sudo"
echo "Installation des paquets Debian : ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
