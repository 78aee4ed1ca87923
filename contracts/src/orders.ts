import { z } from "zod";
import { DnsRecord } from "./custom-domain.ts";

export const ORDER_STATUSES = ["pending", "processing", "active", "error"] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const STEP_KEYS = ["payment", "subdomain", "wordpress", "email"] as const;
export const StepKey = z.enum(STEP_KEYS);
export type StepKey = z.infer<typeof StepKey>;

export const STEP_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export const StepStatus = z.enum(STEP_STATUSES);
export type StepStatus = z.infer<typeof StepStatus>;

export const StepState = z.object({ status: StepStatus, timestamp: z.string().nullable() });
export type StepState = z.infer<typeof StepState>;
export type Steps = Partial<Record<StepKey, StepState>>;

export const KOZA_STATUSES = ["pending", "processing", "completed", "error"] as const;
export const KozaStatus = z.enum(KOZA_STATUSES);
export type KozaStatus = z.infer<typeof KozaStatus>;

export const LOG_LEVELS = ["info", "warning", "error"] as const;
export const LogLevel = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof LogLevel>;

export const LogEntry = z.object({
  timestamp: z.string(),
  level: LogLevel,
  action: z.string(),
  details: z.string(),
});
export type LogEntry = z.infer<typeof LogEntry>;

/** Progress of the four steps, as the order page shows it: completed steps divided by 4. */
export function stepProgress(steps: Steps): number {
  return STEP_KEYS.filter((k) => steps[k]?.status === "completed").length / STEP_KEYS.length;
}

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
  koza_status: KozaStatus.nullable(),
  custom_domain: z.object({ domain: z.string(), status: z.string() }).nullable(),
  wp_credentials: z.object({ admin_url: z.string(), username: z.string(), password: z.string() }).nullable(),
  logs: z.array(LogEntry),
});
export type OrderView = z.infer<typeof OrderView>;

/**
 * The order as its customer sees it: plus the DNS records to set when they asked to connect a
 * domain they already own (empty otherwise).
 */
export const CustomerOrderView = OrderView.extend({ dns_records: z.array(DnsRecord) });
export type CustomerOrderView = z.infer<typeof CustomerOrderView>;

/** One of a customer's sites, for the site switcher. */
export const CustomerSite = z.object({
  order_id: z.string(),
  subdomain: z.string(),
  plan_name: z.string(),
  status: OrderStatus,
  koza_option: z.boolean(),
  magic_link_token: z.string(),
});
export type CustomerSite = z.infer<typeof CustomerSite>;

export const CustomerOrders = z.object({ total_sites: z.number(), orders: z.array(CustomerSite) });
export type CustomerOrders = z.infer<typeof CustomerOrders>;
