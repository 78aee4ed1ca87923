import type { Context } from "../context.ts";
import type { Order, Site } from "../db/schema.ts";
import { WordPressRest } from "../koza/wordpress-rest.ts";
import { bookingIncluded } from "./booking-settings.ts";

const SLUG = "reservation";

/** The "Réservation" page: an introduction and the widget's shortcode (mu-plugin lagon-reservation.php). */
export function bookingPageContent(ctx: Pick<Context, "config">, order: Pick<Order, "subdomain">): string {
  return [
    "<!-- wp:paragraph -->",
    "<p>Choisissez une prestation puis un créneau libre : vous recevez aussitôt une confirmation par e-mail, avec l'invitation pour votre agenda et un lien pour annuler si besoin.</p>",
    "<!-- /wp:paragraph -->",
    "",
    "<!-- wp:shortcode -->",
    `[lagon_reservation api="${ctx.config.PUBLIC_URL}" site="${order.subdomain}"]`,
    "<!-- /wp:shortcode -->",
  ].join("\n");
}

/**
 * Gives a Business site its "Réservation" page, linked from the header menu, once: a page already
 * there (the customer may have edited it) is left as it is. Through the site's REST API, as its admin.
 */
export async function ensureBookingPage(ctx: Context, order: Order, site: Site): Promise<string | null> {
  if (!bookingIncluded(order) || !site.wpUsername || !site.wpAppPasswordEnc) return null;
  const wp = new WordPressRest(
    ctx.wordpress.hostFor(site),
    order.subdomain,
    site.wpUsername,
    ctx.secrets.open(site.wpAppPasswordEnc),
  );
  const found = await wp.json<{ id: number }[]>(
    "GET",
    `/wp/v2/pages?slug=${SLUG}&status=publish,draft,private`,
  );
  if (found.length > 0) return "Page Réservation déjà présente.";
  const page = await wp.json<{ id: number; link: string }>("POST", "/wp/v2/pages", {
    title: "Réservation",
    slug: SLUG,
    status: "publish",
    content: bookingPageContent(ctx, order),
  });
  // The header's menu (install-site.php's "Menu principal") gets the page before its last link.
  const menus = await wp.json<{ id: number; title: { rendered: string }; content: { raw: string } }[]>(
    "GET",
    "/wp/v2/navigation?context=edit&per_page=20",
  );
  const menu = menus.find((m) => m.title.rendered === "Menu principal");
  if (menu) {
    const link = `<!-- wp:navigation-link ${JSON.stringify({ label: "Réservation", type: "page", id: page.id, url: page.link, kind: "post-type" })} /-->`;
    await wp.json("POST", `/wp/v2/navigation/${menu.id}`, { content: `${menu.content.raw}${link}` });
  }
  return "Page Réservation créée.";
}
