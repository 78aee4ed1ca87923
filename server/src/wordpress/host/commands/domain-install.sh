# shellcheck shell=bash
# domain-install SUB DOMAIN URL SITE_HOST: reads the certificate chain then its private key (PEM)
# on stdin: nginx serves the site SUB at URL (https://DOMAIN[:port]); www.DOMAIN, http:// and
# SITE_HOST (the subdomain, but for the REST API the product uses) redirect there.

cmd_domain_install() {
  local sub=$1 domain=$2 url=$3 site_host=$4 input dir
  valid_subdomain "$sub"
  valid_domain "$domain"
  [[ $url =~ ^https://([a-z0-9.-]+)(:[0-9]{1,5})?$ && ${BASH_REMATCH[1]} == "$domain" ]] ||
    fail "invalid URL for $domain: $url"
  [[ $site_host == "$sub."* && ${site_host#"$sub".} =~ ^[a-z0-9.-]+$ ]] || fail "invalid site host: $site_host"
  [ -f "$SITES_ROOT/$sub/wp-config.php" ] || fail "no site $sub"
  domain_settings
  input=$(head -c 65536)
  dir="$DOMAINS_DIR/$domain"
  mkdir -p "$dir"
  chmod 700 "$dir"
  # The chain first, then the key: everything from the key's BEGIN line on is the key.
  printf '%s\n' "$input" | sed -n '/-----BEGIN [A-Z ]*PRIVATE KEY-----/,$p' >"$dir/.privkey.part"
  printf '%s\n' "$input" | sed '/-----BEGIN [A-Z ]*PRIVATE KEY-----/,$d' >"$dir/.fullchain.part"
  grep -q 'BEGIN CERTIFICATE' "$dir/.fullchain.part" || fail "no certificate on stdin"
  grep -q 'PRIVATE KEY' "$dir/.privkey.part" || fail "no private key on stdin"
  chmod 600 "$dir/.privkey.part" "$dir/.fullchain.part"
  mv "$dir/.fullchain.part" "$dir/fullchain.pem"
  mv "$dir/.privkey.part" "$dir/privkey.pem"
  printf '%s\n%s\n%s\n' "$sub" "$url" "$site_host" >"$dir/site"
  write_domain_conf "$domain"
  apply_nginx "$domain"
}

cmd_domain_install "${1:?usage: domain-install SUB DOMAIN URL SITE_HOST}" "${2:?}" "${3:?}" "${4:?}"
