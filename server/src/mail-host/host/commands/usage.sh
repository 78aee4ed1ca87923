# shellcheck shell=bash
# usage: prints Dovecot's quota report of every mailbox (doveadm's tab format; STORAGE in KiB).

doveadm_ -f tab quota get -A
