# shellcheck shell=bash
# shellcheck disable=SC2034 # the settings are read by the other files of the helper
# The helper's settings, read first by site-host.sh.
#
# Settings come from the environment or from the root-owned file $SITE_HOST_CONF
# (default /etc/lagon/site-host.conf; sudo does not pass the environment on):
#   SITES_ROOT     the sites' web roots, one folder per subdomain
#   SITE_TMP_ROOT  the sites' private temp and session folders, one folder per subdomain
#   CORE_DIR       WordPress core template (scripts/wordpress/fetch-core.sh)
#   POOL_DIR       where php-fpm reads its pools, one file per site
#   SOCKET_DIR     the pools' sockets; nginx connects to SOCKET_DIR/<subdomain>.sock
#   SUSPENDED_DIR  one empty file per suspended site, which nginx looks for (root's only)
#   FPM_RELOAD     shell command that makes php-fpm read its pools again
#   WEB_GROUP      nginx's group (www-data), the only one that can read the sites' files
#   PHP            php-cli (php)
#   Custom domains (domain-*, acme-*, and sync):
#   DOMAINS_DIR    <domain>.conf and <domain>.map, included by nginx, and <domain>/ with its
#                  certificate (root only)
#   ACME_DIR       HTTP-01 challenge files, readable by nginx
#   SITE_SNIPPET   nginx file with a site's locations, included by each domain's server
#   DOMAIN_HTTP_LISTEN, DOMAIN_HTTPS_LISTEN  nginx `listen` values of the domains' servers,
#                  space-separated, a comma for a space: "80 [::]:80", "443,ssl [::]:443,ssl"
#   NGINX_TEST     shell command that checks nginx's configuration (nginx -t -q); optional
#   NGINX_RELOAD   shell command that makes nginx read its configuration again
#   ACCESS_LOG_DIR nginx's visit logs, <subdomain>.<YYYY-MM-DD>.log (nginx's group writes,
#                  nobody else reads); optional: without it, visits prints nothing
#   Network confinement (decision 0044):
#   FIREWALL_TABLE name of the nftables table (family inet) holding the site users' rules
#                  (default lagon; the embedded host keys it by its data folder); "off" for none
#   SITE_MAIL_SUBMISSION  IPV4:PORT of the mail host's submission port, the one address the sites'
#                  users may reach past the firewall (their WordPress sends its mail there)
#   SITE_UNIT      systemd template unit of one site's php-fpm master (lagon-php); unset: the
#                  pools share the master FPM_RELOAD reloads (or, embedded, the supervisor's)
#   SITE_MASTER_DIR  where each site's master settings go (default /etc/lagon/fpm)
#   SITE_TASKS_MAX, SITE_MEMORY_MAX, SITE_CPU_QUOTA  each site's slice (128, 768M, 50%)
#   PLUGIN_CACHE_DIR verified plugin archives (default /var/cache/lagon/plugins, root only)
#   SITE_SECCOMP   the seccomp filter (BPF) of the sites' processes, which the helper loads for the
#                  site's PHP it runs (decision 0071) and check writes from site-seccomp.py
#                  (decision 0095); unset: none. With SITE_UNIT, the file the unit
#                  lagon-php@.service gives site-master.sh for the masters (decision 0093)
#   CORE_COPY_DIR  with SITE_DISK_MB, a root-only folder on the sites' mount (SITES_ROOT/.core-copies,
#                  left by the scratch cleanup) where the helper keeps its copy of CORE_DIR, whose
#                  files the sites' folders hard-link (core_files)
#   SITE_DISK_MB   the cap of each site's disk allowance in MiB, and the allowance of a site given
#                  none (decisions 0071 and 0095): SITES_ROOT and SITE_TMP_ROOT are on one btrfs
#                  with quotas enabled, and what a site writes (its wp-content and its temp
#                  folders, each a subvolume) counts in its qgroup 1/<uid>, limited to its plan's
#                  allowance (install --disk-mb, disk-limit); unset: no quota
#   SITE_CGROUP_DIR  without SITE_UNIT, the folder of the sites' cgroups (one folder per site) where
#                  the embedded supervisor runs each master: the helper runs a site's PHP there too
#   SFTP (decision 0059; sftp and site-mode):
#   SFTP_DIR       root's: chroots/<user> (a link to the site's folder, sshd's ChrootDirectory),
#                  keys/<user> (sshd's AuthorizedKeysFile), plain/<sub> (nginx serves wp-content/www)
#   SFTP_GROUP     the group sshd lets in (default lagon-sftp)

conf=${SITE_HOST_CONF:-/etc/lagon/site-host.conf}
if [ -f "$conf" ]; then
  conf=$(readlink -e -- "$conf")
  require_root_only "$conf"
  # shellcheck source=/dev/null
  . "$conf"
fi
: "${SITES_ROOT:?}" "${SITE_TMP_ROOT:?}" "${CORE_DIR:?}" "${POOL_DIR:?}" "${SOCKET_DIR:?}" "${FPM_RELOAD:?}"
: "${SUSPENDED_DIR:?}"
WEB_GROUP=${WEB_GROUP:-www-data}
PHP=${PHP:-php}
# Every PHP program the helper runs: its own files beside it, never inline code.
PHP_PROGRAMS=(apply-kit.php copy-database.php install-site.php switch-site-url.php upgrade-database.php versions.php)
# Copied into every new site's wp-content: the French supplement (mu-plugin and translations).
SITE_FILES="$HELPER_DIR/site-files"
LOCK="$SOCKET_DIR/.site-host.lock"
SITE_EXISTS=17
# A shell is not bound by open_basedir: customer PHP may not start processes. mail() and
# mb_send_mail() run `sh -c sendmail`, imap_open() can run rsh, and putenv() would hand that shell an
# LD_PRELOAD of the site's own; error_log() to an address goes through sendmail_path, a program
# that does nothing.
DISABLED_FUNCTIONS=exec,passthru,shell_exec,system,proc_open,popen,pcntl_exec,pcntl_fork,dl,putenv,mail,mb_send_mail,imap_open,imap_reopen,imap_mail
SENDMAIL_PATH=/bin/false
