import { z } from "zod";
import { CustomDomainView, DnsRecord } from "./custom-domain-schemas.ts";
import {
  KIT_STATUSES,
  KOZA_STATUSES,
  LOG_LEVELS,
  ORDER_ACCESS,
  ORDER_STATUSES,
  STEP_STATUSES,
} from "./orders.ts";
import { SubscriptionStatus, SubscriptionView } from "./subscriptions-schemas.ts";

export const OrderStatus = z.enum(ORDER_STATUSES);
const StepState = z.object({ status: z.enum(STEP_STATUSES), timestamp: z.string().nullable() });

export const LogEntry = z.object({
  timestamp: z.string(),
  level: z.enum(LOG_LEVELS),
  action: z.string(),
  details: z.string(),
});
export type LogEntry = z.infer<typeof LogEntry>;

/** An order as the customer page and the admin see it (spec section 3). */
export const OrderView = z.object({
  _id: z.string(),
  order_id: z.string(),
  subdomain: z.string(),
  site_url: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  company_name: z.string().nullable(),
  plan_name: z.string(),
  status: OrderStatus,
  created_at: z.string(),
  magic_link_token: z.string(),
  steps: z.record(z.string(), StepState),
  koza_option: z.boolean(),
  koza_status: z.enum(KOZA_STATUSES).nullable(),
  /** The plan's kit (decision 0058): French detail, shown as it is; null before the kit step ran. */
  kit: z
    .object({
      status: z.enum(KIT_STATUSES),
      detail: z.string(),
      features: z.array(z.string()),
      retry_at: z.string().nullable(),
    })
    .nullish(),
  custom_domain: CustomDomainView.nullable(),
  wp_credentials: z.object({ admin_url: z.string(), username: z.string(), password: z.string() }).nullable(),
  logs: z.array(LogEntry),
});
export type OrderView = z.infer<typeof OrderView>;

/**
 * The order as its customer sees it: plus the DNS records to set when they asked to connect a
 * domain they already own (empty otherwise), and what the token used proves (`magic_link_token`
 * is that same token: a page token never gets the mailbox one).
 */
export const CustomerOrderView = OrderView.extend({
  dns_records: z.array(DnsRecord),
  access: z.enum(ORDER_ACCESS),
  /** The site's subscription (docs/operations/subscriptions.md); null only for an order without one. */
  subscription: SubscriptionView.nullable(),
});
export type CustomerOrderView = z.infer<typeof CustomerOrderView>;

/** One of a customer's sites, for the site switcher (only for a proven mailbox: its token is the mailbox one). */
export const CustomerSite = z.object({
  order_id: z.string(),
  subdomain: z.string(),
  plan_name: z.string(),
  status: OrderStatus,
  koza_option: z.boolean(),
  magic_link_token: z.string(),
  subscription_status: SubscriptionStatus.nullable(),
});
export type CustomerSite = z.infer<typeof CustomerSite>;

export const CustomerOrders = z.object({ total_sites: z.number(), orders: z.array(CustomerSite) });
export type CustomerOrders = z.infer<typeof CustomerOrders>;
