# shellcheck shell=bash
# site-files SUB: gives the site the helper's current product files (mu-plugins, translations).

# The helper's product files (SITE_FILES: mu-plugins, translations) into a live site (decision
# 0076), as update gives them: root copies them into a folder only root can reach, opens it to the
# site's user for reading, and that user writes each file beside its place and renames it over the
# old one (a request never reads half a file). Root opens no path of the site's.
cmd_site_files() {
  local sub=$1 dir user
  existing_site "$sub"
  dir="$SITES_ROOT/$sub"
  user=$(site_user "$sub")
  # Global: the exit trap removes it whatever happens.
  parts="$SITES_ROOT/.$sub.files-$(random_suffix)"
  trap 'rm -rf "$parts"' EXIT
  mkdir -m 700 "$parts"
  cp -R "$SITE_FILES/." "$parts/"
  chgrp -R -h "$user" "$parts"
  chmod -R g+rX,g-w,o-rwx "$parts"
  # shellcheck disable=SC2016 # the inner shell expands its own arguments
  as_site "$user" bash -c 'set -e
    cd -- "$1"
    find . -type f -print0 | while IFS= read -r -d "" file; do
      mkdir -p -- "$2/${file%/*}"
      cp --no-preserve=mode,ownership -- "$file" "$2/${file%/*}/.${file##*/}.part"
      mv -f -T -- "$2/${file%/*}/.${file##*/}.part" "$2/$file"
    done' files "$parts" "$dir/wp-content"
  rm -rf "$parts"
}

cmd_site_files "${1:?usage: site-files SUB}"
