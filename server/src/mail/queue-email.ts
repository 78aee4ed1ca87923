import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { emailTemplates } from "../db/schema.ts";
import type { TemplateName } from "./default-templates.ts";
import { emailDisplayCopy } from "./email-display-copy.ts";
import { insertEmailLog } from "./email-log-table.ts";
import type { MailAttachment } from "./mail-transport.ts";
import { renderTemplate } from "./render-template.ts";
import { sendEmailJob } from "./send-email-job.ts";

/**
 * Renders a template now (so the log shows what goes out), records it as queued and leaves
 * delivery to the job queue. The log keeps the body sealed for the sender and a copy with its
 * links' secrets masked for the admin. Returns the e-mail log id.
 */
export async function queueEmail(
  ctx: Pick<Context, "db" | "queue" | "config" | "secrets">,
  input: {
    template: TemplateName;
    to: string;
    vars: Record<string, string>;
    orderId?: string;
    attachments?: MailAttachment[];
  },
): Promise<string> {
  const [template] = await ctx.db
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.name, input.template));
  if (!template) throw new Error(`e-mail template ${input.template} is missing`);
  const rendered = renderTemplate(template, {
    company_name: ctx.config.COMPANY_NAME,
    contact_email: ctx.config.CONTACT_EMAIL,
    ...input.vars,
  });
  const id = randomUUID();
  await insertEmailLog(ctx.db, {
    id,
    orderId: input.orderId,
    template: input.template,
    recipient: input.to,
    subject: rendered.subject,
    html: emailDisplayCopy(rendered.html),
    sealedHtml: ctx.secrets.seal(rendered.html),
    sealedAttachments: input.attachments?.length ? ctx.secrets.seal(JSON.stringify(input.attachments)) : null,
    status: "queued",
  });
  await ctx.queue.send(sendEmailJob, { emailId: id });
  return id;
}
