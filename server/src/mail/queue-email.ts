import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { emailLog, emailTemplates } from "../db/schema.ts";
import type { TemplateName } from "./default-templates.ts";
import { renderTemplate } from "./render-template.ts";
import { sendEmailJob } from "./send-email-job.ts";

/**
 * Renders a template now (so the log shows exactly what goes out), records it as queued and
 * leaves delivery to the job queue. Returns the e-mail log id.
 */
export async function queueEmail(
  ctx: Pick<Context, "db" | "queue" | "config">,
  input: { template: TemplateName; to: string; vars: Record<string, string>; orderId?: string },
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
  await ctx.db.insert(emailLog).values({
    id,
    orderId: input.orderId,
    template: input.template,
    recipient: input.to,
    subject: rendered.subject,
    html: rendered.html,
    status: "queued",
  });
  await ctx.queue.send(sendEmailJob, { emailId: id });
  return id;
}
