import { z } from "zod";

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
});
export type DirectorySite = z.infer<typeof DirectorySite>;
