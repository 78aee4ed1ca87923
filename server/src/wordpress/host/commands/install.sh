# shellcheck shell=bash
# install SUB [--replace] [--disk-mb MB]: reads install-site.php's JSON input on stdin and prints
# its JSON result. Exit code 17: the site is there already. MB: the site's disk allowance (its
# plan's, decision 0095), kept for it as disk-limit does.

# The site's user and, for a new site (not a reinstall), no SFTP whatever a user of that name had.
install_user() {
  ensure_user "$1"
  if [ "$3" != --replace ]; then sftp_reset "$1" "$2"; fi
}

cmd_install() {
  local sub=$1 mode="" input user out part core template
  shift
  while [ $# -gt 0 ]; do
    case $1 in
    --replace) mode=--replace ;;
    --disk-mb)
      record_disk_mb "$sub" "${2:?usage: install SUB [--replace] [--disk-mb MB]}"
      shift
      ;;
    *) fail "usage: install SUB [--replace] [--disk-mb MB]" ;;
    esac
    shift
  done
  valid_subdomain "$sub"
  [ "$mode" = --replace ] || [ ! -e "$SITES_ROOT/$sub" ] || exit "$SITE_EXISTS"
  [ -f "$CORE_DIR/wp-settings.php" ] || fail "no WordPress core in $CORE_DIR"
  # The whole input (the shell's own read: no process).
  IFS= read -r -d '' input || true
  prepare_roots
  remember_site_user "$sub"
  user=$(site_user "$sub")
  locked install_user "$sub" "$user" "$mode"
  ensure_private_dirs "$sub" "$user"
  # The site's master first: the installer's PHP runs within its confinement. It starts while the
  # site's files are staged; the PHP waits for it. Its user and folders are made just above: each
  # step of ensure_site_runtime once (decision 0103).
  locked ensure_site_pool "$sub" "$user"

  # Global: the exit trap removes it whatever happens.
  fresh="$SITES_ROOT/.$sub.new-$(random_suffix)"
  trap 'rm -rf "$fresh"' EXIT
  # The template's wp-content and the French supplement become the site's while only root can
  # reach them; then the folder opens and the site's user installs WordPress in it.
  new_site_folder "$fresh"
  core=$(core_files)
  link_core_files "$fresh" "$core"
  new_counted_folder "$sub" "$fresh/wp-content"
  cp -R "$core/wp-content/." "$fresh/wp-content/"
  cp -R "$SITE_FILES/." "$fresh/wp-content/"
  # The host's installed database (decision 0106), which the installer makes this site's.
  template=$(db_template "$core")
  copy_db_template "$template" "$fresh/wp-content"
  give_staged_wp_content "$fresh/wp-content" "$user"
  # As the SQLite integration makes it (0700, setgid from wp-content): not nginx's to read.
  chmod 2700 "$fresh/wp-content/database"
  hand_over_site_folder "$fresh"
  wait_for_socket "$sub"
  # One PHP run (decision 0111): it loads WordPress with the constants it drew and prints them as
  # the site's wp-config.php, then its result on the last line. Root writes that file; the site's
  # user cannot write in its folder (hand_over_site_folder), so nothing else is in its place.
  out=$(printf '%s' "$input" | site_php "$sub" "$fresh" install-site.php install "$fresh")
  [[ $out == '<?php'*$'\n'* ]] || fail "install-site.php printed no wp-config.php for $sub"
  part=$(mktemp "$fresh/.wp-config.XXXXXX")
  printf '%s\n' "${out%$'\n'*}" >"$part"
  install_config "$part" "$fresh" "$user"

  local target="$SITES_ROOT/$sub" old
  if [ "$mode" = --replace ] && [ -e "$target" ]; then
    old="$SITES_ROOT/.$sub.old-$(random_suffix)"
    mv -T "$target" "$old"
  elif [ -e "$target" ]; then
    exit "$SITE_EXISTS"
  fi
  mv -T "$fresh" "$target"
  if [ -n "${old:-}" ]; then rm -rf "$old"; fi
  printf '%s\n' "${out##*$'\n'}"
}

cmd_install "${1:?usage: install SUB [--replace] [--disk-mb MB]}" "${@:2}"
