# shellcheck shell=bash
# shellcheck disable=SC2034 # the settings are read by the other files of the helper
# The helper's settings, read first by mail-host.sh, from the environment or from the root-owned
# file $MAIL_HOST_CONF (default /etc/lagon/mail-host.conf; sudo does not pass the environment on):
#   MAIL_ROOT          the product's files on the host (mail-host-config.ts's mailHostPaths):
#                      postfix/<map>, dovecot/users, dkim/, boxes/<domain>/<local>, mailboxes.json
#   POSTFIX_CONFIG_DIR Postfix's configuration folder (default /etc/postfix): postmap and reload
#   DOVECOT_CONF       Dovecot's configuration (default /etc/dovecot/dovecot.conf): doveadm
#   DKIM_RELOAD        shell command that makes OpenDKIM read its tables again
#                      (default: systemctl reload opendkim)
#   MAIL_USER          the system user owning every mailbox (default lagonmail)
#   DKIM_USER          OpenDKIM's user (default opendkim)
#   What `configure` puts in the daemons' configuration (conf/, host-config.ts), and where:
#   MAIL_HOSTNAME      the host's public name, mail.<BASE_DOMAIN> (Postfix's myhostname, SRS domain)
#   TLS_CERT, TLS_KEY  its certificate (full chain) and key, PEM files
#   RELAY_HOST         outbound relay, [host]:port (default none: the recipients' MX)
#   RELAY_USER, RELAY_PASSWORD_FILE  the relay's login, if it asks for one, and the root-only file
#                      (0600 or 0400) holding its password alone on its first line (decision 0108)
#   SMTP_PORT, SUBMISSION_PORT, IMAP_PORT  the outside ports (default 25, 587, 143)
#   OPENDKIM_CONF      default /etc/opendkim.conf; POLICYD_CONF default /etc/policyd-rate-limit.yaml;
#   POSTSRSD_DEFAULT   default /etc/default/postsrsd; RSPAMD_DROPIN default
#                      /etc/systemd/system/rspamd.service.d/lagon.conf
#   LOGROTATE_CONF     default /etc/logrotate.d/lagon-mail: the host's logs rotated (decision 0113)
#   RESTART_SERVICES   shell command that restarts the daemons on the new files (default: systemctl)

conf=${MAIL_HOST_CONF:-/etc/lagon/mail-host.conf}
if [ -f "$conf" ]; then
  conf=$(readlink -e -- "$conf")
  require_root_only "$conf"
  # shellcheck source=/dev/null
  . "$conf"
fi
: "${MAIL_ROOT:?}"
POSTFIX_CONFIG_DIR=${POSTFIX_CONFIG_DIR:-/etc/postfix}
DOVECOT_CONF=${DOVECOT_CONF:-/etc/dovecot/dovecot.conf}
DKIM_RELOAD=${DKIM_RELOAD:-systemctl reload opendkim}
MAIL_USER=${MAIL_USER:-lagonmail}
DKIM_USER=${DKIM_USER:-opendkim}
MAIL_HOSTNAME=${MAIL_HOSTNAME:-}
TLS_CERT=${TLS_CERT:-}
TLS_KEY=${TLS_KEY:-}
RELAY_HOST=${RELAY_HOST:-}
RELAY_USER=${RELAY_USER:-}
RELAY_PASSWORD_FILE=${RELAY_PASSWORD_FILE:-}
SMTP_PORT=${SMTP_PORT:-25}
SUBMISSION_PORT=${SUBMISSION_PORT:-587}
IMAP_PORT=${IMAP_PORT:-143}
OPENDKIM_CONF=${OPENDKIM_CONF:-/etc/opendkim.conf}
POLICYD_CONF=${POLICYD_CONF:-/etc/policyd-rate-limit.yaml}
POSTSRSD_DEFAULT=${POSTSRSD_DEFAULT:-/etc/default/postsrsd}
RSPAMD_DROPIN=${RSPAMD_DROPIN:-/etc/systemd/system/rspamd.service.d/lagon.conf}
LOGROTATE_CONF=${LOGROTATE_CONF:-/etc/logrotate.d/lagon-mail}
RESTART_SERVICES=${RESTART_SERVICES:-systemctl daemon-reload && systemctl restart postfix dovecot opendkim postsrsd rspamd policyd-rate-limit}

MAP_DIR=$MAIL_ROOT/postfix
USERS_FILE=$MAIL_ROOT/dovecot/users
DKIM_DIR=$MAIL_ROOT/dkim
BOXES_DIR=$MAIL_ROOT/boxes
STATE_FILE=$MAIL_ROOT/mailboxes.json
LOCK=$MAIL_ROOT/.helper.lock
