import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { markdownToBlocks } from "./markdown-blocks.ts";

/** The French articles the local blog starts with, written in server/blog-seed/*.md. */
const SEED_DIR = path.resolve(import.meta.dirname, "../../blog-seed");

export interface SeedArticle {
  slug: string;
  title: string;
  /** ISO 8601 UTC publication date. */
  date: string;
  category: string;
  tags: string[];
  excerpt: string;
  /** WordPress block markup. */
  content: string;
  /** Plain words, to check the length of an article. */
  words: number;
}

const FIELDS = ["slug", "title", "date", "category", "tags", "excerpt"] as const;

/**
 * French typography: curly apostrophes, and a no-break space before « : ; ! ? » » and after « « »,
 * so that none starts or ends a line alone.
 */
const frenchTypography = (text: string) =>
  text
    .replace(/'/g, "’")
    .replace(/ ([:;!?»])/g, "\u00a0$1")
    .replace(/« /g, "«\u00a0");

/**
 * Reads one seed file: a header of `key: value` lines between `---` lines, then Markdown.
 * The date is given in La Réunion's time (UTC+4) and never lies in the future, so WordPress
 * publishes the article instead of scheduling it.
 */
export function parseSeedArticle(source: string, name: string): SeedArticle {
  const match = source.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/);
  if (!match) throw new Error(`${name}: header between --- lines missing`);
  const header = Object.fromEntries(
    (match[1] as string).split("\n").map((line) => {
      const at = line.indexOf(":");
      return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    }),
  ) as Record<string, string>;
  for (const field of FIELDS) if (!header[field]) throw new Error(`${name}: ${field} missing`);
  const published = new Date(`${header.date}T09:00:00+04:00`);
  if (Number.isNaN(published.getTime())) throw new Error(`${name}: bad date ${header.date}`);
  const body = match[2] as string;
  return {
    slug: header.slug as string,
    title: frenchTypography(header.title as string),
    date: new Date(Math.min(published.getTime(), Date.now())).toISOString(),
    category: header.category as string,
    tags: (header.tags as string).split(",").map((t) => t.trim()),
    excerpt: frenchTypography(header.excerpt as string),
    content: markdownToBlocks(frenchTypography(body)),
    words: body.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length,
  };
}

/** Every seed article, in file-name order. */
export function readSeedArticles(): SeedArticle[] {
  return readdirSync(SEED_DIR)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => parseSeedArticle(readFileSync(path.join(SEED_DIR, f), "utf8"), f));
}
