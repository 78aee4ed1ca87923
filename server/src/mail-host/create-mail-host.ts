import net from "node:net";
import path from "node:path";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { siteFilesDir } from "../wordpress/site-runtime.ts";
import { LocalMailHost, mailPortsFrom } from "./local-mail-host.ts";
import { LocalWebmail, webmailPort } from "./local-webmail.ts";
import type { MailEndpoints, MailHost } from "./mail-host.ts";
import { SendCounts } from "./send-counts-table.ts";
import { SshMailHost } from "./ssh-mail-host.ts";

/** The mail host's public name: what customers' MX records name. */
export function mailHostName(config: Pick<Config, "BASE_DOMAIN">): string {
  return `mail.${config.BASE_DOMAIN}`.toLowerCase();
}

/**
 * The mail host of the configuration (MAIL_HOST), not started. The embedded one belongs to a
 * single process (ROLE=all): separate API and worker processes have none; an SSH mail host
 * (decision 0099) is shared by every process of the product.
 */
export function createMailHost(config: Config, db: Db): MailHost | null {
  if (config.MAIL_HOST === "ssh") {
    return new SshMailHost({
      ssh: {
        host: config.MAIL_SSH_HOST as string,
        port: config.MAIL_SSH_PORT,
        user: config.MAIL_SSH_USER,
        keyFile: config.MAIL_SSH_KEY as string,
        knownHostsFile: config.MAIL_SSH_KNOWN_HOSTS,
      },
      helper: config.MAIL_SSH_HELPER,
      endpoints: sshMailEndpoints(config),
    });
  }
  if (config.MAIL_HOST === "off" || config.ROLE !== "all") return null;
  const ports = mailPortsFrom(config.MAIL_PORT_BASE);
  const port = webmailPort(config.MAIL_PORT_BASE);
  return new LocalMailHost({
    dataDir: config.DATA_DIR,
    hostname: mailHostName(config),
    ports,
    relayHost: config.MAIL_RELAY_HOST,
    relayLogin:
      config.MAIL_RELAY_USER && config.MAIL_RELAY_PASSWORD_FILE
        ? { user: config.MAIL_RELAY_USER, passwordFile: config.MAIL_RELAY_PASSWORD_FILE }
        : undefined,
    sendCounts: new SendCounts(db),
    tls:
      config.MAIL_TLS_CERT && config.MAIL_TLS_KEY
        ? { certFile: config.MAIL_TLS_CERT, keyFile: config.MAIL_TLS_KEY }
        : undefined,
    webmail: new LocalWebmail({
      // Beside the mailboxes: out of a data folder its own user could not cross (a home folder).
      root: path.join(siteFilesDir(path.resolve(config.DATA_DIR)), "webmail"),
      runDir: path.join("/run", `lagon-webmail-${config.MAIL_PORT_BASE}`),
      port,
      url: config.WEBMAIL_URL ?? `http://webmail.${config.BASE_DOMAIN}:${port}/`,
    }),
  });
}

/** Where mail programs, the sites and the product reach an SSH mail host (MAIL_PUBLIC_HOST, MAIL_*_PORT). */
export function sshMailEndpoints(config: Config): MailEndpoints {
  return {
    host: config.MAIL_PUBLIC_HOST ?? mailHostName(config),
    smtpPort: config.MAIL_SMTP_PORT,
    submissionPort: config.MAIL_SUBMISSION_PORT,
    imapPort: config.MAIL_IMAP_PORT,
    // The host's own Roundcube unless the agency names another (decision 0107).
    webmailUrl: config.WEBMAIL_URL ?? `https://webmail.${config.BASE_DOMAIN.toLowerCase()}/`,
    // Its certificate names mail.<BASE_DOMAIN> whatever address it is reached at.
    tls: { serverName: mailHostName(config), caFile: config.MAIL_TLS_CA },
  };
}

/**
 * The address the sites' firewall of this machine's WordPress host must let through to the mail
 * host's submission port ("IPv4:port", decision 0044), when this process has a mail host: the
 * embedded one's loopback port; an SSH mail host's when it is given as an IPv4 address (a name
 * is a public one, which the firewall lets through anyway; a private address must be written).
 */
export function siteMailSubmission(config: Config): string | undefined {
  if (config.MAIL_HOST === "ssh") {
    const { host, submissionPort } = sshMailEndpoints(config);
    return net.isIPv4(host) ? `${host}:${submissionPort}` : undefined;
  }
  if (config.MAIL_HOST === "off" || config.ROLE !== "all") return undefined;
  return `127.0.0.1:${mailPortsFrom(config.MAIL_PORT_BASE).submission}`;
}
