import type { Context } from "../context.ts";
import type { Order, Site } from "../db/schema.ts";
import { contactForm } from "../koza/blocks.ts";
import type { WordPressRest } from "../koza/wordpress-rest.ts";
import { siteAdminRest } from "../sites/site-of.ts";
import { configureSiteMail } from "./site-mail.ts";

/** The form's shortcode, with or without its `voix` attribute. */
const SHORTCODE = "[lagon_formulaire_contact";

/**
 * The one-time upgrade of a site made before the contact form existed (decision 0072): its mail
 * settings first (sender login, contact address), then the form at the end of its Contact page.
 * Idempotent: the settings are written again, a page that has the form is left alone, and a site
 * without a Contact page (the customer removed it) gets none. The product files it needs come
 * with the upgrade before it (sites/product-files.ts).
 */
export async function addContactForm(
  ctx: Pick<Context, "config" | "db" | "secrets" | "wordpress" | "mailHost">,
  order: Order,
  site: Site,
): Promise<string> {
  const wp = await siteAdminRest(ctx, order);
  if (!wp) throw new Error("identifiants WordPress manquants");
  // The settings first: a site without the mu-plugin's route fails here, before its page changes.
  const mail = await configureSiteMail(ctx, order, site);
  const page = await contactPage(wp);
  if (!page) return `${mail} Pas de page Contact sur le site : aucun formulaire ajouté.`;
  if (page.content.raw.includes(SHORTCODE)) return `${mail} Formulaire de contact déjà présent.`;
  const content = `${page.content.raw.trimEnd()}\n\n${contactForm()}`;
  await wp.json("POST", `/wp/v2/pages/${page.id}`, { content });
  return `${mail} Formulaire de contact ajouté à la page Contact.`;
}

/** The site's Contact page as stored (any status), or undefined when the customer removed it. */
export async function contactPage(
  wp: WordPressRest,
): Promise<{ id: number; content: { raw: string } } | undefined> {
  const [page] = await wp.json<{ id: number; content: { raw: string } }[]>(
    "GET",
    "/wp/v2/pages?slug=contact&status=publish,draft,private&context=edit&_fields=id,content",
  );
  return page;
}
