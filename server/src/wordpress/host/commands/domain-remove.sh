# shellcheck shell=bash
# domain-remove DOMAIN: nginx no longer serves DOMAIN; its certificate goes.

cmd_domain_remove() {
  local domain=$1
  valid_domain "$domain"
  domain_settings
  rm -f "$DOMAINS_DIR/$domain.conf" "$DOMAINS_DIR/$domain.map"
  rm -rf "${DOMAINS_DIR:?}/$domain"
  run_setting "$NGINX_RELOAD"
}

cmd_domain_remove "${1:?usage: domain-remove DOMAIN}"
