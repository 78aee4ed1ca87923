import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import { eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { emailTemplates } from "../db/schema.ts";
import { badRequest, notFound } from "../lib/app-error.ts";
import { updateEmailTemplate } from "../mail/email-templates-table.ts";
import { usedVariables } from "../mail/render-template.ts";

const braces = (names: string[]) => names.map((v) => `{{${v}}}`).join(", ");

/**
 * Saves an e-mail template's subject and HTML body; every e-mail sent afterwards uses them.
 * A variable the template does not offer is refused (it would print empty), naming it.
 */
export async function saveEmailTemplate(
  ctx: Pick<Context, "db">,
  name: string,
  input: { subject: string; content: string },
): Promise<void> {
  const [template] = await ctx.db.select().from(emailTemplates).where(eq(emailTemplates.name, name));
  if (!template) throw notFound(ADMIN_MESSAGES.templateNotFound);
  const unknown = usedVariables(`${input.subject} ${input.content}`).filter(
    (v) => !template.variables.includes(v),
  );
  if (unknown.length > 0) {
    throw badRequest(
      `Variable inconnue : ${braces(unknown)}. Variables disponibles : ${braces(template.variables)}.`,
    );
  }
  await updateEmailTemplate(ctx.db, name, { subject: input.subject, content: input.content });
}
