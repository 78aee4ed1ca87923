import type { EmailTemplateView } from "@lagon/contracts/admin-schemas";
import { asc } from "drizzle-orm";
import type { Context } from "../context.ts";
import { emailTemplates } from "../db/schema.ts";

/** The editable e-mail templates, by name, with the variables each one offers. */
export async function listEmailTemplates(ctx: Pick<Context, "db">): Promise<EmailTemplateView[]> {
  const rows = await ctx.db.select().from(emailTemplates).orderBy(asc(emailTemplates.name));
  return rows.map((t) => ({
    _id: t.name,
    name: t.name,
    description: t.description,
    subject: t.subject,
    content: t.content,
    variables: t.variables,
  }));
}
