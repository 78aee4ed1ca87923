# shellcheck shell=bash
# health: fails, saying which, when Postfix or Dovecot is not running or the webmail does not answer.

cmd_health() {
  postfix -c "$POSTFIX_CONFIG_DIR" status 2>/dev/null || fail "Postfix ne tourne pas"
  doveadm_ who >/dev/null 2>&1 || fail "Dovecot ne tourne pas"
  webmail_health
  echo ok
}

cmd_health
