import { z } from "zod";
import { contactEmailRefusal, SITE_MAIL_MESSAGES } from "./site-mail.ts";

/** The contact form's recipient as a customer types it: trimmed, lower-cased, then checked. */
export const ContactEmail = z
  .string({ error: SITE_MAIL_MESSAGES.contactRequired })
  .trim()
  .toLowerCase()
  .superRefine((v, ctx) => {
    const message = contactEmailRefusal(v);
    if (message) ctx.addIssue({ code: "custom", message });
  });

export const SetContactEmailBody = z.object({ contact_email: ContactEmail });
export type SetContactEmailBody = z.input<typeof SetContactEmailBody>;

/** The order page's "Formulaire de contact" block. */
export const SiteMailView = z.object({
  /** Where the contact form delivers now. */
  contact_email: z.string(),
  /** Whether it is the order's e-mail (nothing chosen). */
  is_default: z.boolean(),
  /** The address the site sends as (its login on the mail host), null when it cannot send. */
  sender: z.string().nullable(),
  /** Why the site cannot send mail or the address cannot be changed now (French), or null. */
  unavailable_reason: z.string().nullable(),
});
export type SiteMailView = z.infer<typeof SiteMailView>;
