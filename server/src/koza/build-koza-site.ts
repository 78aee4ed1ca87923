import type { KozaData } from "@lagon/contracts/koza-schemas";
import { bookingIncluded } from "../booking/booking-settings.ts";
import { bookingPage, KOZA_MENU } from "../booking/booking-site-page.ts";
import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import { readStoredFile } from "../files/stored-files.ts";
import { siteAdminRest } from "../sites/site-of.ts";
import type { Media } from "./blocks.ts";
import { type KozaPage, kozaPages } from "./page-blocks.ts";
import type { SiteContent } from "./site-content.ts";
import { type ImageMaker, imageRequests, pageImages } from "./site-images.ts";
import type { StoredFile } from "./submit-koza-questionnaire.ts";
import { footerPart, headerPart, navigationLinks, withBookingPage } from "./theme-parts.ts";
import { themeStyles } from "./theme-styles.ts";
import type { WordPressRest } from "./wordpress-rest.ts";

interface WpMedia {
  id: number;
  slug: string;
  source_url: string;
  alt_text: string;
  media_details?: { sizes?: Record<string, { source_url: string }> };
}
interface WpTheme {
  stylesheet: string;
  is_block_theme?: boolean;
  _links: Record<string, { href: string }[]>;
}

const ANY_STATUS = "publish,future,draft,pending,private,trash";
/** Koza's media are named koza-<submission>-…, so a retry finds them and a new run removes the old ones. */
const KOZA_MEDIA = /^koza-(\d+)-/;

/**
 * Writes the customer's five-page site through the WordPress REST API. Every step can run again
 * (a retried job) without adding anything twice: media (the customer's, and the pictures made
 * for the places they leave empty) and pages are looked up by slug first, the menu, header,
 * footer, settings and styles are overwritten.
 */
export async function buildKozaSite(
  ctx: Context,
  order: Order,
  submission: { id: number; data: KozaData; files: StoredFile[] },
  text: SiteContent,
  makeImage: ImageMaker,
): Promise<{ pages: string[]; photos: number; images: number }> {
  const wp = await siteAdminRest(ctx, order);
  if (!wp) throw new Error("identifiants WordPress manquants");
  const { data } = submission;

  const upload = (file: StoredFile, slug: string, alt: string) =>
    ensureMedia(wp, `koza-${submission.id}-${slug}`, alt, async () => ({
      data: await readStoredFile(ctx, file.key),
      mime: file.mime,
      ext: file.key.split(".").at(-1) ?? "jpg",
    }));
  const logoFile = submission.files.find((f) => f.field === "logo");
  const logo = logoFile ? await upload(logoFile, "logo", `Logo de ${data.businessName}`) : undefined;
  const photos: Media[] = [];
  for (const [i, file] of submission.files.filter((f) => f.field.startsWith("photo_")).entries()) {
    photos.push(await upload(file, `photo-${i + 1}`, `${data.businessName} : réalisation ${i + 1}`));
  }
  // The pictures the customer did not give are made, once: a retried run finds them by slug.
  const made = new Map<string, Media>();
  for (const request of imageRequests(data, photos.length)) {
    const slug = `koza-${submission.id}-image-${request.slot}`;
    made.set(request.slot, await ensureMedia(wp, slug, request.alt, () => makeImage(request)));
  }

  // Online booking (Business): its page, made now if the install did not, has its place in the menus.
  const reservation = bookingIncluded(order) ? await bookingPage(ctx, wp, order) : undefined;
  const saved: { id: number; title: string; link: string }[] = [];
  for (const page of kozaPages(data, text, pageImages(photos, made), {
    booking: reservation !== undefined,
  })) {
    saved.push(await savePage(wp, page));
  }
  const home = saved[0] as { id: number };

  await wp.json("POST", "/wp/v2/settings", {
    title: data.businessName,
    description: text.tagline,
    show_on_front: "page",
    page_on_front: home.id,
    site_logo: logo?.id ?? 0,
  });

  const [theme] = await wp.json<WpTheme[]>("GET", "/wp/v2/themes?status=active");
  if (theme?.is_block_theme) {
    const menu = (slug: string, title: string, pages: typeof saved) =>
      upsert(wp, "/wp/v2/navigation", slug, { title, status: "publish", content: navigationLinks(pages) });
    const legal = await wp.json<{ id: number; link: string }[]>(
      "GET",
      "/wp/v2/pages?slug=mentions-legales&_fields=id,link",
    );
    const linked = reservation ? withBookingPage(saved, { ...reservation, title: "Réservation" }) : saved;
    const header = await menu(KOZA_MENU, "Menu Koza", linked);
    const footer = await menu("menu-koza-pied-de-page", "Pied de page Koza", [
      ...linked,
      ...legal.map((p) => ({ ...p, title: "Mentions légales" })),
    ]);
    const part = (slug: string) => `/wp/v2/template-parts/${encodeURIComponent(theme.stylesheet)}//${slug}`;
    await wp.json("POST", part("header"), { content: headerPart(header.id) });
    await wp.json("POST", part("footer"), {
      content: footerPart(data, {
        navigationId: footer.id,
        agency: ctx.config.COMPANY_NAME,
        year: new Date().getFullYear(),
      }),
    });
    const stylesId = theme._links["wp:user-global-styles"]?.[0]?.href.split("/").at(-1);
    if (!stylesId) throw new Error("styles globaux du thème introuvables");
    await wp.json("POST", `/wp/v2/global-styles/${stylesId}`, themeStyles(data));
  }

  await removeEarlierKozaMedia(wp, submission.id);
  return { pages: saved.map((p) => p.title), photos: photos.length, images: made.size };
}

/** The media with this slug, or a new one from `load` (only called when it is missing). */
async function ensureMedia(
  wp: WordPressRest,
  slug: string,
  alt: string,
  load: () => Promise<{ data: Buffer; mime: string; ext: string }>,
): Promise<Media> {
  let [item] = await wp.json<WpMedia[]>("GET", `/wp/v2/media?slug=${slug}&context=edit`);
  if (!item) {
    const file = await load();
    const uploaded = await wp.upload<WpMedia>(file.data, `${slug}.${file.ext}`, file.mime);
    item = await wp.json<WpMedia>("POST", `/wp/v2/media/${uploaded.id}`, { alt_text: alt });
  }
  const url = item.media_details?.sizes?.large?.source_url ?? item.source_url;
  return { id: item.id, url, alt };
}

async function savePage(wp: WordPressRest, page: KozaPage) {
  const { id, link } = await upsert(wp, "/wp/v2/pages", page.slug, {
    title: page.title,
    content: page.content,
    status: "publish",
    menu_order: page.menuOrder,
    template: page.template,
    featured_media: page.featured?.id ?? 0,
  });
  return { id, title: page.title, link };
}

/** Updates the post with this slug (even in the trash) or creates it. */
async function upsert(wp: WordPressRest, base: string, slug: string, body: Record<string, unknown>) {
  const [existing] = await wp.json<{ id: number }[]>(
    "GET",
    `${base}?slug=${slug}&status=${ANY_STATUS}&context=edit&_fields=id`,
  );
  return wp.json<{ id: number; link: string }>("POST", existing ? `${base}/${existing.id}` : base, {
    ...body,
    slug,
  });
}

/** Media of earlier Koza runs are no longer shown anywhere: they leave the library. */
async function removeEarlierKozaMedia(wp: WordPressRest, submissionId: number) {
  const items = await wp.json<WpMedia[]>("GET", "/wp/v2/media?search=koza-&per_page=100&_fields=id,slug");
  for (const item of items) {
    const run = item.slug.match(KOZA_MEDIA)?.[1];
    if (run && Number(run) !== submissionId) await wp.json("DELETE", `/wp/v2/media/${item.id}?force=true`);
  }
}
