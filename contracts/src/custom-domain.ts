import { z } from "zod";

const DOMAIN = /^(?=.{4,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/;

/** A custom-domain request from the order page (spec section 3). */
export const DomainRequest = z.object({
  hasOwnDomain: z.union([z.boolean(), z.enum(["yes", "no"]).transform((v) => v === "yes")], {
    error: "Indiquez si vous possédez déjà ce domaine.",
  }),
  domainName: z
    .string({ error: "Le nom de domaine est obligatoire." })
    .trim()
    .toLowerCase()
    .transform((v) => v.replace(/^www\./, ""))
    .pipe(z.string().regex(DOMAIN, "Nom de domaine invalide (exemple : mon-entreprise.re).")),
  message: z.string().trim().max(2000, "Message trop long (2000 caractères au plus).").default(""),
});
export type DomainRequest = z.input<typeof DomainRequest>;

export const DOMAIN_MESSAGES = {
  alreadyRequested: "Une demande de domaine est déjà en cours pour ce site.",
  sent: "Demande envoyée",
} as const;
