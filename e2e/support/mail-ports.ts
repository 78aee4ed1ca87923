import { mailPortsFrom } from "../../server/src/mail-host/local-mail-host.ts";

/** The stack's MAIL_PORT_BASE (start-stack.ts): E2E_MAIL_PORT_BASE, else E2E_PORT + 6000. */
export const stackMailBase = Number(
  process.env.E2E_MAIL_PORT_BASE ?? Number(process.env.E2E_PORT ?? 3100) + 6000,
);

const ports = mailPortsFrom(stackMailBase);
/** Where the journeys reach the stack's mail host, as another server or a mail program would. */
export const stackMailEndpoints = {
  host: "127.0.0.1",
  smtpPort: ports.smtp,
  submissionPort: ports.submission,
  imapPort: ports.imap,
};
