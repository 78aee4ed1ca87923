# shellcheck shell=bash
# firewall-down: removes the nftables table of firewall-up.

prepare_roots && locked firewall_down
