#!/usr/bin/env bash
# Installs the embedded mail host's Debian packages (Postfix, Dovecot with Sieve, OpenDKIM, postsrsd,
# rspamd for spam, curl for its learning from Junk and jq to read its answers, policyd-rate-limit (an
# SSH host's send-rate policy, tested here), Roundcube for the webmail with its "mark as
# junk" plugin, logrotate for an SSH host's logs, checked by its configure and tested here, sqlite3 to forget a
# removed domain's users in Roundcube's and rspamd's databases) when missing,
# without letting the packages start the system's own instances (port 25, 143): the product
# starts its own, on loopback ports under its data folder (docs/operations/mail-host.md).
set -euo pipefail
packages="postfix dovecot-imapd dovecot-lmtpd dovecot-sieve opendkim postsrsd rspamd curl jq policyd-rate-limit roundcube-core roundcube-sqlite3 roundcube-plugins logrotate sqlite3"
if [ -x /usr/sbin/postfix ] && [ -x /usr/sbin/dovecot ] && [ -x /usr/lib/dovecot/lmtp ] && [ -x /usr/lib/dovecot/imap ] \
  && [ -x /usr/sbin/opendkim ] && [ -x /usr/sbin/postsrsd ] && [ -x /usr/bin/rspamd ] && [ -x /usr/bin/curl ] && [ -x /usr/bin/jq ] && [ -x /usr/bin/policyd-rate-limit ] && [ -x /usr/sbin/logrotate ] && [ -x /usr/bin/sqlite3 ] && [ -e /usr/lib/dovecot/modules/lib90_sieve_plugin.so ] \
  && [ -e /usr/share/roundcube/index.php ] && [ -e /usr/share/roundcube/plugins/markasjunk/markasjunk.php ] && dpkg -s roundcube-sqlite3 >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "Paquets manquants : $packages (installez-les avec apt-get en root)" >&2
  exit 1
fi
echo "Installation des paquets Debian : $packages"
# "No configuration": Postfix writes no /etc/postfix/main.cf and starts nothing.
echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
# Roundcube's database is the product's own (SQLite under the data folder): no dbconfig one.
echo "roundcube-core roundcube/dbconfig-install boolean false" | debconf-set-selections
# No service starts during the installation (the packages would start Dovecot on 143, OpenDKIM,
# rspamd on 11332-11334).
policy=/usr/sbin/policy-rc.d
added_policy=""
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod 755 "$policy"
  added_policy=1
fi
trap '[ -n "$added_policy" ] && rm -f "$policy"' EXIT
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086 # the list is split on purpose
apt-get install -y -qq --no-install-recommends $packages >/dev/null
