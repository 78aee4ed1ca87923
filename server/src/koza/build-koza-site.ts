import { readFile } from "node:fs/promises";
import type { KozaData } from "@lagon/contracts/koza";
import type { Context } from "../context.ts";
import type { orders } from "../db/schema.ts";
import { kozaPages, type Media } from "./page-blocks.ts";
import type { SiteContent } from "./site-content.ts";
import { WordPressRest } from "./wordpress-rest.ts";

export interface StoredFile {
  field: string;
  path: string;
  mime: string;
  bytes: number;
}

const FONTS = {
  modern: { body: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", headingWeight: "700" },
  classic: { body: "Georgia, 'Times New Roman', serif", headingWeight: "600" },
  bold: { body: "'Arial Black', Arial, sans-serif", headingWeight: "900" },
  minimal: { body: "'Helvetica Neue', Helvetica, Arial, sans-serif", headingWeight: "400" },
} as const;

/**
 * Writes the five pages into the customer's WordPress through its REST API: media, pages
 * (replaced, never duplicated, on a new run), title and tagline, logo, front page, menu, and
 * the colours and style in the theme's global styles.
 */
export async function buildKozaSite(
  ctx: Context,
  order: typeof orders.$inferSelect,
  data: KozaData,
  text: SiteContent,
  files: StoredFile[],
): Promise<void> {
  if (!order.wpUsername || !order.wpAppPasswordEnc) throw new Error("identifiants WordPress manquants");
  const wp = new WordPressRest(
    ctx.wordpress,
    order.subdomain,
    order.wpUsername,
    ctx.secrets.open(order.wpAppPasswordEnc),
  );

  const upload = async (f: StoredFile, name: string): Promise<Media> =>
    wp.upload(await readFile(f.path), `${name}.${f.mime.split("/")[1]?.replace("jpeg", "jpg")}`, f.mime);
  const logoFile = files.find((f) => f.field === "logo");
  const logo = logoFile ? await upload(logoFile, "logo") : undefined;
  const photos: Media[] = [];
  for (const [i, f] of files.filter((f) => f.field.startsWith("photo_")).entries()) {
    photos.push(await upload(f, `realisation-${i + 1}`));
  }

  const ids: Record<string, number> = {};
  for (const page of kozaPages(data, text, photos)) {
    const [existing] = await wp.json<{ id: number }[]>(
      "GET",
      `/wp/v2/pages?slug=${page.slug}&status=any&context=edit`,
    );
    const body = {
      title: page.title,
      slug: page.slug,
      content: page.content,
      status: "publish",
      menu_order: page.order,
    };
    const saved = await wp.json<{ id: number }>(
      "POST",
      existing ? `/wp/v2/pages/${existing.id}` : "/wp/v2/pages",
      body,
    );
    ids[page.slug] = saved.id;
  }

  await wp.json("POST", "/wp/v2/settings", {
    title: data.businessName,
    description: text.tagline,
    show_on_front: "page",
    page_on_front: ids.accueil,
    ...(logo ? { site_logo: logo.id } : {}),
  });

  const links = [
    ["Accueil", "/"],
    ["À propos", "/a-propos/"],
    ["Services", "/services/"],
    ["Réalisations", "/realisations/"],
    ["Contact", "/contact/"],
  ]
    .map(([label, url]) => `<!-- wp:navigation-link {"label":"${label}","url":"${url}","kind":"custom"} /-->`)
    .join("");
  const menus = await wp.json<{ id: number }[]>("GET", "/wp/v2/navigation?search=Menu%20Koza&status=publish");
  await wp.json("POST", menus[0] ? `/wp/v2/navigation/${menus[0].id}` : "/wp/v2/navigation", {
    title: "Menu Koza",
    status: "publish",
    content: links,
  });

  const [theme] = await wp.json<{ _links: Record<string, { href: string }[]> }[]>(
    "GET",
    "/wp/v2/themes?status=active",
  );
  const stylesHref = theme?._links["wp:user-global-styles"]?.[0]?.href;
  const stylesId = stylesHref?.split("/").at(-1);
  if (!stylesId) throw new Error("styles globaux du thème introuvables");
  const font = FONTS[data.style];
  await wp.json("POST", `/wp/v2/global-styles/${stylesId}`, {
    settings: {
      color: {
        palette: {
          custom: [
            { slug: "koza-primary", name: "Principale", color: data.colors.primary },
            { slug: "koza-secondary", name: "Secondaire", color: data.colors.secondary },
          ],
        },
      },
    },
    styles: {
      typography: { fontFamily: font.body },
      color: { text: data.colors.secondary },
      elements: {
        link: { color: { text: data.colors.primary } },
        heading: { color: { text: data.colors.secondary }, typography: { fontWeight: font.headingWeight } },
        button: { color: { background: data.colors.primary, text: "#ffffff" } },
      },
    },
  });
}
