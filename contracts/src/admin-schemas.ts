import { z } from "zod";
import { AdminCustomDomain } from "./custom-domain-schemas.ts";
import { JobIdParams, JobStarted, JobStatus } from "./jobs-schemas.ts";
import { AdminMaintenance } from "./maintenance-schemas.ts";
import { OrderStatus, OrderView } from "./orders-schemas.ts";
import { SUBSCRIPTION_FILTERS } from "./subscriptions.ts";
import { AdminSubscription } from "./subscriptions-schemas.ts";

export const AdminOrdersQuery = z.object({
  token: z.string().optional(),
  status: z.enum(["all", ...OrderStatus.options]).default("all"),
  q: z.string().trim().max(200).default(""),
  /** en retard, suspendus, résiliation programmée */
  subscription: z.enum(SUBSCRIPTION_FILTERS).default("all"),
  page: z.coerce.number().int().min(1).default(1),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

/** An order in the admin list: the full order of section 3 without its WordPress password. */
export const AdminOrder = OrderView.omit({ wp_credentials: true, magic_link_token: true }).extend({
  wp_admin_url: z.string().nullable(),
  /** The customer's private page (magic link), where the credentials are shown. */
  dashboard_url: z.string(),
  subscription: AdminSubscription.nullable(),
  /** Versions, update history and monitoring of the site; null before it is installed. */
  maintenance: AdminMaintenance.nullable(),
  /** The custom domain with its check log and certificate, for the admin's domain block. */
  custom_domain: AdminCustomDomain.nullable(),
  /** The site's latest unresolved backup alert (missed backup, failed restore drill), in French. */
  backup_alert: z.string().nullable(),
  /** French: addresses a plan without mail leaves in service (decision 0110), until they are gone. */
  mail_alert: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

export const AdminOrders = z.object({
  orders: z.array(AdminOrder),
  counts: z.object({
    total: z.number(),
    active: z.number(),
    processing: z.number(),
    error: z.number(),
    /** Subscriptions past due, suspended, and with a cancellation scheduled. */
    past_due: z.number(),
    suspended: z.number(),
    cancel_scheduled: z.number(),
  }),
  page: z.number(),
  page_count: z.number(),
  match_count: z.number(),
});
export type AdminOrders = z.infer<typeof AdminOrders>;

/** A slow admin action, queued as a job: its answer (202) and where it stands (jobs-schemas.ts). */
export const AdminJobStarted = JobStarted;
export type AdminJobStarted = JobStarted;
export const AdminJobStatus = JobStatus;
export type AdminJobStatus = JobStatus;
export { JobIdParams };

const orderId = z.uuid("Identifiant de commande invalide.");
export const OrderIdBody = z.object({ order_id: orderId });
export const OrderIdParams = z.object({ orderId });

/**
 * The admin's figures (spec section 3, "Analytics"; decision 0036). Amounts are euros HT with at
 * most two decimals, computed from integer cents: `total_revenue` and `monthly_revenue` are the
 * money collected (invoices less credit notes, Koza and discounts included), not list prices.
 */
export const Analytics = z.object({
  stats: z.object({
    total_orders: z.number(),
    active_orders: z.number(),
    /** Distinct customers (e-mail addresses) among the orders: one customer may own several sites. */
    total_customers: z.number(),
    /** Distinct customers with at least one active order. */
    active_customers: z.number(),
    processing_orders: z.number(),
    error_orders: z.number(),
    /** Collected since the first invoice, refunds subtracted. */
    total_revenue: z.number(),
    /** Collected this calendar month on La Réunion's clock, refunds of the month subtracted. */
    monthly_revenue: z.number(),
  }),
  /** Per plan: its live sites (`count`) and its share of the MRR (`revenue`). */
  revenue_by_plan: z.array(z.object({ _id: z.string(), count: z.number(), revenue: z.number() })),
  growth_data: z.array(z.object({ date: z.string(), count: z.number() })),
  /** Monthly recurring revenue: what the active subscriptions bill each month, coupons applied. */
  mrr: z.number(),
  /**
   * Share of the subscriptions running 30 days ago that ended since (cancellation effective, or
   * suspension for non-payment); null when none was running then.
   */
  churn_rate: z.number().nullable(),
  churn: z.object({ ended: z.number(), active_at_start: z.number() }),
  /** The unpaid invoices of the subscriptions past due, HT, and how many subscriptions. */
  past_due_amount: z.number(),
  past_due_count: z.number(),
  /** Collected per calendar month (La Réunion), the eleven before this one then this one. */
  revenue_series: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), revenue: z.number() })),
  funnel: z.object({ checkouts_opened: z.number(), paid: z.number(), live: z.number() }),
});
export type Analytics = z.infer<typeof Analytics>;

export const EmailTemplateView = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  subject: z.string(),
  content: z.string(),
  variables: z.array(z.string()),
});
export type EmailTemplateView = z.infer<typeof EmailTemplateView>;
export const EmailTemplates = z.object({ templates: z.array(EmailTemplateView) });
export type EmailTemplates = z.infer<typeof EmailTemplates>;

export const SaveTemplateBody = z.object({
  subject: z.string().trim().min(1, "L'objet est obligatoire.").max(300),
  content: z.string().min(1, "Le contenu est obligatoire.").max(100_000),
});

export const EmailLogEntry = z.object({
  id: z.string(),
  template: z.string(),
  recipient: z.string(),
  subject: z.string(),
  /** The body as sent, with every link's secret masked (`?token=[masqué]`). */
  html: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type EmailLogEntry = z.infer<typeof EmailLogEntry>;
export const OrderEmails = z.object({ emails: z.array(EmailLogEntry) });
export type OrderEmails = z.infer<typeof OrderEmails>;
