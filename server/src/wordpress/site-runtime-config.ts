/**
 * The configuration files of the web server (nginx) and PHP (php-fpm) that serve customers'
 * sites, and the settings of site-host.sh that go with them. The embedded host writes them into
 * its runtime folder; docs/operations/wordpress-host.md shows the same files for a production host.
 */

export interface SiteRuntimePaths {
  /** The sites' web roots, one folder per subdomain. */
  sitesRoot: string;
  /** The sites' private temp and session folders. */
  siteTmpRoot: string;
  /** One php-fpm pool file per site, written by site-host.sh; each is its own master's only pool. */
  poolDir: string;
  /** The pools' sockets, <subdomain>.sock. */
  socketDir: string;
  /** nginx's and php-fpm's pid files, nginx's temp folders. */
  runDir: string;
  /** One empty file per suspended site (site-host.sh suspend), which nginx looks for. */
  suspendedDir: string;
  /** Custom domains: nginx files and certificates, written by site-host.sh (kept across restarts). */
  domainsDir: string;
  /** HTTP-01 challenge files, served on every name. */
  acmeDir: string;
  /** A site's locations, included by the subdomains' server and by each custom domain's. */
  siteSnippet: string;
  /** The mail set-up answers' locations (mailSetupLocations), included by the site snippet. */
  mailSetupSnippet: string;
  /**
   * Visit logs, one file a site a day (<subdomain>.<YYYY-MM-DD>.log), client addresses cut to
   * their network when written: nginx's (www-data) to write, root's to read (decision 0051).
   */
  accessLogDir: string;
  /**
   * SFTP (decision 0059), root's: chroots/<user> (links to the sites' folders), keys/<user>
   * (public keys) and plain/<subdomain> (sites served from their wp-content/www).
   */
  sftpDir: string;
}

/** What visitors of a suspended site see, with HTTP 503 (no `$`: nginx would read a variable). */
export const SUSPENDED_PAGE = `<!doctype html><html lang='fr'><head><meta charset='utf-8'><meta name='viewport' content='width=device-width,initial-scale=1'><meta name='robots' content='noindex'><title>Site suspendu</title></head><body style='font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1.5rem;color:#1e293b;text-align:center'><h1>Site suspendu</h1><p>Ce site est momentanément suspendu. Merci de revenir plus tard.</p><p style='color:#64748b;font-size:.9rem'>Vous êtes le propriétaire de ce site ? Votre espace client vous indique comment le réactiver, et votre administration WordPress reste ouverte.</p></body></html>`;

/** Answers "pong" through nginx and php-fpm: the health check of the whole chain. */
export const PING_PATH = "/.lagon-ping";

export const WEB_USER = "www-data";

export function phpFpmConfig(paths: SiteRuntimePaths): string {
  return `; Written by the product: the php-fpm of the health check (sites have their own masters).
[global]
pid = ${paths.runDir}/php-fpm.pid
error_log = ${paths.runDir}/php-fpm.log
log_level = warning
daemonize = no
process_control_timeout = 20s

; Answers the health check; runs nothing of any site (each site has its own master, site-masters.ts).
[_health]
user = nobody
group = nogroup
listen = ${paths.socketDir}/_health.sock
listen.owner = root
listen.group = ${WEB_USER}
listen.mode = 0660
pm = ondemand
pm.max_children = 1
ping.path = ${PING_PATH}
ping.response = pong
`;
}

interface NginxOptions {
  /** nginx listens on 127.0.0.1:<port>. */
  port: number;
  /** Custom domains' HTTPS, on 127.0.0.1:<tlsPort> (bound once a domain is active). */
  tlsPort: number;
  baseDomain: string;
  /** How visitors reach the sites (a proxy may stand in front): WordPress builds its URLs from them. */
  publicScheme: "http" | "https";
  publicPort: number;
}

/**
 * The request as PHP sees it. Written out rather than Debian's fastcgi_params: that file sends
 * the host without its port, and WordPress then redirects every page to itself. The server
 * including the snippet sets how visitors reach it ($lagon_scheme, $lagon_https, $lagon_port,
 * $lagon_host): the subdomains' server and each custom domain's differ.
 */
function fastcgiParams(): string {
  const params: [string, string][] = [
    ["QUERY_STRING", "$query_string"],
    ["REQUEST_METHOD", "$request_method"],
    ["CONTENT_TYPE", "$content_type"],
    ["CONTENT_LENGTH", "$content_length"],
    ["SCRIPT_FILENAME", "$document_root$fastcgi_script_name"],
    ["SCRIPT_NAME", "$fastcgi_script_name"],
    ["REQUEST_URI", "$request_uri"],
    ["DOCUMENT_URI", "$document_uri"],
    ["DOCUMENT_ROOT", "$document_root"],
    ["SERVER_PROTOCOL", "$server_protocol"],
    ["REQUEST_SCHEME", "$lagon_scheme"],
    ["HTTPS", "$lagon_https if_not_empty"],
    ["GATEWAY_INTERFACE", "CGI/1.1"],
    ["SERVER_SOFTWARE", "nginx"],
    ["REMOTE_ADDR", "$remote_addr"],
    ["REMOTE_PORT", "$remote_port"],
    ["SERVER_ADDR", "$server_addr"],
    ["SERVER_PORT", "$lagon_port"],
    ["SERVER_NAME", "$host"],
    ["HTTP_HOST", "$lagon_host"],
    ["REDIRECT_STATUS", "200"],
  ];
  return params.map(([name, value]) => `    fastcgi_param ${name} ${value};`).join("\n");
}

/** A site's locations, for a server that sets $subdomain and the $lagon_* variables. */
export function siteSnippet(paths: SiteRuntimePaths): string {
  return `# Written by the product: a customer site's locations (site-runtime-config.ts).
# The site's WordPress, or the plain site of its wp-content/www (Libre, decision 0059), whose
# WordPress stays installed beside it.
set $lagon_root ${paths.sitesRoot}/$subdomain;
if (-f ${paths.sftpDir}/plain/$subdomain) {
  set $lagon_root ${paths.sitesRoot}/$subdomain/wp-content/www;
}
root $lagon_root;
index index.html index.htm index.php;
# A link a site makes (PHP, SFTP) is followed only to its own files: never to another site's.
disable_symlinks if_not_owner from=$document_root;

# A suspended site: visitors get the French notice with a 503, while wp-admin, the login
# page and their assets keep working (the customer exports), the REST API too for a
# logged-in user (the editor needs it), and mail programs' set-up (the mail is still read).
set $lagon_gate "";
if (-f ${paths.suspendedDir}/$subdomain) {
  set $lagon_gate "S";
}
if ($uri ~ "^/(wp-admin(/|$)|wp-login.php$|wp-includes/|wp-content/|.lagon-|.well-known/autoconfig/|[Aa]utodiscover/)") {
  set $lagon_gate "";
}
if ($uri ~ "^/wp-json(/|$)") {
  set $lagon_gate "\${lagon_gate}R";
}
if ($http_cookie ~ "wordpress_logged_in_") {
  set $lagon_gate "\${lagon_gate}C";
}
if ($lagon_gate ~ "^S(R|C)?$") {
  return 503;
}
error_page 503 /.lagon-suspended;
location = /.lagon-suspended {
  internal;
  default_type "text/html; charset=utf-8";
  add_header Cache-Control "no-store" always;
  add_header Retry-After "3600" always;
  return 503 "${SUSPENDED_PAGE}";
}

# An installed site (its folder appears whole); wp-settings.php, not wp-config.php, which nginx
# may not open (disable_symlinks opens what it tests).
if (!-f ${paths.sitesRoot}/$subdomain/wp-settings.php) {
  rewrite ^ /.lagon-404 last;
}
error_page 403 /.lagon-403;
location = /.lagon-403 {
  internal;
  default_type "text/plain; charset=utf-8";
  return 403 "Accès refusé\\n";
}
location = /.lagon-404 {
  internal;
  default_type "text/plain; charset=utf-8";
  return 404 "Site introuvable\\n";
}

# Thunderbird's and Outlook's set-up answers, from the product (decision 0114).
include ${paths.mailSetupSnippet};

# Never served: dot files (the SQLite database is wp-content/database/.ht.sqlite), the
# database folder, nor PHP dropped into uploads (URLs are normalised first: // is /).
location ~ /\\. { deny all; }
location ^~ /wp-content/database/ { deny all; }
location ~* ^/wp-content/uploads/.*\\.(php|phar|phtml|pht|phps)$ { deny all; }

location / {
  try_files $uri $uri/ /index.php?$args;
}

# The site's visit log (decision 0051): what visitors ask, never wp-admin, the owner's own
# visits nor scripts without a User-Agent; the address cut to its network, the query string and
# the referrer's left out.
access_log ${paths.accessLogDir}/$subdomain.$lagon_log_day.log lagon_visits if=$lagon_visit;

location ~ \\.php$ {
  try_files $uri =404;
${fastcgiParams()}
  fastcgi_pass unix:${paths.socketDir}/$subdomain.sock;
}

location ~* \\.(css|js|svg|png|jpe?g|gif|webp|avif|ico|woff2?)$ {
  expires 1h;
  try_files $uri =404;
}
`;
}

/** Where the sites' nginx reaches the product for the mail set-up answers (decision 0114). */
export interface ProductUpstream {
  /** The product's address: `http://127.0.0.1:3000` beside the embedded host, PUBLIC_URL otherwise. */
  url: string;
  /**
   * The Host header the product gets: the site's own name (`$host`) when nginx talks to the
   * product directly; the product's public name through its proxy, which then reads the site's
   * name from X-Forwarded-Host (TRUST_PROXY).
   */
  host: string;
  /**
   * DNS servers nginx asks for the product's name, when it is a name: nginx then resolves it at
   * request time, so a name that does not resolve never stops nginx from starting or reloading
   * (every site's configuration, a custom domain's install included).
   */
  resolvers?: string[];
}

/** The product behind its own proxy at its public address (an SSH WordPress host's case). */
export function productUpstreamAt(publicUrl: string, resolvers: string[]): ProductUpstream {
  const url = new URL(publicUrl);
  // nginx writes an IPv6 server in brackets; Node gives it bare without a port.
  const bracketed = resolvers.map((r) => (r.includes("[") || r.split(":").length < 3 ? r : `[${r}]`));
  return { url: url.origin, host: url.host, resolvers: bracketed };
}

/**
 * Thunderbird's and Outlook's set-up answers on every name of every site (decision 0114):
 * Thunderbird asks https://<domain>/.well-known/autoconfig/mail/config-v1.1.xml, Outlook POSTs
 * to https://<domain>/autodiscover/autodiscover.xml first, both on the site's own name, whose
 * certificate the host already holds. Two fixed paths to one fixed address, passed to the product,
 * which answers only for a mail domain of the platform (404 otherwise). Without a product
 * address, nothing: the paths stay the site's.
 */
export function mailSetupLocations(product: ProductUpstream | undefined): string {
  if (!product)
    return "# Written by the product: no mail set-up answers on this host (no product address).\n";
  const tls = product.url.startsWith("https:")
    ? `
  proxy_ssl_server_name on;
  proxy_ssl_verify on;
  proxy_ssl_trusted_certificate /etc/ssl/certs/ca-certificates.crt;`
    : "";
  // A variable: the name is resolved when asked, never when nginx starts (an address needs no resolver).
  const target = `  set $lagon_product ${product.url.replace(/\/+$/, "")};`;
  const resolver = product.resolvers?.length
    ? `
  resolver ${product.resolvers.join(" ")} valid=300s;
  resolver_timeout 5s;`
    : "";
  const pass = `  proxy_pass $lagon_product;${resolver}
  proxy_http_version 1.1;
  proxy_set_header Host ${product.host};
  proxy_set_header X-Forwarded-Host $host;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header X-Forwarded-Proto $scheme;
  proxy_set_header Cookie "";
  proxy_set_header Authorization "";${tls}
  # Outlook's request is a few hundred bytes; the product takes 4 KB at most.
  client_max_body_size 16k;
  proxy_connect_timeout 5s;
  proxy_read_timeout 15s;`;
  return `# Written by the product: mail programs' set-up answers, from the product (decision 0114).
location = /.well-known/autoconfig/mail/config-v1.1.xml {
${target}
${pass}
}
# Outlook writes the path either way; the product knows it in lower case.
location ~* ^/autodiscover/autodiscover\\.xml$ {
${target}
  rewrite ^ /autodiscover/autodiscover.xml break;
${pass}
}
`;
}

/**
 * The time zone of the visit logs' dates and file names (the order page's days): nginx is started
 * with it in TZ (its env directive does not reach the workers' clock).
 */
export const VISIT_LOG_TIME_ZONE = "Indian/Reunion";

/**
 * The visit logs' format and what it is made of (nginx's http level): the combined format
 * GoAccess reads, with the client's address cut to its /24 (IPv4) or /48 (IPv6) before it is
 * written, the path without its query string and the referrer without its own. Not logged:
 * wp-admin, the login page, the REST API, WordPress's cron, the product's own paths, any
 * request of a logged-in WordPress user (the owner looking at their own site), and requests
 * without a User-Agent (scripts, such as the product's own checks of the site).
 */
export function visitLogMaps(): string {
  return `  # Visit logs (decision 0051).
  map $remote_addr $lagon_client {
    "~^(?<net>\\d+\\.\\d+\\.\\d+)\\.\\d+$" $net.0;
    "~^(?<net>[0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}):" $net::;
    "~^(?<net>[0-9a-f]{1,4}:[0-9a-f]{1,4})::" $net::;
    "~^(?<net>[0-9a-f]{1,4})::" $net::;
    default 0.0.0.0;
  }
  map $request_uri $lagon_path {
    "~^(?<path>[^?]*)" $path;
  }
  map $http_referer $lagon_referer {
    "" "-";
    "~^(?<ref>[^?#]*)" $ref;
  }
  map $time_iso8601 $lagon_log_day {
    "~^(?<day>\\d{4}-\\d{2}-\\d{2})" $day;
  }
  map "$request_uri $http_cookie|$http_user_agent" $lagon_visit {
    "~^/(wp-admin|wp-login\\.php|wp-json|wp-cron\\.php|xmlrpc\\.php|\\.lagon-|\\.well-known/|[Aa]utodiscover/)" 0;
    "~wordpress_logged_in_" 0;
    "~\\|$" 0;
    default 1;
  }
  log_format lagon_visits '$lagon_client - - [$time_local] "$request_method $lagon_path $server_protocol" '
                          '$status $body_bytes_sent "$lagon_referer" "$http_user_agent"';`;
}

export function nginxConfig(paths: SiteRuntimePaths, options: NginxOptions): string {
  const domain = options.baseDomain.replaceAll(".", "\\.");
  const listen = `listen 127.0.0.1:${options.port}`;
  const https = options.publicScheme === "https";
  const defaultPort = https ? 443 : 80;
  const host = options.publicPort === defaultPort ? "$host" : `$host:${options.publicPort}`;
  return `# Written by the product: serves every customer site from its own folder and php-fpm pool.
worker_processes 1;
user ${WEB_USER} ${WEB_USER};
pid ${paths.runDir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  server_tokens off;
  sendfile on;
  client_max_body_size 64m;
  client_body_temp_path ${paths.runDir}/nginx/body;
  fastcgi_temp_path ${paths.runDir}/nginx/fastcgi;
  proxy_temp_path ${paths.runDir}/nginx/proxy;
  uwsgi_temp_path ${paths.runDir}/nginx/uwsgi;
  scgi_temp_path ${paths.runDir}/nginx/scgi;

  # A subdomain whose site moved to its custom domain redirects there, but for the REST API
  # the product calls (site-host.sh domain-install writes one <subdomain host> <URL> per domain).
  map $host $lagon_domain_url {
    default "";
    include ${paths.domainsDir}/*.map;
  }
  map $request_uri $lagon_keep_host {
    default 0;
    ~^/wp-json/ 1;
    "~[?&]rest_route=" 1;
    # Mail programs setting up an address of the subdomain: answered here (decision 0114).
    ~^/\\.well-known/autoconfig/ 1;
    ~*^/autodiscover/autodiscover\\.xml 1;
  }

${visitLogMaps()}

  # Custom domains: their HTTPS servers and the redirects of www and http://.
  include ${paths.domainsDir}/*.conf;

  server {
    ${listen} default_server;
    server_name _;
    # HTTP-01 challenges of the certificate authority, for any name pointed at this host.
    location ^~ /.well-known/acme-challenge/ {
      alias ${paths.acmeDir}/;
      default_type text/plain;
    }
    location = ${PING_PATH} {
      fastcgi_param REQUEST_METHOD $request_method;
      fastcgi_param REQUEST_URI ${PING_PATH};
      fastcgi_param SCRIPT_NAME ${PING_PATH};
      fastcgi_param SCRIPT_FILENAME ${PING_PATH};
      fastcgi_pass unix:${paths.socketDir}/_health.sock;
    }
    location / {
      default_type "text/plain; charset=utf-8";
      return 404 "Site introuvable\\n";
    }
  }

  server {
    ${listen};
    # Same rule as the product's subdomains: hidden folders (installs in progress) never match.
    server_name "~^(?<subdomain>[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)\\.${domain}$";
    set $lagon_scheme ${options.publicScheme};
    set $lagon_https "${https ? "on" : ""}";
    set $lagon_port ${options.publicPort};
    set $lagon_host ${host};
    set $lagon_go "$lagon_keep_host$lagon_domain_url";
    if ($lagon_go ~ ^0(https://.+)$) {
      return 301 $1$request_uri;
    }
    include ${paths.siteSnippet};
  }
}
`;
}

/** site-host.sh's settings for this runtime (environment variables or its conf file). */
export function siteHostSettings(
  paths: SiteRuntimePaths,
  options: {
    coreDir: string;
    fpmReload: string;
    port: number;
    tlsPort: number;
    firewallTable: string;
    /** The folder of the sites' cgroups (one per site), where the helper runs a site's PHP too. */
    siteCgroupDir: string;
    /** The seccomp filter of the sites' processes, which the helper loads for the site's PHP it runs. */
    siteSeccomp: string;
    mailSubmission?: string;
    /** The group the product's sshd lets in (decision 0059). */
    sftpGroup: string;
  },
): Record<string, string> {
  const nginx = `/usr/sbin/nginx -c ${paths.runDir}/nginx.conf`;
  return {
    DOMAINS_DIR: paths.domainsDir,
    ACME_DIR: paths.acmeDir,
    SITE_SNIPPET: paths.siteSnippet,
    ACCESS_LOG_DIR: paths.accessLogDir,
    DOMAIN_HTTP_LISTEN: `127.0.0.1:${options.port}`,
    DOMAIN_HTTPS_LISTEN: `127.0.0.1:${options.tlsPort},ssl`,
    NGINX_TEST: `${nginx} -t -q`,
    // nginx not running (yet) reads the files when it starts.
    NGINX_RELOAD: `[ ! -f ${paths.runDir}/nginx.pid ] || kill -HUP "$(cat ${paths.runDir}/nginx.pid)"`,
    SITES_ROOT: paths.sitesRoot,
    SITE_TMP_ROOT: paths.siteTmpRoot,
    CORE_DIR: options.coreDir,
    POOL_DIR: paths.poolDir,
    SOCKET_DIR: paths.socketDir,
    SUSPENDED_DIR: paths.suspendedDir,
    FPM_RELOAD: options.fpmReload,
    WEB_GROUP: WEB_USER,
    FIREWALL_TABLE: options.firewallTable,
    SITE_CGROUP_DIR: options.siteCgroupDir,
    SITE_SECCOMP: options.siteSeccomp,
    ...(options.mailSubmission ? { SITE_MAIL_SUBMISSION: options.mailSubmission } : {}),
    SFTP_DIR: paths.sftpDir,
    SFTP_GROUP: options.sftpGroup,
  };
}
