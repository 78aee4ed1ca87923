import { z } from "zod";
import { formatIsoDate } from "./french-date.ts";
import { TESTIMONIAL_LIMITS as LIMITS } from "./testimonials.ts";

const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

/** Today on La Réunion's calendar: a consent cannot be dated later than the day it is entered. */
const today = () => formatIsoDate(new Date());

/** A testimonial as the agency enters it in the admin (decision 0047). */
export const TestimonialInput = z.object({
  name: required(
    "Le nom de la personne est obligatoire.",
    LIMITS.name,
    `Nom trop long (${LIMITS.name} caractères au plus).`,
  ),
  business: required(
    "L'entreprise est obligatoire.",
    LIMITS.business,
    `Nom d'entreprise trop long (${LIMITS.business} caractères au plus).`,
  ),
  text: required(
    "Le texte du témoignage est obligatoire.",
    LIMITS.text,
    `Témoignage trop long (${LIMITS.text} caractères au plus).`,
  ),
  rating: z
    .number({ error: "La note doit être un nombre entier de 1 à 5." })
    .int("La note doit être un nombre entier de 1 à 5.")
    .min(1, "La note doit être un nombre entier de 1 à 5.")
    .max(5, "La note doit être un nombre entier de 1 à 5."),
  consented_on: z.iso
    .date({ error: "La date d'accord est obligatoire, au format AAAA-MM-JJ." })
    .refine((d) => d <= today(), "La date d'accord ne peut pas être dans le futur."),
  /** The person's own site; empty means none. */
  site_url: z
    .string({ error: "Adresse du site invalide." })
    .trim()
    .max(LIMITS.siteUrl, `Adresse du site trop longue (${LIMITS.siteUrl} caractères au plus).`)
    .refine(
      (u) => u === "" || (URL.canParse(u) && /^https?:\/\/[^/]/i.test(u)),
      "Adresse du site invalide : elle doit commencer par http:// ou https://.",
    )
    .nullish()
    .transform((u) => u || null),
});
export type TestimonialInput = z.input<typeof TestimonialInput>;

export const TestimonialIdParams = z.object({ id: z.uuid("Identifiant de témoignage invalide.") });

/** A testimonial as the home page shows it. */
export const PublicTestimonial = z.object({
  id: z.string(),
  name: z.string(),
  business: z.string(),
  text: z.string(),
  rating: z.number(),
  site_url: z.string().nullable(),
});
export type PublicTestimonial = z.infer<typeof PublicTestimonial>;

export const PublicTestimonials = z.object({ testimonials: z.array(PublicTestimonial) });
export type PublicTestimonials = z.infer<typeof PublicTestimonials>;

/** A testimonial in the admin, with its consent date. */
export const AdminTestimonial = PublicTestimonial.extend({ consented_on: z.string() });
export type AdminTestimonial = z.infer<typeof AdminTestimonial>;

export const AdminTestimonials = z.object({ testimonials: z.array(AdminTestimonial) });
export type AdminTestimonials = z.infer<typeof AdminTestimonials>;

/** A testimonial added: its id. */
export const TestimonialCreated = z.object({ success: z.boolean(), detail: z.string(), id: z.string() });
