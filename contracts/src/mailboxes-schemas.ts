import { z } from "zod";
import { formatIsoDate } from "./french-date.ts";
import { aliasTargetRefusal, localPartRefusal, MAILBOX_MESSAGES, VACATION_LIMITS } from "./mailboxes.ts";

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

/** One of the site's mail domains, as the page sends it; the server checks it is the order's. */
const MailDomainChoice = z.string().trim().toLowerCase().max(253).optional();

/** A new mailbox: <localPart>@<domain>, the site's own mail domain when none is given. */
export const CreateMailboxBody = z.object({ localPart: MailboxLocalPart, domain: MailDomainChoice });
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
export const CreateAliasBody = z.object({
  localPart: MailboxLocalPart,
  target: AliasTarget,
  domain: MailDomainChoice,
});
export type CreateAliasBody = z.input<typeof CreateAliasBody>;

export const AliasView = z.object({
  address: z.string(),
  target: z.string(),
  /** "alias": to one of the order's mailboxes; "forward": to an outside address. */
  kind: z.enum(["alias", "forward"]),
  created_at: z.string(),
});
export type AliasView = z.infer<typeof AliasView>;

/** A day of the out-of-office calendar: "" or null for none, else a real YYYY-MM-DD. */
const VacationDay = z
  .string({ error: MAILBOX_MESSAGES.vacationDateInvalid })
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const day = new Date(`${v}T00:00:00Z`);
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(v) ||
      Number.isNaN(day.getTime()) ||
      day.toISOString().slice(0, 10) !== v
    ) {
      ctx.addIssue({ code: "custom", message: MAILBOX_MESSAGES.vacationDateInvalid });
      return z.NEVER;
    }
    return v;
  });

/**
 * The out-of-office reply of one mailbox, turned on or off: the subject and message are kept
 * either way (the product writes the Sieve script from them, never the customer).
 */
export const VacationBody = z
  .object({
    enabled: z.boolean({ error: "Indiquez si la réponse automatique est active." }),
    subject: z
      .string({ error: MAILBOX_MESSAGES.vacationSubjectRequired })
      .trim()
      .min(1, MAILBOX_MESSAGES.vacationSubjectRequired)
      .max(VACATION_LIMITS.subject, MAILBOX_MESSAGES.vacationSubjectTooLong)
      .refine((v) => !/[\r\n]/.test(v), MAILBOX_MESSAGES.vacationSubjectOneLine),
    message: z
      .string({ error: MAILBOX_MESSAGES.vacationMessageRequired })
      .trim()
      .min(1, MAILBOX_MESSAGES.vacationMessageRequired)
      .max(VACATION_LIMITS.message, MAILBOX_MESSAGES.vacationMessageTooLong),
    start: VacationDay,
    end: VacationDay,
  })
  .superRefine((v, ctx) => {
    if (v.start && v.end && v.end < v.start)
      ctx.addIssue({ code: "custom", path: ["end"], message: MAILBOX_MESSAGES.vacationEndBeforeStart });
    else if (v.enabled && v.end && v.end < formatIsoDate(new Date()))
      ctx.addIssue({ code: "custom", path: ["end"], message: MAILBOX_MESSAGES.vacationEndPassed });
  });
export type VacationBody = z.input<typeof VacationBody>;

export const MailboxVacationView = z.object({
  enabled: z.boolean(),
  subject: z.string(),
  message: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
});

export const MailboxView = z.object({
  address: z.string(),
  /** The out-of-office reply as last saved, null when never set. */
  vacation: MailboxVacationView.nullable(),
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
  /** Where the mailboxes are read in a browser (Roundcube), null when this host has no webmail. */
  webmail_url: z.string().nullable(),
  /**
   * Whether the Apple profile comes signed by the mail host's certificate (the operator's,
   * decision 0102); unsigned, a device shows it as "Non vérifié".
   */
  apple_profile_signed: z.boolean(),
});

export const MailboxList = z.object({
  /** The mail domain of the site (<subdomain>.<base domain>), null while it has none. */
  domain: z.string().nullable(),
  /** Every mail domain of the site: its own first, then its custom domain once live. */
  domains: z.array(z.string()),
  /** How many mailboxes the plan includes (0 for Libre) and the storage of each. */
  allowance: z.number(),
  quota_bytes: z.number(),
  mailboxes: z.array(MailboxView),
  aliases: z.array(AliasView),
  settings: MailSettings.nullable(),
  /** French: why no mailbox can be made now (Libre plan, site not ready), or null. */
  unavailable_reason: z.string().nullable(),
  /**
   * French, for a plan without mail whose site still has addresses (decision 0110): they work
   * on, and what to do; the list then shows them to delete, with no new address. Null otherwise.
   */
  outside_plan: z.string().nullable(),
});
export type MailboxList = z.infer<typeof MailboxList>;

/** A created mailbox, or a reset password: the password is shown this once and never again. */
export const MailboxPassword = z.object({ mailbox: MailboxView, password: z.string() });
export type MailboxPassword = z.infer<typeof MailboxPassword>;
