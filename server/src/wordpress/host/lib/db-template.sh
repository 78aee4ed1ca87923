# shellcheck shell=bash
# The host's database template (decision 0106): a WordPress database installed once per host and
# per version of what makes it (the core, the SQLite integration, the theme, the site files, the
# installer), which every new site gets a copy of; install-site.php then makes it the site's (its
# URL, title, admin, password hash, dates) instead of running wp_install again. It holds nothing
# secret nor random: the salts are in each site's wp-config.php, the admin's password hash and the
# application password are made per site, and the installer drops every transient.
#
# Made by a user of its own (lagon-tpl-<hash>: no site is, nor can act as, that user) in a folder
# of SITES_ROOT only root and that user can enter; kept by root in DB_TEMPLATE_DIR (root's, which the sites'
# users may cross, never list), mode 600; copied by root into a new site's wp-content while only
# root can reach it, then handed over with the rest (install).

DB_TEMPLATE_DIR="$SITE_TMP_ROOT/.db-template"

# What the template is made of, as one name: a new core, plugin, theme, site file or installer
# gives a new template (the old ones go at the next sync).
db_template_key() {
  local core=$1 sums files=()
  shopt -s globstar nullglob
  files=("$core/wp-includes/version.php" "$core/wp-content/plugins/sqlite-database-integration/load.php"
    "$core"/wp-content/themes/*/style.css "$HELPER_DIR/install-site.php" "$SITE_FILES"/**)
  shopt -u globstar nullglob
  local regular=()
  for file in "${files[@]}"; do
    if [ -f "$file" ]; then regular+=("$file"); fi
  done
  sums=$(sha256sum -- "${regular[@]}" | sed -e "s#  $core/#  core/#" -e "s#  $HELPER_DIR/#  helper/#" | sha256sum)
  printf '%s' "${sums:0:16}"
}

# The user that makes the template, one per sites root (sync drops it with its sites root).
db_template_user() {
  local hash
  hash=$(printf '%s' "$SITES_ROOT/.db-template" | sha256sum)
  printf 'lagon-tpl-%s' "${hash:0:8}"
}

# Prints the path of the template for the core folder $1, made first when missing (once: other
# installs wait for it).
db_template() {
  local core=$1 key file
  key=$(db_template_key "$core")
  file="$DB_TEMPLATE_DIR/$key.sqlite"
  if [ ! -f "$file" ]; then
    [ -d "$DB_TEMPLATE_DIR" ] || install -d -o root -g root -m 711 "$DB_TEMPLATE_DIR"
    (
      flock 8
      [ -f "$file" ] || build_db_template "$core" "$file"
    ) 8>"$DB_TEMPLATE_DIR/.lock"
  fi
  printf '%s' "$file"
}

# Runs install-site.php as the template's user $1 in the build folder $2 (its site/ and tmp/).
template_php() {
  local user=$1 build=$2
  shift 2
  (cd "$build/site" && exec timeout --kill-after=10 "${PHP_TIME_LIMIT:-240}" \
    runuser -u "$user" -- env -i PATH=/usr/bin:/bin HOME=/nonexistent \
    "$PHP" -d open_basedir="$build/" -d sys_temp_dir="$build/tmp" \
    -d disable_functions="$DISABLED_FUNCTIONS" -d sendmail_path="$SENDMAIL_PATH" \
    "$build/install-site.php" "$@")
}

# A site folder like an install's (the core, the template wp-content and the site files, a
# wp-config.php of root's with salts of its own), installed by the template's user with
# placeholders (install-site.php template), whose database becomes the template $2.
build_db_template() {
  local core=$1 file=$2 user build site input
  user=$(db_template_user)
  if ! id -u "$user" >/dev/null 2>&1; then
    accounts useradd --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin --user-group \
      --comment "lagon site $SITES_ROOT/.db-template" "$user"
  fi
  # Beside the sites' folders: the core's hard links hold there as in theirs (sync drops a
  # build left by a failure, as any other scratch folder of SITES_ROOT).
  build="$SITES_ROOT/.db-template-build-$(random_suffix)"
  mkdir -m 700 "$build"
  site="$build/site"
  new_site_folder "$site"
  link_core_files "$site" "$core"
  mkdir "$site/wp-content"
  cp -R "$core/wp-content/." "$site/wp-content/"
  cp -R "$SITE_FILES/." "$site/wp-content/"
  chown -R -h "$user:$user" "$site/wp-content"
  install -d -o "$user" -g "$user" -m 700 "$build/tmp"
  install -o root -g root -m 644 "$HELPER_DIR/install-site.php" "$build/install-site.php"
  chown -h "root:$user" "$build" "$site"
  chmod 750 "$build" "$site"
  input='{"url":"http://db-template.invalid","title":"db-template","adminUser":"db-template",
    "adminEmail":"db-template@example.invalid","adminPassword":"'"$(random_suffix)"'",
    "legal":{"companyName":"db-template","email":"db-template@example.invalid","host":"db-template"}}'
  printf '%s' "$input" | template_php "$user" "$build" config "$site" >"$site/.wp-config.part"
  install_config "$site/.wp-config.part" "$site" "$user"
  printf '%s' "$input" | template_php "$user" "$build" template "$site" >/dev/null
  # Nothing of that user's may run while root checks and reads the database: it owns the folder,
  # so a process left behind could swap the file for a link between the check and the copy.
  pkill -KILL -u "$user" || true
  if [ ! -f "$site/wp-content/database/.ht.sqlite" ] || [ -L "$site/wp-content/database/.ht.sqlite" ]; then
    fail "the database template was not made"
  fi
  cp -- "$site/wp-content/database/.ht.sqlite" "$file.part"
  chmod 600 "$file.part"
  mv -T "$file.part" "$file"
  rm -rf "$build"
}

# Into the staged wp-content $2 (root-only: install), the site's copy of the template $1.
copy_db_template() {
  [ -d "$2/database" ] || mkdir -m 700 "$2/database"
  cp -- "$1" "$2/database/.ht.sqlite"
}

# The templates of other versions than $1's core (sync; an install in progress copies the one it
# named before: none is removed meanwhile but by sync).
prune_db_templates() {
  local keep
  [ -d "$DB_TEMPLATE_DIR" ] || return 0
  keep="$(db_template_key "$1").sqlite"
  find "$DB_TEMPLATE_DIR" -mindepth 1 -maxdepth 1 ! -name "$keep" ! -name .lock -exec rm -rf {} +
}
