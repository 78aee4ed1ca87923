import path from "node:path";
import type { Config } from "../config.ts";
import { LocalMailHost, mailPortsFrom } from "./local-mail-host.ts";
import { LocalWebmail, webmailPort } from "./local-webmail.ts";
import type { MailHost } from "./mail-host.ts";

/**
 * The mail host of the configuration (MAIL_HOST), not started. The embedded one belongs to a
 * single process (ROLE=all): separate API and worker processes have none until a shared mail
 * host is configured.
 */
export function createMailHost(config: Config): MailHost | null {
  if (config.MAIL_HOST === "off" || config.ROLE !== "all") return null;
  const ports = mailPortsFrom(config.MAIL_PORT_BASE);
  const port = webmailPort(config.MAIL_PORT_BASE);
  return new LocalMailHost({
    dataDir: config.DATA_DIR,
    hostname: `mail.${config.BASE_DOMAIN}`,
    ports,
    relayHost: config.MAIL_RELAY_HOST,
    webmail: new LocalWebmail({
      root: path.join(path.resolve(config.DATA_DIR), "webmail"),
      runDir: path.join("/run", `lagon-webmail-${config.MAIL_PORT_BASE}`),
      port,
      url: config.WEBMAIL_URL ?? `http://webmail.${config.BASE_DOMAIN}:${port}/`,
      imapPort: ports.imap,
      submissionPort: ports.submission,
    }),
  });
}
