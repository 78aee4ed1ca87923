import type { WordPressRest } from "../koza/wordpress-rest.ts";
import { drawFeaturedImages } from "./featured-image.ts";
import type { SeedArticle } from "./seed-articles.ts";

/** Slugs WordPress gives its sample post ("Bonjour tout le monde !"), in French and English. */
const SAMPLE_POST_SLUGS = "bonjour-tout-le-monde,hello-world";
/** WordPress's limit of requests in one call to its batch API. */
const MAX_BATCH = 25;

const mediaSlug = (article: SeedArticle) => `${article.slug}-illustration`;

interface BatchRequest {
  method: "POST";
  path: string;
  body: Record<string, unknown>;
}

/**
 * Sends REST requests through WordPress's batch API (/batch/v1), 25 to a call: every HTTP call
 * boots WordPress once, and that, not the work itself, is most of the time spent.
 */
async function batch(
  wp: WordPressRest,
  requests: BatchRequest[],
): Promise<{ status: number; body: unknown }[]> {
  const responses: { status: number; body: unknown }[] = [];
  for (let i = 0; i < requests.length; i += MAX_BATCH) {
    const answer = await wp.json<{ responses: { status: number; body: unknown }[] }>("POST", "/batch/v1", {
      requests: requests.slice(i, i + MAX_BATCH),
    });
    responses.push(...answer.responses);
  }
  return responses;
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
  const missing = [...new Set(names)].filter((name) => !ids.has(name));
  const created = await batch(
    wp,
    missing.map((name) => ({ method: "POST", path: `/wp/v2/${taxonomy}`, body: { name } })),
  );
  for (const [i, { status, body }] of created.entries()) {
    const term = body as { id?: number; code?: string; data?: { term_id?: number } };
    // "term_exists" (a name spelt differently by WordPress) still gives the term's id.
    const id = status < 300 ? term.id : term.code === "term_exists" ? term.data?.term_id : undefined;
    if (id === undefined)
      throw new Error(`WordPress ${taxonomy} : ${status} ${JSON.stringify(body).slice(0, 200)}`);
    ids.set(missing[i] as string, id);
  }
  return ids;
}

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

  const uploaded = await wp.json<{ id: number; slug: string }[]>(
    "GET",
    "/wp/v2/media?per_page=100&_fields=id,slug",
  );
  const mediaIds = new Map(uploaded.map((m) => [m.slug, m.id]));
  const terms = async () => ({
    categories: await termIds(
      wp,
      "categories",
      todo.map((t) => t.article.category),
    ),
    tags: await termIds(
      wp,
      "tags",
      todo.flatMap((t) => t.article.tags),
    ),
  });
  // The images are drawn (by a child process) while WordPress creates the terms.
  const missing = todo.filter(({ article }) => !mediaIds.has(mediaSlug(article)));
  const [images, { categories, tags }] = await Promise.all([
    drawFeaturedImages(
      missing.map(({ article, variant }) => ({
        title: article.title,
        category: article.category,
        variant,
        brand,
      })),
    ),
    terms(),
  ]);

  // Two uploads at a time: the PHP server runs two workers (SQLite makes a writer wait its turn).
  // The first goes alone: it creates this month's uploads folder, which two parallel uploads
  // would both try to create, and WordPress fails the one that loses that race.
  const pending = missing.map((t, i) => ({ ...t, image: images[i] as Buffer }));
  const upload = async ({ article, image }: (typeof pending)[number]) => {
    // No alt text: the image shows the title, which the pages print right beside it.
    const media = await wp.upload<{ id: number }>(image, `${mediaSlug(article)}.webp`, "image/webp");
    mediaIds.set(mediaSlug(article), media.id);
  };
  const [first, ...rest] = pending;
  if (first) await upload(first);
  for (let i = 0; i < rest.length; i += 2) await Promise.all(rest.slice(i, i + 2).map(upload));

  const created = await batch(
    wp,
    todo.map(({ article }) => ({
      method: "POST",
      path: "/wp/v2/posts",
      body: {
        slug: article.slug,
        title: article.title,
        excerpt: article.excerpt,
        content: article.content,
        status: "publish",
        date_gmt: article.date.replace(/\.\d+Z$/, ""),
        featured_media: mediaIds.get(mediaSlug(article)),
        categories: [categories.get(article.category)],
        tags: article.tags.map((t) => tags.get(t)),
        comment_status: "closed",
        ping_status: "closed",
      },
    })),
  );
  const failed = created.find((r) => r.status >= 300);
  if (failed)
    throw new Error(`WordPress posts : ${failed.status} ${JSON.stringify(failed.body).slice(0, 200)}`);
  return todo.length;
}
