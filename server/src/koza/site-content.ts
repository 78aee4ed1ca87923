import { z } from "zod";

/** What a generator writes for the five pages; an LLM's answer must match it exactly. */
export const SiteContent = z.object({
  tagline: z.string().min(3).max(160),
  home: z.object({
    headline: z.string().min(3).max(160),
    intro: z.string().min(20).max(1500),
    highlights: z.array(z.string().min(3).max(300)).length(3),
  }),
  about: z.object({ paragraphs: z.array(z.string().min(20).max(1500)).min(2).max(4) }),
  services: z
    .array(z.object({ title: z.string().min(2).max(160), description: z.string().min(20).max(1200) }))
    .length(3),
  gallery: z.object({ intro: z.string().min(10).max(800) }),
  contact: z.object({ intro: z.string().min(10).max(800) }),
});
export type SiteContent = z.infer<typeof SiteContent>;
