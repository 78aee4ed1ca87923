# shellcheck shell=bash
# versions [SUB]: prints the core, plugin and theme versions of the site (of the template without
# SUB) as JSON.

site_versions "${1:-}"
