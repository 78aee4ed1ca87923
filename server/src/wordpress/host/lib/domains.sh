# shellcheck shell=bash
# Custom domains: nginx's files and certificates of each domain, and ACME challenges.

DOMAIN_RE='^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{2,59})$'

valid_domain() {
  if [[ ! $1 =~ $DOMAIN_RE ]] || [ ${#1} -gt 253 ]; then fail "invalid domain: $1"; fi
}

domain_settings() {
  : "${DOMAINS_DIR:?}" "${ACME_DIR:?}" "${SITE_SNIPPET:?}" "${DOMAIN_HTTP_LISTEN:?}" "${DOMAIN_HTTPS_LISTEN:?}" "${NGINX_RELOAD:?}"
  mkdir -p "$DOMAINS_DIR" "$ACME_DIR"
  chmod 700 "$DOMAINS_DIR"
  chmod 755 "$ACME_DIR"
}

valid_token() {
  [[ $1 =~ ^[A-Za-z0-9_-]{16,128}$ ]] || fail "invalid ACME token"
}

# One `listen` line per value; a comma stands for a space ("443,ssl").
listen_lines() {
  local value
  for value in $1; do printf '  listen %s;\n' "${value//,/ }"; done
}

# nginx's files for one domain, from what domain-install recorded (sync writes them again, so a
# change of ports reaches every domain).
write_domain_conf() {
  local domain=$1 dir="$DOMAINS_DIR/$1" sub url site_host hostport port
  { read -r sub && read -r url && read -r site_host; } <"$dir/site"
  hostport=${url#https://}
  port=443
  if [[ $hostport == *:* ]]; then port=${hostport##*:}; fi
  cat >"$DOMAINS_DIR/.$domain.conf.part" <<EOF
# Written by site-host.sh: $domain is the site $sub; www.$domain and http:// redirect to $url.
server {
$(listen_lines "$DOMAIN_HTTP_LISTEN")
  server_name $domain www.$domain;
  location ^~ /.well-known/acme-challenge/ {
    alias $ACME_DIR/;
    default_type text/plain;
  }
  location / {
    return 301 $url\$request_uri;
  }
}
server {
$(listen_lines "$DOMAIN_HTTPS_LISTEN")
  server_name www.$domain;
  ssl_certificate $dir/fullchain.pem;
  ssl_certificate_key $dir/privkey.pem;
  return 301 $url\$request_uri;
}
server {
$(listen_lines "$DOMAIN_HTTPS_LISTEN")
  server_name $domain;
  ssl_certificate $dir/fullchain.pem;
  ssl_certificate_key $dir/privkey.pem;
  set \$subdomain $sub;
  set \$lagon_scheme https;
  set \$lagon_https on;
  set \$lagon_port $port;
  set \$lagon_host $hostport;
  include $SITE_SNIPPET;
}
EOF
  printf '%s %s;\n' "$site_host" "$url" >"$DOMAINS_DIR/.$domain.map.part"
  mv "$DOMAINS_DIR/.$domain.conf.part" "$DOMAINS_DIR/$domain.conf"
  mv "$DOMAINS_DIR/.$domain.map.part" "$DOMAINS_DIR/$domain.map"
}

# Checks nginx's configuration with the domain's files and reloads it, or takes them back out.
apply_nginx() {
  local domain=$1 out
  if [ -n "${NGINX_TEST:-}" ] && ! out=$(run_setting "$NGINX_TEST" 2>&1); then
    rm -f "$DOMAINS_DIR/$domain.conf" "$DOMAINS_DIR/$domain.map"
    fail "nginx refuses the configuration of $domain: $out"
  fi
  run_setting "$NGINX_RELOAD"
}

# At start: every domain's nginx files again, with the current ports (nginx is not running yet).
sync_domains() {
  [ -n "${DOMAINS_DIR:-}" ] || return 0
  domain_settings
  local site domain
  for site in "$DOMAINS_DIR"/*/site; do
    [ -f "$site" ] || continue
    domain=$(basename "$(dirname "$site")")
    [[ $domain =~ $DOMAIN_RE ]] || continue
    write_domain_conf "$domain"
  done
}
