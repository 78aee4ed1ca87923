import { z } from "zod";
import { CAPTCHA_MISSING } from "./captcha.ts";

/** The contact form (spec section 3). */
export const ContactMessage = z.object({
  name: z.string({ error: "Le nom est obligatoire." }).trim().min(1, "Le nom est obligatoire.").max(120),
  email: z
    .string({ error: "L'e-mail est obligatoire." })
    .trim()
    .pipe(z.email("Adresse e-mail invalide.").max(254)),
  subject: z
    .string({ error: "Le sujet est obligatoire." })
    .trim()
    .min(1, "Le sujet est obligatoire.")
    .max(200),
  message: z
    .string({ error: "Le message est obligatoire." })
    .trim()
    .min(1, "Le message est obligatoire.")
    .max(5000, "Message trop long (5000 caractères au plus)."),
  captcha_token: z.string({ error: CAPTCHA_MISSING }).min(1, CAPTCHA_MISSING).max(5000),
});
export type ContactMessage = z.input<typeof ContactMessage>;

/** The lost-link request (spec section 7 sends the contact form's shape; only e-mail and captcha are used). */
export const LostLinkRequest = z.object({
  email: z
    .string({ error: "L'e-mail est obligatoire." })
    .trim()
    .toLowerCase()
    .pipe(z.email("Adresse e-mail invalide.")),
  name: z.string().max(120).optional(),
  subject: z.string().max(200).optional(),
  message: z.string().max(2000).optional(),
  captcha_token: z.string({ error: CAPTCHA_MISSING }).min(1, CAPTCHA_MISSING).max(5000),
});
