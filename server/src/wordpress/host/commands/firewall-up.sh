# shellcheck shell=bash
# firewall-up: loads (or loads again) the nftables table that keeps every site user away from
# loopback, private networks and the host's own addresses; sync runs it.

prepare_roots && locked firewall_up
