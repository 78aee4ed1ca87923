import { KozaData } from "@lagon/contracts/koza-schemas";
import { desc, eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { kozaSubmissions, type Order } from "../db/schema.ts";
import { contactPage } from "../site-mail/add-contact-form.ts";
import { siteAdminRest } from "../sites/site-of.ts";
import { contactForm } from "./blocks.ts";
import { worksAlone } from "./trade.ts";

/**
 * The one-time upgrade of a Koza site made before its contact form could say "je" (decision
 * 0085, 0091): for an owner working alone (read from their latest answers, as the writer reads
 * it), the form's block as Koza wrote it becomes `[lagon_formulaire_contact voix="je"]`, so its
 * thanks say "Je vous répondrai rapidement". Idempotent, and it touches nothing else: a team's
 * site, a site without Koza or without a Contact page, and a page where the form's block is not
 * found exactly once as written (the customer moved or changed it) are left as they are.
 */
export async function giveContactFormOwnersVoice(
  ctx: Pick<Context, "db" | "wordpress" | "secrets">,
  order: Order,
): Promise<string> {
  const [latest] = await ctx.db
    .select({ data: kozaSubmissions.data })
    .from(kozaSubmissions)
    .where(eq(kozaSubmissions.orderId, order.id))
    .orderBy(desc(kozaSubmissions.id))
    .limit(1);
  const answers = latest ? KozaData.safeParse(latest.data) : undefined;
  if (!answers?.success) return "Pas de site écrit par Koza : formulaire de contact inchangé.";
  if (!worksAlone(answers.data))
    return "Site d'une équipe : le formulaire de contact dit « nous », inchangé.";
  const wp = await siteAdminRest(ctx, order);
  if (!wp) throw new Error("identifiants WordPress manquants");
  const page = await contactPage(wp);
  if (!page) return "Pas de page Contact sur le site : formulaire de contact inchangé.";
  const raw = page.content.raw;
  if (raw.includes(contactForm(true))) return "Formulaire de contact déjà à la première personne.";
  const found = raw.split(contactForm(false)).length - 1;
  if (found !== 1) return "Page Contact modifiée par le client : formulaire de contact laissé tel quel.";
  await wp.json("POST", `/wp/v2/pages/${page.id}`, {
    content: raw.replace(contactForm(false), contactForm(true)),
  });
  return "Formulaire de contact à la première personne : « Je vous répondrai rapidement. »";
}
