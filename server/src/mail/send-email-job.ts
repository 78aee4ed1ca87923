import { eq } from "drizzle-orm";
import { z } from "zod";
import { emailLog } from "../db/schema.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { emailDisplayCopy } from "./email-display-copy.ts";
import { updateEmailLog } from "./email-log-table.ts";
import type { MailAttachment } from "./mail-transport.ts";

/**
 * Delivers one logged e-mail. A message recorded as delivered is never sent again; one that the
 * SMTP server accepted just before its worker died is sent again by the retry, with the same
 * Message-ID (the log's id), so the recipient's mailbox shows it once (decision 0037).
 */
export const sendEmailJob = defineJob({
  name: "send-email",
  payload: z.object({ emailId: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 5,
  expireInSeconds: 60,
  async handle({ emailId }, ctx, job) {
    const [mail] = await ctx.db.select().from(emailLog).where(eq(emailLog.id, emailId));
    if (!mail || mail.status === "sent" || mail.status === "recorded") return;
    // Rows queued before bodies were sealed (migration 0003) still hold the clear body.
    const html = mail.sealedHtml === null ? mail.html : ctx.secrets.open(mail.sealedHtml);
    try {
      const messageId = `<${mail.id}@${new URL(ctx.config.PUBLIC_URL).hostname}>`;
      const attachments =
        mail.sealedAttachments === null
          ? undefined
          : (JSON.parse(ctx.secrets.open(mail.sealedAttachments)) as MailAttachment[]);
      await ctx.mail.send({ to: mail.recipient, subject: mail.subject, html, messageId, attachments });
    } catch (err) {
      const last = job.retryCount >= job.retryLimit;
      await updateEmailLog(ctx.db, emailId, {
        status: last ? "failed" : "queued",
        error: String((err as Error).message ?? err).slice(0, 500),
      });
      throw err;
    }
    await updateEmailLog(ctx.db, emailId, {
      status: ctx.mail.kind === "smtp" ? "sent" : "recorded",
      sentAt: new Date(),
      error: null,
      html: emailDisplayCopy(mail.html),
    });
  },
});
