# shellcheck shell=bash
# Network confinement (decision 0044).
# Customer code may be native: whatever a site's user sends to loopback, a private network or
# one of this host's own addresses is refused (TCP with a reset, the rest with an ICMP error),
# so a site reaches neither the product's API, the database, other sites through nginx, nor
# anything on the host's networks. The internet stays reachable, and so does the resolver named
# in /etc/resolv.conf (on port 53 only). The rule matches the sending socket's owner: a site's
# own listener answers nobody on loopback either (its replies are refused the same way).
# nginx reaches php-fpm over unix sockets, which no rule here touches.

firewall_table() {
  local table=${FIREWALL_TABLE:-lagon}
  [ "$table" != off ] || return 1
  [[ $table =~ ^[a-z][a-z0-9_]{0,30}$ ]] || fail "invalid FIREWALL_TABLE: $table"
  printf '%s' "$table"
}

# The resolvers' addresses for family $1 (ip or ip6), as "a, b, ".
firewall_resolvers() {
  local family=$1 key address
  [ -f /etc/resolv.conf ] || return 0
  while read -r key address _; do
    [ "$key" = nameserver ] || continue
    if [ "$family" = ip6 ] && [[ $address =~ ^[0-9a-fA-F:]+$ ]]; then printf '%s, ' "$address"; fi
    if [ "$family" = ip ] && [[ $address =~ ^[0-9.]+$ ]]; then printf '%s, ' "$address"; fi
  done </etc/resolv.conf
}

# The uids of every site user of this sites root, as "a, b, ".
firewall_site_uids() {
  getent passwd | while IFS=: read -r _ _ uid _ comment _; do
    if [[ $comment == "lagon site $SITES_ROOT/"* ]]; then printf '%s, ' "$uid"; fi
  done
}

firewall_rules() {
  local table=$1 v4 v6 uids
  v4=$(firewall_resolvers ip)
  v6=$(firewall_resolvers ip6)
  uids=$(firewall_site_uids)
  # The sites root in the comment: a table whose sites root is gone is a leftover (firewall_up).
  printf 'table inet %s {\n  comment "lagon sites %s"\n  set site_uids {\n    type uid\n' "$table" "$SITES_ROOT"
  if [ -n "$uids" ]; then printf '    elements = { %s }\n' "${uids%, }"; fi
  printf '  }\n  chain output {\n    type filter hook output priority 0; policy accept;\n'
  printf '    meta skuid @site_uids jump site\n  }\n  chain site {\n'
  if [ -n "$v4" ]; then printf '    meta l4proto { tcp, udp } th dport 53 ip daddr { %s } accept\n' "${v4%, }"; fi
  if [ -n "$v6" ]; then printf '    meta l4proto { tcp, udp } th dport 53 ip6 daddr { %s } accept\n' "${v6%, }"; fi
  # The mail host's submission port (authenticated, its own limits): how WordPress sends its mail.
  if [ -n "${SITE_MAIL_SUBMISSION:-}" ]; then
    [[ $SITE_MAIL_SUBMISSION =~ ^([0-9]{1,3}(\.[0-9]{1,3}){3}):([0-9]{1,5})$ ]] ||
      fail "invalid SITE_MAIL_SUBMISSION: $SITE_MAIL_SUBMISSION"
    printf '    ip daddr %s tcp dport %s accept\n' "${BASH_REMATCH[1]}" "${BASH_REMATCH[3]}"
  fi
  cat <<'RULES'
    fib daddr type local jump refuse
    ip daddr { 127.0.0.0/8, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 169.254.0.0/16, 100.64.0.0/10 } jump refuse
    ip6 daddr { ::1, ::ffff:0:0/96, fc00::/7, fe80::/10 } jump refuse
  }
  chain refuse {
    meta l4proto tcp reject with tcp reset
    reject
  }
}
RULES
}

# Replaces the table in one transaction (never a moment without rules), every site user in it.
firewall_up() {
  local table
  table=$(firewall_table) || return 0
  command -v nft >/dev/null || fail "no nft on the host (Debian package nftables)"
  { printf 'table inet %s {}\ndelete table inet %s\n' "$table" "$table" && firewall_rules "$table"; } |
    nft -f - || fail "nftables refused the table $table"
  firewall_drop_leftovers "$table"
}

# Tables of sites roots that no longer exist (a product killed, then its data folder removed):
# their uids may be given to new users, who would find loopback closed.
firewall_drop_leftovers() {
  local ours=$1 name root
  nft list tables inet | while read -r _ _ name; do
    [[ $name == lagon* && $name != "$ours" ]] || continue
    root=$(nft list table inet "$name" | sed -n 's/^[[:space:]]*comment "lagon sites \(.*\)"$/\1/p')
    if [ -n "$root" ] && [ ! -d "$root" ]; then nft delete table inet "$name" || true; fi
  done
}

firewall_down() {
  local table
  table=$(firewall_table) || return 0
  command -v nft >/dev/null || return 0
  nft delete table inet "$table" 2>/dev/null || true
}

# A new site user is in the set before its pool serves anything; before the first firewall-up,
# the set is filled from the users then.
firewall_add_user() {
  local table
  table=$(firewall_table) || return 0
  if command -v nft >/dev/null && nft list set inet "$table" site_uids >/dev/null 2>&1; then
    nft add element inet "$table" site_uids "{ $(id -u "$1") }"
  fi
}

firewall_remove_user() {
  local table
  table=$(firewall_table) || return 0
  command -v nft >/dev/null || return 0
  nft delete element inet "$table" site_uids "{ $(id -u "$1") }" 2>/dev/null || true
}
