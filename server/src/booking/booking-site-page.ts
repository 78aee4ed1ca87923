import type { Context } from "../context.ts";
import type { Order, Site } from "../db/schema.ts";
import { blockAttrs } from "../koza/blocks.ts";
import { WordPressRest } from "../koza/wordpress-rest.ts";
import { bookingIncluded } from "./booking-settings.ts";

const SLUG = "reservation";
/** Where the "Réservation" page answers on the site. */
export const BOOKING_PATH = `/${SLUG}/`;
/** Koza's header menu (koza/build-koza-site.ts). */
export const KOZA_MENU = "menu-koza";

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

const PAGE_THERE = "Page Réservation déjà présente.";
/** The order log's line for a page made, here or by the installer. */
export const PAGE_MADE = "Page Réservation créée.";

/**
 * A new Business site's "Réservation" page, given to its installer, which links it from the
 * header's menu as ensureBookingPage would (decision 0103); undefined for another plan.
 */
export function newSiteBookingPage(
  ctx: Pick<Context, "config">,
  order: Pick<Order, "subdomain" | "planId">,
): string | undefined {
  return bookingIncluded(order) ? bookingPageContent(ctx, order) : undefined;
}

interface NavigationMenu {
  id: number;
  slug: string;
  title: { rendered: string };
  content: { raw: string };
}

/** The site's REST API as its admin, or null when it has no credentials yet. */
const siteRest = (ctx: Pick<Context, "secrets" | "wordpress">, order: Order, site: Site) =>
  site.wpUsername && site.wpAppPasswordEnc
    ? new WordPressRest(
        ctx.wordpress.hostFor(site),
        order.subdomain,
        site.wpUsername,
        ctx.secrets.open(site.wpAppPasswordEnc),
      )
    : null;

/** The "Réservation" page of the site (any status but the trash), or one made now. */
export async function bookingPage(
  ctx: Pick<Context, "config">,
  wp: WordPressRest,
  order: Pick<Order, "subdomain">,
): Promise<{ id: number; link: string; status: string; created: boolean }> {
  const [found] = await wp.json<{ id: number; link: string; status: string }[]>(
    "GET",
    `/wp/v2/pages?slug=${SLUG}&status=publish,draft,private&context=edit&_fields=id,link,status`,
  );
  if (found) return { ...found, created: false };
  const page = await wp.json<{ id: number; link: string }>("POST", "/wp/v2/pages", {
    title: "Réservation",
    slug: SLUG,
    status: "publish",
    content: bookingPageContent(ctx, order),
  });
  return { id: page.id, link: page.link, status: "publish", created: true };
}

/**
 * The menu's content with a link to the page: at the end, or before `before`'s link (Koza's
 * menu keeps Contact last). A menu that already links the page is returned unchanged.
 */
export function withPageLink(
  menu: string,
  page: { id: number; link: string },
  before?: { id: number },
): string {
  if (menu.includes(`"id":${page.id},`)) return menu;
  const link = `<!-- wp:navigation-link ${blockAttrs({ label: "Réservation", type: "page", id: page.id, url: page.link, kind: "post-type" })} /-->`;
  const at = before ? menu.search(new RegExp(`<!-- wp:navigation-link \\{[^}]*"id":${before.id},`)) : -1;
  return at < 0
    ? `${menu}${menu && !menu.endsWith("\n") ? "\n" : ""}${link}`
    : `${menu.slice(0, at)}${link}\n${menu.slice(at)}`;
}

/**
 * Gives a Business site its "Réservation" page once: a page already there (the customer may have
 * edited it) is left as it is, published again if it is a draft. A new page is linked from the header's menu, the installer's
 * ("Menu principal") or Koza's (before Contact) when Koza wrote the site before the plan had
 * booking. Through the site's REST API, as its admin.
 */
export async function ensureBookingPage(
  ctx: Pick<Context, "config" | "secrets" | "wordpress">,
  order: Order,
  site: Site,
): Promise<string | null> {
  const wp = siteRest(ctx, order, site);
  if (!bookingIncluded(order) || !wp) return null;
  const page = await bookingPage(ctx, wp, order);
  if (page.status === "draft") {
    // Taken offline by a downgrade (bookingPageForPlan): back with the plan, menus unchanged.
    await wp.json("POST", `/wp/v2/pages/${page.id}`, { status: "publish" });
    return "Page Réservation remise en ligne.";
  }
  if (!page.created) return PAGE_THERE;
  const menus = await wp.json<NavigationMenu[]>("GET", "/wp/v2/navigation?context=edit&per_page=20");
  for (const menu of menus) {
    const koza = menu.slug === KOZA_MENU;
    if (!koza && menu.title.rendered !== "Menu principal") continue;
    const contact = koza
      ? (await wp.json<{ id: number }[]>("GET", "/wp/v2/pages?slug=contact&_fields=id"))[0]
      : undefined;
    await wp.json("POST", `/wp/v2/navigation/${menu.id}`, {
      content: withPageLink(menu.content.raw, page, contact),
    });
  }
  return PAGE_MADE;
}

/**
 * After a plan change (decision 0072): a Business site gets its "Réservation" page (made, or put
 * back online); another plan's site has it taken offline as a draft, its content kept, which
 * also hides its menu links (WordPress draws no link to an unpublished page). A French line for
 * the order's logs when something changed, else null.
 */
export async function bookingPageForPlan(
  ctx: Pick<Context, "config" | "secrets" | "wordpress">,
  order: Order,
  site: Site,
): Promise<string | null> {
  const wp = siteRest(ctx, order, site);
  if (!wp) return null;
  if (bookingIncluded(order)) {
    const line = await ensureBookingPage(ctx, order, site);
    return line === PAGE_THERE ? null : line;
  }
  const [page] = await wp.json<{ id: number }[]>(
    "GET",
    `/wp/v2/pages?slug=${SLUG}&status=publish&context=edit&_fields=id`,
  );
  if (!page) return null;
  await wp.json("POST", `/wp/v2/pages/${page.id}`, { status: "draft" });
  return "Page Réservation retirée du site (gardée en brouillon, avec vos rendez-vous).";
}
