/** The configuration files of the embedded webmail (Roundcube, its php-fpm and nginx), as text. */
import path from "node:path";
import { WEB_USER } from "../wordpress/site-runtime-config.ts";
import type { MailEndpoints } from "./mail-host.ts";

export interface WebmailPaths {
  configDir: string;
  databaseDir: string;
  logDir: string;
  tempDir: string;
  runDir: string;
  /** php-fpm's socket, nginx's way to Roundcube. */
  socket: string;
}

/** A PHP single-quoted string. */
const php = (text: string) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/** Roundcube's SQLite database, in its data folder. */
export const webmailDatabase = (paths: Pick<WebmailPaths, "databaseDir">) =>
  path.join(paths.databaseDir, "roundcube.sqlite");

/**
 * Roundcube's config.inc.php: French, this host's IMAP and submission on loopback over STARTTLS
 * (the host's certificate checked by its name, against its file), SQLite, and the "mark as junk"
 * button.
 */
export function roundcubeConfig(
  paths: Pick<WebmailPaths, "databaseDir" | "logDir" | "tempDir">,
  { desKey, host }: { desKey: string; host: MailEndpoints },
): string {
  const database = webmailDatabase(paths);
  const ssl = [
    "'verify_peer' => true",
    "'verify_peer_name' => true",
    `'peer_name' => ${php(host.tls.serverName)}`,
    ...(host.tls.caFile ? [`'cafile' => ${php(host.tls.caFile)}`] : []),
  ].join(", ");
  return `<?php
// Written by the product (server/src/mail-host/webmail-config.ts).
$config = [];
$config['db_dsnw'] = ${php(`sqlite:///${database}?mode=0600`)};
$config['imap_host'] = ${php(`tls://${host.host}:${host.imapPort}`)};
$config['smtp_host'] = ${php(`tls://${host.host}:${host.submissionPort}`)};
$config['imap_conn_options'] = ['ssl' => [${ssl}]];
$config['smtp_conn_options'] = ['ssl' => [${ssl}]];
$config['smtp_user'] = '%u';
$config['smtp_pass'] = '%p';
$config['imap_auth_type'] = 'PLAIN';
$config['smtp_auth_type'] = 'PLAIN';
$config['des_key'] = ${php(desKey)};
$config['language'] = 'fr_FR';
$config['timezone'] = 'Indian/Reunion';
$config['date_format'] = 'd/m/Y';
$config['date_long'] = 'd/m/Y H:i';
$config['product_name'] = 'Webmail';
$config['skin'] = 'elastic';
// "Ce courriel est indésirable" (Debian's roundcube-plugins): moves the message to Junk over IMAP,
// where Dovecot makes rspamd learn it for this mailbox, as any other move (decision 0092).
$config['plugins'] = ['markasjunk'];
$config['junk_mbox'] = 'Junk';
$config['markasjunk_learning_driver'] = null;
$config['log_dir'] = ${php(paths.logDir)};
$config['temp_dir'] = ${php(paths.tempDir)};
$config['enable_installer'] = false;
$config['enable_spellcheck'] = false;
$config['support_url'] = '';
$config['ip_check'] = true;
$config['session_lifetime'] = 30;
$config['login_autocomplete'] = 0;
// The address is the login: no guessing of a domain, no identity to edit but one's own.
$config['username_domain_forced'] = false;
$config['identities_level'] = 3;
$config['max_message_size'] = '25M';
`;
}

/** Roundcube's own php-fpm master (the embedded host): its pool, alone. */
export function webmailFpmConfig(paths: WebmailPaths, user: string): string {
  return `; Written by the product at each start (server/src/mail-host/webmail-config.ts).
[global]
pid = ${path.join(paths.runDir, "php-fpm.pid")}
error_log = ${path.join(paths.logDir, "php-fpm.log")}
daemonize = no

${webmailFpmPool(paths, user)}`;
}

/**
 * Roundcube's php-fpm pool: as the webmail's user, reached by nginx only, its configuration
 * folder given to Roundcube, PHP kept to Roundcube's folders and the webmail's own.
 */
export function webmailFpmPool(paths: Omit<WebmailPaths, "runDir">, user: string): string {
  return `[lagon-webmail]
user = ${user}
group = ${user}
listen = ${paths.socket}
listen.owner = ${WEB_USER}
listen.group = ${WEB_USER}
listen.mode = 0600
pm = ondemand
pm.max_children = 8
pm.process_idle_timeout = 60s
clear_env = yes
env[ROUNDCUBE_CONFIG_DIR] = ${paths.configDir}
php_admin_value[error_log] = ${path.join(paths.logDir, "php-errors.log")}
php_admin_flag[log_errors] = on
php_admin_flag[display_errors] = off
php_admin_value[upload_max_filesize] = 25M
php_admin_value[post_max_size] = 26M
php_admin_value[memory_limit] = 128M
php_admin_value[session.save_path] = ${paths.tempDir}
php_admin_value[upload_tmp_dir] = ${paths.tempDir}
php_admin_value[sys_temp_dir] = ${paths.tempDir}
php_admin_value[open_basedir] = /usr/share/roundcube:/var/lib/roundcube:/etc/roundcube:/usr/share/php:/usr/share/javascript:/usr/share/nodejs:${paths.configDir}:${paths.databaseDir}:${paths.logDir}:${paths.tempDir}
`;
}

/** nginx in front of Roundcube (the embedded host): its own master, on a loopback port. */
export function webmailNginxConfig(paths: WebmailPaths, port: number): string {
  const temp = path.join(paths.runDir, "nginx");
  return `# Written by the product at each start (server/src/mail-host/webmail-config.ts).
worker_processes 1;
user ${WEB_USER} ${WEB_USER};
pid ${path.join(paths.runDir, "nginx.pid")};
error_log ${path.join(paths.logDir, "nginx-error.log")} warn;
events { worker_connections 512; }

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  server_tokens off;
  sendfile on;
  client_body_temp_path ${temp}/body;
  fastcgi_temp_path ${temp}/fastcgi;
  proxy_temp_path ${temp}/proxy;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;

${webmailServer(paths, { listen: [`127.0.0.1:${port}`], serverName: "_" })}}
`;
}

export interface WebmailServerOptions {
  /** nginx's listen values (`127.0.0.1:2580`; `443 ssl` with tls). */
  listen: string[];
  serverName: string;
  /** The certificate (full chain) and key of a webmail served over HTTPS. */
  tls?: { certFile: string; keyFile: string };
}

/**
 * nginx's server block for Roundcube: its public folder only, PHP through the webmail's pool
 * (paths.socket); over HTTPS, the certificate and HSTS.
 */
export function webmailServer(paths: Pick<WebmailPaths, "socket">, options: WebmailServerOptions): string {
  const tls = options.tls
    ? `    ssl_certificate ${options.tls.certFile};
    ssl_certificate_key ${options.tls.keyFile};
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_session_cache shared:lagonwebmail:1m;
    add_header Strict-Transport-Security "max-age=31536000" always;
`
    : "";
  return `  server {
${options.listen.map((listen) => `    listen ${listen};\n`).join("")}    server_name ${options.serverName};
${tls}    root /var/lib/roundcube/public_html;
    index index.php;
    client_max_body_size 26m;
    add_header X-Frame-Options sameorigin always;
    add_header X-Content-Type-Options nosniff always;
    add_header Referrer-Policy same-origin always;
    location ~ /\\. { deny all; }
    location = /index.php {
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME $document_root/index.php;
      fastcgi_pass unix:${paths.socket};
    }
    location ~ \\.php$ { deny all; }
    location / { try_files $uri $uri/ =404; }
  }
`;
}
