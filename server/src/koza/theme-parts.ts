import type { KozaData } from "@lagon/contracts/koza-schemas";
import { blockAttrs, columns, esc, link, paragraph } from "./blocks.ts";

/** A menu's links to pages, by id, so a page whose slug changes keeps its link. */
export function navigationLinks(pages: { id: number; title: string; link: string }[]): string {
  return pages
    .map(
      (p) =>
        `<!-- wp:navigation-link ${blockAttrs({ label: p.title, type: "page", id: p.id, url: p.link, kind: "post-type" })} /-->`,
    )
    .join("\n");
}

/** The menu's pages with the "Réservation" page of online booking before the last one (Contact). */
export function withBookingPage<T extends { id: number }>(pages: T[], booking: T): T[] {
  const others = pages.filter((p) => p.id !== booking.id);
  return [...others.slice(0, -1), booking, ...others.slice(-1)];
}

/** Twenty Twenty-Five's header, with the logo beside the title and Koza's menu. */
export function headerPart(navigationId: number): string {
  const nav = {
    ref: navigationId,
    overlayBackgroundColor: "base",
    overlayTextColor: "contrast",
    layout: { type: "flex", justifyContent: "right", flexWrap: "wrap" },
  };
  return `<!-- wp:group {"align":"full","layout":{"type":"default"}} -->
<div class="wp-block-group alignfull"><!-- wp:group {"layout":{"type":"constrained"}} -->
<div class="wp-block-group"><!-- wp:group {"align":"wide","style":{"spacing":{"padding":{"top":"var:preset|spacing|30","bottom":"var:preset|spacing|30"}}},"layout":{"type":"flex","flexWrap":"nowrap","justifyContent":"space-between"}} -->
<div class="wp-block-group alignwide" style="padding-top:var(--wp--preset--spacing--30);padding-bottom:var(--wp--preset--spacing--30)"><!-- wp:group {"style":{"spacing":{"blockGap":"var:preset|spacing|20"}},"layout":{"type":"flex","flexWrap":"nowrap"}} -->
<div class="wp-block-group"><!-- wp:site-logo {"width":56} /-->

<!-- wp:site-title {"level":0} /--></div>
<!-- /wp:group -->

<!-- wp:navigation ${blockAttrs(nav)} /--></div>
<!-- /wp:group --></div>
<!-- /wp:group --></div>
<!-- /wp:group -->`;
}

/** A footer with the business's details and the site map, instead of the theme's sample links. */
export function footerPart(
  data: KozaData,
  opts: { navigationId: number; agency: string; year: number },
): string {
  const c = data.contactInfo;
  const tel = `tel:${c.phone.replace(/[^\d+]/g, "")}`;
  const details = columns([
    [
      '<!-- wp:site-title {"level":2} /-->',
      "<!-- wp:site-tagline /-->",
      paragraph([esc(c.address), link(c.phone, tel), link(c.email, `mailto:${c.email}`)].join("<br>"), {
        html: true,
        size: "small",
      }),
    ],
    [
      `<!-- wp:navigation ${blockAttrs({ ref: opts.navigationId, overlayMenu: "never", layout: { type: "flex", orientation: "vertical" } })} /-->`,
    ],
  ]);
  return `<!-- wp:group {"align":"full","style":{"spacing":{"padding":{"top":"var:preset|spacing|60","bottom":"var:preset|spacing|50"}}},"backgroundColor":"accent-5","layout":{"type":"constrained"}} -->
<div class="wp-block-group alignfull has-accent-5-background-color has-background" style="padding-top:var(--wp--preset--spacing--60);padding-bottom:var(--wp--preset--spacing--50)"><!-- wp:group {"align":"wide","layout":{"type":"default"}} -->
<div class="wp-block-group alignwide">${details}

${paragraph(`© ${opts.year} ${data.businessName} · Site créé avec Koza par ${opts.agency}`, { size: "small" })}</div>
<!-- /wp:group --></div>
<!-- /wp:group -->`;
}
