import { z } from "zod";

const line = (max: number) => z.string().trim().min(2).max(max);
const prose = (max: number) => z.string().trim().min(20).max(max);
const titled = (max: number) => z.object({ title: line(120), text: prose(max) });

/**
 * The words of the five pages, whoever writes them (the embedded French writer or a chat
 * model). A chat model's answer must match this exactly, or the generation fails: a malformed
 * answer never becomes a broken site.
 */
export const SiteContent = z.object({
  tagline: line(160),
  home: z.object({
    headline: line(160),
    lead: prose(400),
    intro: prose(1500),
    servicesTitle: line(120),
    /** One short teaser per service, in the order of the answers. */
    serviceTeasers: z.array(prose(400)).length(3),
    whyTitle: line(120),
    why: prose(1200),
    callToAction: titled(500),
  }),
  about: z.object({
    title: line(120),
    paragraphs: z.array(prose(1500)).min(2).max(4),
    values: z.array(titled(400)).length(3),
  }),
  services: z.object({
    intro: prose(1200),
    /** The three services, in the order of the answers, their names unchanged. */
    items: z.array(z.object({ title: line(200), text: prose(1500) })).length(3),
    callToAction: titled(500),
  }),
  gallery: z.object({ intro: prose(800) }),
  contact: z.object({ title: line(120), intro: prose(800), closing: prose(500) }),
});
export type SiteContent = z.infer<typeof SiteContent>;
