# shellcheck shell=bash
# import SUB: reads a site archive on stdin and serves the site from it, replacing the one there if
# any (WordPress core comes from CORE_DIR). Backups and the final copy of an ended subscription
# both use export and import.

restore_site "${1:?usage: import SUB}"
