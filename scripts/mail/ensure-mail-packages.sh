#!/usr/bin/env bash
# Installs the embedded mail host's Debian packages (Postfix, Dovecot, OpenDKIM) when missing,
# without letting the packages start the system's own instances (port 25, 143): the product
# starts its own, on loopback ports under its data folder (docs/operations/mail-host.md).
set -euo pipefail
if [ -x /usr/sbin/postfix ] && [ -x /usr/sbin/dovecot ] && [ -x /usr/lib/dovecot/lmtp ] && [ -x /usr/lib/dovecot/imap ] && [ -x /usr/sbin/opendkim ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "Paquets manquants : postfix dovecot-imapd dovecot-lmtpd opendkim (installez-les avec apt-get en root)" >&2
  exit 1
fi
echo "Installation des paquets Debian : postfix dovecot-imapd dovecot-lmtpd opendkim"
# "No configuration": Postfix writes no /etc/postfix/main.cf and starts nothing.
echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
# No service starts during the installation (the packages would start Dovecot on 143, OpenDKIM).
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
apt-get install -y -qq --no-install-recommends postfix dovecot-imapd dovecot-lmtpd opendkim >/dev/null
