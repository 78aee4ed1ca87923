/**
 * The webmail of a production mail host (decision 0107): Roundcube from Debian's roundcube-core
 * behind the host's nginx and php-fpm, configured by the same generators as the embedded
 * webmail's (webmail-config.ts), the host's values left as placeholders. Shipped in host/conf/
 * with the daemons' files (host-config.ts) and installed by the helper's `configure`
 * (host/lib/webmail.sh).
 */
import path from "node:path";
import { WEBMAIL_USER } from "./local-webmail.ts";
import type { MailHostPorts } from "./mail-host-config.ts";
import { roundcubeConfig, type WebmailPaths, webmailFpmPool, webmailServer } from "./webmail-config.ts";

/** What host/lib/webmail.sh puts in, each value checked against its shape first. */
export const WEBMAIL_HOST_PLACEHOLDERS = {
  webmailRoot: "@WEBMAIL_ROOT@",
  webmailHostname: "@WEBMAIL_HOSTNAME@",
  webmailCertFile: "@WEBMAIL_TLS_CERT@",
  webmailKeyFile: "@WEBMAIL_TLS_KEY@",
  webmailPort: "@WEBMAIL_PORT@",
  webmailHttpPort: "@WEBMAIL_HTTP_PORT@",
  tlsCa: "@TLS_CA@",
  desKey: "@WEBMAIL_DES_KEY@",
} as const;

/** php-fpm's socket for the webmail's pool, in the folder Debian's php8.2-fpm unit makes. */
export const WEBMAIL_HOST_SOCKET = "/run/php/lagon-webmail.sock";

/** The host's webmail folders under WEBMAIL_ROOT (/var/lib/lagon-webmail), as the embedded one's. */
export function webmailHostPaths(root: string): Omit<WebmailPaths, "runDir"> {
  return {
    configDir: path.join(root, "config"),
    databaseDir: path.join(root, "db"),
    logDir: path.join(root, "log"),
    tempDir: path.join(root, "temp"),
    socket: WEBMAIL_HOST_SOCKET,
  };
}

export interface WebmailHostInput {
  /** The host's placeholders for its name and its outside IMAP and submission ports. */
  hostname: string;
  imapPort: string;
  submissionPort: string;
  /** The ports the generators render (replaced by the placeholders above). */
  ports: MailHostPorts;
}

/** Replaces the one occurrence of `from` in `text` (the generator's output must have it once). */
function once(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`${JSON.stringify(from)} found ${parts.length - 1} times`);
  return parts.join(to);
}

/**
 * The webmail's three files of host/conf/: Roundcube's config.inc.php (IMAP and submission of
 * this host on loopback over STARTTLS, its certificate checked by the host's name against TLS_CA),
 * the php-fpm pool, and nginx's server blocks (HTTPS on the webmail's name; plain HTTP answers
 * only Let's Encrypt's challenges, from Debian's /var/www/html, and sends the rest to HTTPS).
 */
export function webmailHostTemplates({
  hostname,
  imapPort,
  submissionPort,
  ports,
}: WebmailHostInput): Record<string, string> {
  const p = WEBMAIL_HOST_PLACEHOLDERS;
  const paths = webmailHostPaths(p.webmailRoot);
  const config = roundcubeConfig(paths, {
    desKey: p.desKey,
    host: {
      host: "127.0.0.1",
      smtpPort: ports.smtp,
      submissionPort: ports.submission,
      imapPort: ports.imap,
      tls: { serverName: hostname, caFile: p.tlsCa },
    },
  });
  const server = webmailServer(paths, {
    listen: [`${p.webmailPort} ssl http2`, `[::]:${p.webmailPort} ssl http2`],
    serverName: p.webmailHostname,
    tls: { certFile: p.webmailCertFile, keyFile: p.webmailKeyFile },
  });
  return {
    "webmail-config.inc.php": once(
      once(config, `tls://127.0.0.1:${ports.imap}'`, `tls://127.0.0.1:${imapPort}'`),
      `tls://127.0.0.1:${ports.submission}'`,
      `tls://127.0.0.1:${submissionPort}'`,
    ),
    "webmail-php-fpm.conf": `; Written by the product (server/src/mail-host/webmail-host-config.ts).
${webmailFpmPool(paths, WEBMAIL_USER)}`,
    "webmail-nginx.conf": `# Written by the product (server/src/mail-host/webmail-host-config.ts).
# Roundcube at https://${p.webmailHostname}/ (docs/operations/mail-host.md).
  server {
    listen ${p.webmailHttpPort};
    listen [::]:${p.webmailHttpPort};
    server_name ${p.webmailHostname};
    location /.well-known/acme-challenge/ { root /var/www/html; }
    location / { return 301 https://$host$request_uri; }
  }
${server}`,
  };
}
