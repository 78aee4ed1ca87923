# shellcheck shell=bash
# rollback SUB: reads a backup archive on stdin and serves it on the core an update left aside.

restore_site "${1:?usage: rollback SUB}" --previous
