import type { WordPressRest } from "../koza/wordpress-rest.ts";
import { renderFeaturedImage } from "./featured-image.ts";
import type { SeedArticle } from "./seed-articles.ts";

/** Slugs WordPress gives its sample post ("Bonjour tout le monde !"), in French and English. */
const SAMPLE_POST_SLUGS = "bonjour-tout-le-monde,hello-world";

const mediaSlug = (article: SeedArticle) => `${article.slug}-illustration`;

/**
 * Publishes the seed articles that the blog does not have yet, each with its featured image,
 * category and tags. Safe to run again: an article, an image or a term already there is
 * reused, so an interrupted run resumes where it stopped. Returns the number of articles created.
 */
export async function seedBlogArticles(
  wp: WordPressRest,
  articles: SeedArticle[],
  brand: string,
): Promise<number> {
  await wp.json("POST", "/wp/v2/settings", {
    timezone: "Indian/Reunion",
    description: `Conseils web pour les artisans, TPE et PME de La Réunion, par ${brand}`,
  });
  const samples = await wp.json<{ id: number }[]>(
    "GET",
    `/wp/v2/posts?slug=${SAMPLE_POST_SLUGS}&status=any&context=edit&_fields=id`,
  );
  for (const sample of samples) await wp.json("DELETE", `/wp/v2/posts/${sample.id}?force=true`);

  const existing = await wp.json<{ slug: string }[]>(
    "GET",
    "/wp/v2/posts?per_page=100&status=any&context=edit&_fields=slug",
  );
  const have = new Set(existing.map((p) => p.slug));
  const todo = articles
    .map((article, variant) => ({ article, variant }))
    .filter((t) => !have.has(t.article.slug));
  if (todo.length === 0) return 0;

  const categories = await termIds(
    wp,
    "categories",
    todo.map((t) => t.article.category),
  );
  const tags = await termIds(
    wp,
    "tags",
    todo.flatMap((t) => t.article.tags),
  );
  const uploaded = await wp.json<{ id: number; slug: string }[]>(
    "GET",
    "/wp/v2/media?per_page=100&_fields=id,slug",
  );
  const mediaIds = new Map(uploaded.map((m) => [m.slug, m.id]));
  // Drawn all at once (sharp works on its own threads) while WordPress takes the uploads one by one.
  const images = todo.map(({ article, variant }) =>
    mediaIds.has(mediaSlug(article))
      ? undefined
      : renderFeaturedImage({ title: article.title, category: article.category, variant, brand }),
  );

  for (const [i, { article }] of todo.entries()) {
    let mediaId = mediaIds.get(mediaSlug(article));
    if (mediaId === undefined) {
      const media = await wp.upload(
        await (images[i] as Promise<Buffer>),
        `${mediaSlug(article)}.webp`,
        "image/webp",
      );
      mediaId = media.id;
      await wp.json("POST", `/wp/v2/media/${mediaId}`, { alt_text: article.title, title: article.title });
    }
    await wp.json("POST", "/wp/v2/posts", {
      slug: article.slug,
      title: article.title,
      excerpt: article.excerpt,
      content: article.content,
      status: "publish",
      date_gmt: article.date.replace(/\.\d+Z$/, ""),
      featured_media: mediaId,
      categories: [categories.get(article.category)],
      tags: article.tags.map((t) => tags.get(t)),
      comment_status: "closed",
      ping_status: "closed",
    });
  }
  return todo.length;
}

/** The ids of the named categories or tags, creating those that do not exist yet. */
async function termIds(
  wp: WordPressRest,
  taxonomy: "categories" | "tags",
  names: string[],
): Promise<Map<string, number>> {
  const terms = await wp.json<{ id: number; name: string }[]>(
    "GET",
    `/wp/v2/${taxonomy}?per_page=100&hide_empty=false&_fields=id,name`,
  );
  const ids = new Map(terms.map((t) => [t.name, t.id]));
  for (const name of new Set(names)) {
    if (!ids.has(name))
      ids.set(name, (await wp.json<{ id: number }>("POST", `/wp/v2/${taxonomy}`, { name })).id);
  }
  return ids;
}
