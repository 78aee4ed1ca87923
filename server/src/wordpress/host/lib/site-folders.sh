# shellcheck shell=bash
# A site's folders (decision 0043): root's folder and wp-config.php, the site's wp-content, its
# private temp folders, made by root where only root can reach them, then handed over whole;
# what the site owns is copied by the site's user.

# The site's temp and session folders, private to its user, in a folder of root's that the
# site's user may cross but not change: created once, never chowned nor chmodded again. Beside
# them, root's copy of the helper's PHP programs, which the site's user runs (open_basedir lets
# it read nothing outside its own folders). A folder made by an older version (the site's own)
# is taken back first; its parent is root's, so nothing can swap it meanwhile.
ensure_private_dirs() {
  local sub=$1 user=$2 dir="$SITE_TMP_ROOT/$1" name program
  if [ ! -d "$dir" ]; then
    new_counted_folder "$sub" "$dir"
    chown -h "root:$user" "$dir"
    chmod 00750 "$dir"
  elif [ "$(stat -c %u:%G:%a "$dir")" != "0:$user:750" ]; then
    chown -h "root:$user" "$dir"
    chmod 00750 "$dir"
  fi
  # From here on, no entry of $dir changes but by root.
  for name in tmp sessions; do
    if [ -L "$dir/$name" ] || { [ -e "$dir/$name" ] && [ ! -d "$dir/$name" ]; }; then rm -f "$dir/$name"; fi
    [ -d "$dir/$name" ] || install -d -o "$user" -g "$user" -m 700 "$dir/$name"
  done
  if [ -L "$dir/helper" ] || [ "$(stat -c %u "$dir/helper" 2>/dev/null || echo 0)" != 0 ]; then
    rm -rf "$dir/helper"
  fi
  if [ ! -d "$dir/helper" ]; then
    # A new folder (no entry of it but root's can change): every program in one process.
    install -d -o root -g root -m 755 "$dir/helper"
    install -o root -g root -m 644 -t "$dir/helper" "${PHP_PROGRAMS[@]/#/$HELPER_DIR/}"
    return
  fi
  for program in "${PHP_PROGRAMS[@]}"; do
    if ! cmp -s "$HELPER_DIR/$program" "$dir/helper/$program"; then
      install -o root -g root -m 644 "$HELPER_DIR/$program" "$dir/helper/.$program.part"
      mv -f "$dir/helper/.$program.part" "$dir/helper/$program"
    fi
  done
}

# A site's folder (decision 0043): root's and nginx's, which the site's user may cross but not
# change, so that it can never swap wp-config.php or wp-content for a link. Core files are root's,
# wp-config.php is root's and readable by the site's user only, wp-content is the site's.
hand_over_site_folder() {
  chown -h "root:$WEB_GROUP" "$1"
  chmod 00751 "$1"
}

# A fresh site folder: root's only until hand_over_site_folder opens it.
new_site_folder() {
  mkdir -m 700 "$1"
}

# Gives a wp-content built by root in a folder nobody else can reach yet ($1/.., mode 700) to the
# site's user, with nginx's group; folders WordPress makes later (uploads/2026/11) inherit that
# group from their setgid parent.
give_staged_wp_content() {
  local content=$1 user=$2
  [ "$(stat -c %u:%a "${content%/*}")" = 0:700 ] || fail "$content is not in a root-only folder"
  chown -R -h "$user:$WEB_GROUP" "$content"
  chmod -R g+rX,o-rwx "$content"
  find "$content" -type d -exec chmod g+s {} +
}

# An empty wp-content $3 of the site $1 (user $2) in a folder still root's only, counted in its quota.
new_site_content() {
  new_counted_folder "$1" "$3"
  chown -h "$2:$WEB_GROUP" "$3"
  chmod 02750 "$3"
}

# Root's wp-config.php of the folder $2 from the file $1 (made by mktemp in that folder).
install_config() {
  local part=$1 dir=$2 user=$3
  [ -s "$part" ] || fail "empty wp-config.php for $dir"
  chown -h "root:$user" "$part"
  chmod 640 "$part"
  mv -T "$part" "$dir/wp-config.php"
}

# Copies the tree $2 into the folder $3 as the site's user ($1): links stay links, and a link to
# elsewhere reaches nothing that user could not read already. Folders are made by mkdir alone and
# files without their modes, so that they keep the setgid nginx group of wp-content (the site's
# user is not in that group: any chmod of its own would drop the bit).
copy_as_site() {
  # A file that vanishes while it is copied (a cache renamed, a temporary file gone: the site
  # runs meanwhile) is no failure; any other error is.
  # shellcheck disable=SC2016 # the inner shell expands its own arguments
  as_site "$1" bash -c 'set -e
    cd -- "$1"
    find . -mindepth 1 -type d -print0 | (cd -- "$2" && xargs -0r mkdir -p --)
    if errors=$(cp -R --no-preserve=mode,ownership --preserve=timestamps,links . "$2/" 2>&1); then exit 0; fi
    if printf "%s\n" "$errors" | grep -qvE "^cp: cannot (stat|open|access) .*: No such file or directory$"; then
      printf "%s\n" "$errors" >&2
      exit 1
    fi' copy "$2" "$3"
}

# A site folder made by an older version was its user's: it becomes root's (its parent is
# root's: nothing can swap it meanwhile), then, as no entry of it can change any more,
# wp-config.php is replaced by root's copy of what the site's user reads in it. Nothing the site
# owned is chowned or chmodded; what it left beside the core stays, unused by the helper.
migrate_site() {
  local sub=$1 user=$2 dir="$SITES_ROOT/$1" part
  if [ ! -d "$dir" ] || [ -L "$dir" ] || [ "$(stat -c %u "$dir")" = 0 ]; then return 0; fi
  hand_over_site_folder "$dir"
  if [ -L "$dir/wp-content" ] || [ ! -d "$dir/wp-content" ]; then
    echo "site-host: $sub: wp-content is not a folder" >&2
  fi
  part=$(mktemp "$dir/.wp-config.XXXXXX")
  if as_site "$user" cat "$dir/wp-config.php" >"$part" && [ -s "$part" ]; then
    install_config "$part" "$dir" "$user"
  else
    rm -f "$part"
    echo "site-host: $sub: no readable wp-config.php" >&2
  fi
}

# Root reads a site's wp-config.php only when it is root's own file (a folder taken back from the
# older layout keeps the site's, link or not, when its user could not read it).
root_config() {
  local file="$SITES_ROOT/$1/wp-config.php"
  if [ ! -f "$file" ] || [ -L "$file" ] || [ "$(stat -c %u "$file")" != 0 ]; then
    fail "the site $1 has no wp-config.php of root's"
  fi
}

# The site exists in the layout this version makes (an update, a backup, a move).
site_in_layout() {
  local sub=$1 user
  user=$(site_user "$sub")
  [ "$(stat -c %u "$SITES_ROOT/$sub")" = 0 ] || locked migrate_site "$sub" "$user"
}

# The site SUB (a checked subdomain) is there, in the layout this version makes.
existing_site() {
  valid_subdomain "$1"
  [ -f "$SITES_ROOT/$1/wp-config.php" ] || fail "no site $1"
  site_in_layout "$1"
}

# The folder whose core files a new site folder gets: CORE_DIR, or, with CORE_COPY_DIR (a root-only
# folder on the sites' mount, decision 0071), root's copy of CORE_DIR there, made again when a
# file of CORE_DIR changed, which the sites' folders hard-link as they did CORE_DIR (the sites'
# folders are on their own file system then); nothing of it counts in their quota. Each version has its own folder, never changed once made
# (a concurrent install may be copying from the one before); sync drops the others.
core_files() {
  local stamp copy part
  if [ -z "${CORE_COPY_DIR:-}" ]; then
    printf '%s' "$CORE_DIR"
    return
  fi
  stamp=$(cd "$CORE_DIR" && find . -printf '%p %s %T@\n' | sort | sha256sum | cut -c1-16)
  copy="$CORE_COPY_DIR/core-$stamp"
  if [ ! -d "$copy" ]; then
    install -d -o root -g root -m 700 "$CORE_COPY_DIR"
    part="$CORE_COPY_DIR/.part-$(random_suffix)"
    cp -a "$CORE_DIR/." "$part"
    # Another run made it meanwhile: its copy is the same.
    mv -T "$part" "$copy" 2>/dev/null || rm -rf "$part"
  fi
  printf '%s' "$copy"
}

# The core files of $2 (everything but wp-content and wp-config.php) into the new folder $1: hard
# links on the same file system (never written in place: updates come with a new template),
# copies across. From a site's folder ($3 = root-only; the folder is root's, its entries cannot
# change), only root's entries. One cp for them all (one per entry took a second of a loaded
# machine per install, decision 0096).
link_core_files() {
  local fresh=$1 src=$2 how=-a owner=()
  # Hard links within one mount (a bind mount of the same file system refuses them); else copies,
  # which btrfs makes as reflinks when it holds both (coreutils' cp shares extents where it can).
  if [ "$(stat -c %m "$src")" = "$(stat -c %m "$SITES_ROOT")" ]; then how=-al; fi
  if [ "${3:-}" = root-only ]; then owner=(-user root); fi
  find "$src" -mindepth 1 -maxdepth 1 ! -name wp-content ! -name wp-config.php "${owner[@]}" \
    -exec cp "$how" -t "$fresh/" {} +
}
