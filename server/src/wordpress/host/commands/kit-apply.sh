# shellcheck shell=bash
# kit-apply SUB: reads apply-kit.php's JSON on stdin and runs it as the site's user; prints what it
# did as JSON.

# Applies a plan's kit (apply-kit.php's JSON on stdin) as the site's user, in its confinement.
cmd_kit_apply() {
  local sub=$1 dir user
  existing_site "$sub"
  dir="$SITES_ROOT/$sub"
  user=$(site_user "$sub")
  ensure_private_dirs "$sub" "$user"
  head -c 1048576 | site_php "$sub" "$dir" apply-kit.php "$dir"
}

cmd_kit_apply "${1:?usage: kit-apply SUB}"
