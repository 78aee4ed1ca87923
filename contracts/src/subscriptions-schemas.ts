import { z } from "zod";
import { planChoice } from "./plans-schemas.ts";
import { SUBSCRIPTION_MESSAGES, SUBSCRIPTION_STATUSES } from "./subscriptions.ts";

// The subscription API's request and response schemas (docs/operations/subscriptions.md).
// Dates are ISO 8601 strings (UTC); pages print them with french-date.ts.

export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);

/** A site's subscription as its customer sees it (`GET /api/order/{id}` → `subscription`). */
export const SubscriptionView = z.object({
  status: SubscriptionStatus,
  /** The status in French ("Paiement en retard"). */
  status_label: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  /** What each renewal charges, taxes included, in euro cents. */
  amount_ttc_cents: z.number().int(),
  /** The next renewal date (the end of the period paid for). */
  current_period_end: z.string(),
  /** When a scheduled cancellation takes effect; null when none is scheduled. */
  cancel_at: z.string().nullable(),
  /** When a cancellation asked now would take effect: shown before the customer confirms. */
  cancel_effective_if_now: z.string(),
  /** A downgrade waiting for the period end, with its price. */
  pending_plan: z
    .object({ plan_id: z.string(), plan_name: z.string(), amount_ttc_cents: z.number() })
    .nullable(),
  /** Past due: since when, and when the site is suspended if still unpaid. */
  past_due_since: z.string().nullable(),
  suspend_at: z.string().nullable(),
  /** Suspended or cancelled: when the site is archived (removed from the host). */
  archive_at: z.string().nullable(),
  /**
   * What the host is doing to the site after a change of status, until it is done (a job, decision
   * 0052): bringing it back online (after a payment), suspending it, or archiving it. Null when
   * the site already is what the status asks.
   */
  site_change: z.enum(["restoring", "suspending", "archiving"]).nullable(),
  /** The card on file (local test payments only), e.g. "•••• 4242". */
  card_label: z.string().nullable(),
  /**
   * The other plans the customer can move to, with what each costs: an upgrade starts at once
   * and charges `charge_now_cents` (the prorated difference until the period end), a downgrade
   * starts at the period end. Choosing the current plan while a downgrade waits cancels it.
   */
  plan_choices: z.array(
    z.object({
      plan_id: z.string(),
      plan_name: z.string(),
      amount_ttc_cents: z.number().int(),
      change: z.enum(["upgrade", "downgrade", "keep"]),
      charge_now_cents: z.number().int(),
      /** What of the site stops on that plan, in French (contracts PLAN_EXTRAS); the data stays. */
      stops: z.array(z.string()),
      /** What it does to the site's mailboxes, in French, with the figures (decision 0105); null: nothing. */
      mail: z.string().nullable(),
      /** Why the server refuses it now (mailboxes to remove or empty first), in French; null: allowed. */
      mail_refusal: z.string().nullable(),
    }),
  ),
});
export type SubscriptionView = z.infer<typeof SubscriptionView>;

const token = z.string().optional();

export const SubscriptionActionBody = z.object({ token });
export const ChangePlanBody = z.object({
  token,
  /** Either form the checkout takes: `business` or the plan's price id. */
  plan_id: planChoice(SUBSCRIPTION_MESSAGES.unknownPlan),
});

/** The answer of every subscription action: a French confirmation and the subscription now. */
export const SubscriptionActionResult = z.object({ detail: z.string(), subscription: SubscriptionView });
export type SubscriptionActionResult = z.infer<typeof SubscriptionActionResult>;

/** `POST /api/order/{id}/billing-portal`: Stripe's Customer Portal, or the local one offline. */
export const BillingPortalUrl = z.object({ url: z.string() });
export type BillingPortalUrl = z.infer<typeof BillingPortalUrl>;

/** A card number of the local test checkout and portal (spaces allowed). */
export const TestCardNumber = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{16}$/, SUBSCRIPTION_MESSAGES.unknownCard));
export const TestCardBody = z.object({ card: TestCardNumber.optional() }).nullish();
export const PortalCardBody = z.object({ card: TestCardNumber });

export const InvoiceView = z.object({
  id: z.string(),
  /** `first` (the order), `renewal`, `proration` (an upgrade's difference). */
  kind: z.enum(["first", "renewal", "proration"]),
  /** "Abonnement Business — 10 mars au 10 avril 2026" */
  label: z.string(),
  amount_ttc_cents: z.number().int(),
  status: z.enum(["open", "paid", "void"]),
  status_label: z.string(),
  attempts: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof InvoiceView>;

/** The local customer portal's page (`GET /api/test-portal/{portalSessionId}`). */
export const TestPortalView = z.object({
  portal_session_id: z.string(),
  subdomain: z.string(),
  customer_email: z.string(),
  subscription: SubscriptionView,
  card_label: z.string().nullable(),
  invoices: z.array(InvoiceView),
  /** Back to the customer's order page. */
  return_url: z.string(),
  expires_at: z.string(),
});
export type TestPortalView = z.infer<typeof TestPortalView>;

/** `POST /api/test-portal/{portalSessionId}/card`: the card is saved and the open invoice retried. */
export const PortalCardResult = z.object({
  detail: z.string(),
  card_label: z.string(),
  /** The open invoice's retry: paid, declined, or none was open. */
  retry: z.enum(["paid", "declined", "none"]),
  subscription: SubscriptionView,
});
export type PortalCardResult = z.infer<typeof PortalCardResult>;

/** The billing test clock (offline only): its date, and how far it is ahead of real time. */
export const TestClockView = z.object({ now: z.string(), offset_days: z.number() });
export type TestClockView = z.infer<typeof TestClockView>;
export const AdvanceClockBody = z.object({
  days: z
    .number({ error: "Nombre de jours invalide." })
    .int("Nombre de jours entier attendu.")
    .min(1)
    .max(400),
});

const orderId = z.uuid("Identifiant de commande invalide.");
export const AdminSuspendBody = z.object({
  order_id: orderId,
  reason: z.string().trim().min(1, SUBSCRIPTION_MESSAGES.reasonRequired).max(500),
});
export const AdminCancelBody = z.object({
  order_id: orderId,
  /** `now`: offline at once; `period_end`: at the end of the current period (no notice). */
  when: z.enum(["now", "period_end"], "Choisissez « now » ou « period_end »."),
});

/** A subscription in the admin list: the customer's view plus what the agency follows. */
export const AdminSubscription = SubscriptionView.extend({
  suspend_reason: z.string().nullable(),
  archive_expires_at: z.string().nullable(),
});
export type AdminSubscription = z.infer<typeof AdminSubscription>;

/**
 * The answer to the admin's suspend, unsuspend and cancel: the subscription as it now is and,
 * when the site must change on its host, the job doing it (202), followed at
 * GET /api/admin/subscriptions/site-state/{jobId}?token= (a JobStatus).
 */
export const AdminSubscriptionAction = z.object({
  success: z.literal(true),
  subscription: AdminSubscription,
  job_id: z.string().nullable(),
});
export type AdminSubscriptionAction = z.infer<typeof AdminSubscriptionAction>;
