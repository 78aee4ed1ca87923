import { z } from "zod";
import { aliasTargetRefusal, localPartRefusal, MAILBOX_MESSAGES } from "./mailboxes.ts";

/**
 * The part of an address before the @, as a customer types it: trimmed and lower-cased, then
 * refused with the French message of the first rule it breaks.
 */
export const MailboxLocalPart = z
  .string({ error: MAILBOX_MESSAGES.localPartRequired })
  .trim()
  .toLowerCase()
  .superRefine((v, ctx) => {
    const message = localPartRefusal(v);
    if (message) ctx.addIssue({ code: "custom", message });
  });

export const CreateMailboxBody = z.object({ localPart: MailboxLocalPart });
export type CreateMailboxBody = z.input<typeof CreateMailboxBody>;

/** A mailbox address in a URL: only the shape the product makes. */
export const MailboxParams = z.object({
  orderId: z.string(),
  address: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9._-]{1,64}@[a-z0-9.-]{1,253}$/, MAILBOX_MESSAGES.unknownMailbox),
});

/** Where an alias's mail goes: an address as a customer types it (trimmed, lower-cased). */
export const AliasTarget = z
  .string({ error: MAILBOX_MESSAGES.aliasTargetRequired })
  .trim()
  .toLowerCase()
  .superRefine((v, ctx) => {
    const message = aliasTargetRefusal(v);
    if (message) ctx.addIssue({ code: "custom", message });
  });

/** A new alias: <localPart>@<the site's mail domain>, to one of the order's mailboxes or outside. */
export const CreateAliasBody = z.object({ localPart: MailboxLocalPart, target: AliasTarget });
export type CreateAliasBody = z.input<typeof CreateAliasBody>;

export const AliasView = z.object({
  address: z.string(),
  target: z.string(),
  /** "alias": to one of the order's mailboxes; "forward": to an outside address. */
  kind: z.enum(["alias", "forward"]),
  created_at: z.string(),
});
export type AliasView = z.infer<typeof AliasView>;

export const MailboxView = z.object({
  address: z.string(),
  /** Bytes stored, null when the mail host could not say. */
  used_bytes: z.number().nullable(),
  quota_bytes: z.number(),
  created_at: z.string(),
});
export type MailboxView = z.infer<typeof MailboxView>;

/** Where the customer's mail programs connect (French labels are the page's). */
export const MailSettings = z.object({
  host: z.string(),
  imap_port: z.number(),
  smtp_port: z.number(),
});

export const MailboxList = z.object({
  /** The mail domain of the site (<subdomain>.<base domain>), null while it has none. */
  domain: z.string().nullable(),
  /** How many mailboxes the plan includes (0 for Libre) and the storage of each. */
  allowance: z.number(),
  quota_bytes: z.number(),
  mailboxes: z.array(MailboxView),
  aliases: z.array(AliasView),
  settings: MailSettings.nullable(),
  /** French: why no mailbox can be made now (Libre plan, site not ready), or null. */
  unavailable_reason: z.string().nullable(),
});
export type MailboxList = z.infer<typeof MailboxList>;

/** A created mailbox, or a reset password: the password is shown this once and never again. */
export const MailboxPassword = z.object({ mailbox: MailboxView, password: z.string() });
export type MailboxPassword = z.infer<typeof MailboxPassword>;
