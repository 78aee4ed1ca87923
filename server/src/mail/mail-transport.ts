import nodemailer from "nodemailer";

/** A file sent with an e-mail: a booking's calendar invitation. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  attachments?: MailAttachment[];
  /**
   * The same for every attempt at one logged e-mail: a message delivered by a worker that died
   * before recording it goes out again with the same id, which mailboxes show once (decision 0037).
   */
  messageId: string;
}

/** Delivers e-mail. Without SMTP the product only records messages in its e-mail log. */
export interface MailTransport {
  readonly kind: "smtp" | "record-only";
  send(mail: OutgoingMail): Promise<void>;
}

export function createMailTransport(opts: { smtpUrl?: string; from: string }): MailTransport {
  if (!opts.smtpUrl) return { kind: "record-only", send: async () => {} };
  const transporter = nodemailer.createTransport(opts.smtpUrl);
  return {
    kind: "smtp",
    async send(mail) {
      await transporter.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: htmlToText(mail.html),
        messageId: mail.messageId,
        attachments: mail.attachments,
      });
    },
  };
}

function htmlToText(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/gi, "")
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, "$2 ($1)")
    .replace(/<br\s*\/?>|<\/p>|<\/h\d>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n\s*\n+/g, "\n\n")
    .trim();
}
