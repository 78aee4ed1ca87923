import { z } from "zod";
import { DIRECTORY_CATEGORIES } from "./checkout.ts";
import { DIRECTORY_COUNTRIES, DIRECTORY_MAX_PER_PAGE, DIRECTORY_PER_PAGE } from "./directory.ts";

/** One live site of the public directory (GET /api/directory). */
export const DirectorySite = z.object({
  subdomain: z.string(),
  company_name: z.string(),
  city: z.string(),
  category: z.string(),
  country: z.string(),
  url: z.string(),
  has_koza: z.boolean(),
  created_at: z.string(),
  /** The site's screenshot (taken by the platform, decision 0041); null until there is one: the placeholder. */
  screenshot_url: z.string().nullable(),
});
export type DirectorySite = z.infer<typeof DirectorySite>;

/** An empty filter ("Toutes les catégories") is the same as none. */
const emptyAsNone = (v: unknown) => (v === "" ? undefined : v);

/** GET /api/directory?page=&per_page=&q=&category=&country=: one page, searched and filtered. */
export const DirectoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(DIRECTORY_MAX_PER_PAGE).default(DIRECTORY_PER_PAGE),
  q: z.string().trim().max(100).default(""),
  category: z.preprocess(emptyAsNone, z.enum(DIRECTORY_CATEGORIES, "Catégorie inconnue.").optional()),
  country: z.preprocess(emptyAsNone, z.enum(DIRECTORY_COUNTRIES, "Territoire inconnu.").optional()),
});
export type DirectoryQuery = z.infer<typeof DirectoryQuery>;

export const DirectoryPage = z.object({
  /** The sites of the asked page, newest online first. */
  sites: z.array(DirectorySite),
  /** How many sites match the search and filters, over every page. */
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  /** The whole directory, whatever the filters: sites online, and those made with Koza. */
  counts: z.object({ online: z.number(), koza: z.number() }),
});
export type DirectoryPage = z.infer<typeof DirectoryPage>;
