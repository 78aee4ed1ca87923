import path from "node:path";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { siteFilesDir } from "../wordpress/site-runtime.ts";
import { LocalMailHost, mailPortsFrom } from "./local-mail-host.ts";
import { LocalWebmail, webmailPort } from "./local-webmail.ts";
import type { MailHost } from "./mail-host.ts";
import { SendCounts } from "./send-counts-table.ts";

/** The mail host's public name: what customers' MX records name. */
export function mailHostName(config: Pick<Config, "BASE_DOMAIN">): string {
  return `mail.${config.BASE_DOMAIN}`.toLowerCase();
}

/**
 * The mail host of the configuration (MAIL_HOST), not started. The embedded one belongs to a
 * single process (ROLE=all): separate API and worker processes have none until a shared mail
 * host is configured.
 */
export function createMailHost(config: Config, db: Db): MailHost | null {
  if (config.MAIL_HOST === "off" || config.ROLE !== "all") return null;
  const ports = mailPortsFrom(config.MAIL_PORT_BASE);
  const port = webmailPort(config.MAIL_PORT_BASE);
  return new LocalMailHost({
    dataDir: config.DATA_DIR,
    hostname: mailHostName(config),
    ports,
    relayHost: config.MAIL_RELAY_HOST,
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

/** Where the sites of this machine submit their mail ("127.0.0.1:port"), when this process has a mail host. */
export function siteMailSubmission(config: Config): string | undefined {
  if (config.MAIL_HOST === "off" || config.ROLE !== "all") return undefined;
  return `127.0.0.1:${mailPortsFrom(config.MAIL_PORT_BASE).submission}`;
}
