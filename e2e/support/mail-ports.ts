import path from "node:path";
import { mailPortsFrom } from "../../server/src/mail-host/local-mail-host.ts";
import type { MailEndpoints } from "../../server/src/mail-host/mail-host.ts";

/** The stack's MAIL_PORT_BASE (start-stack.ts): E2E_MAIL_PORT_BASE, else E2E_PORT + 6000. */
export const stackMailBase = Number(
  process.env.E2E_MAIL_PORT_BASE ?? Number(process.env.E2E_PORT ?? 3100) + 6000,
);

const ports = mailPortsFrom(stackMailBase);
const dataDir = process.env.E2E_DATA_DIR ?? `.test-output/e2e-${process.env.E2E_PORT ?? 3100}`;
/**
 * Where the journeys reach the stack's mail host, as another server or a mail program would: logins
 * over STARTTLS, the certificate the host made (DATA_DIR/mail/tls) checked for its name.
 */
export const stackMailEndpoints: MailEndpoints = {
  host: "127.0.0.1",
  smtpPort: ports.smtp,
  submissionPort: ports.submission,
  imapPort: ports.imap,
  tls: { serverName: "mail.localhost", caFile: path.resolve(dataDir, "mail", "tls", "cert.pem") },
};
