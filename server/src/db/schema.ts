import type { KozaStatus, LogLevel, OrderStatus, Steps } from "@lagon/contracts/orders";
import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A paid order: one WordPress site. `id` is the public order id used in every URL. */
/**
 * Lower case without French accents, so that "helene" finds "Hélène": how the admin search
 * compares text (the stored column and the query go through the same folding). Capitals are
 * folded too, for databases whose locale leaves them to `lower`.
 */
export const searchFold = (text: SQL | string) =>
  sql`translate(lower(${text}), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸ', 'aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuyy')`;

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey(),
    checkoutSessionId: text("checkout_session_id").notNull().unique(),
    planId: text("plan_id").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    steps: jsonb("steps").$type<Steps>().notNull().default({}),
    subdomain: text("subdomain").notNull(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone"),
    companyName: text("company_name"),
    address: text("address"),
    postalCode: text("postal_code"),
    city: text("city"),
    country: text("country").notNull(),
    siret: text("siret"),
    companyType: text("company_type"),
    category: text("category"),
    directoryOptIn: boolean("directory_opt_in").notNull().default(false),
    /**
     * The mailbox token, only ever sent by e-mail (the magic link): opens the order and proves
     * control of its mailbox. Encrypted with SECRET_KEY; compared in constant time.
     */
    magicLinkTokenEnc: text("magic_link_token_enc").notNull(),
    /**
     * The page token, shown on the payment success page to whoever paid: opens this order only.
     * Made the first time that page asks for it (orders older than this column have none until
     * then). Encrypted with SECRET_KEY; compared in constant time.
     */
    pageTokenEnc: text("page_token_enc"),
    kozaOption: boolean("koza_option").notNull().default(false),
    kozaStatus: text("koza_status").$type<KozaStatus>(),
    customDomain: text("custom_domain"),
    customDomainStatus: text("custom_domain_status"),
    wpAdminUrl: text("wp_admin_url"),
    wpUsername: text("wp_username"),
    wpPasswordEnc: text("wp_password_enc"),
    wpAppPasswordEnc: text("wp_app_password_enc"),
    monthlyPriceCents: integer("monthly_price_cents").notNull(),
    discountPercent: integer("discount_percent").notNull().default(0),
    couponCode: text("coupon_code"),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    // Millisecond precision, like JavaScript dates: the CSV export pages on it.
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    /**
     * While set in the future, one run of one job (provisioning, Koza, reinstall) works on this
     * site and every other keeps off; its holder renews it while it runs (jobs/order-lease.ts).
     */
    provisioningLeaseUntil: timestamp("provisioning_lease_until", { withTimezone: true }),
    /** Who holds the lease: `<job name>:<job id>:<run token>` (`queued` before the job runs). */
    leaseHolder: text("lease_holder"),
    /** E-mail, name and subdomain, folded (searchFold): the admin search scans this one column. */
    searchText: text("search_text").generatedAlwaysAs(
      searchFold(sql`customer_email || ' ' || customer_name || ' ' || subdomain`),
    ),
    /** Company (or subdomain), city and category, folded: what the directory search scans. */
    directoryText: text("directory_text").generatedAlwaysAs(
      searchFold(
        sql`coalesce(company_name, subdomain) || ' ' || coalesce(city, '') || ' ' || coalesce(category, '')`,
      ),
    ),
  },
  (t) => [
    uniqueIndex("orders_subdomain_unique").on(t.subdomain),
    index("orders_email_idx").on(t.customerEmail),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    // The admin list (newest first) and the CSV export (keyset pages) walk this index.
    index("orders_created_idx").on(t.createdAt, t.id),
    // The public directory reads only live, opted-in sites, newest first: this partial index is
    // that list in its order, so a page and its filters never touch the other orders.
    index("orders_directory_idx")
      .on(t.activatedAt.desc(), t.id.desc())
      .where(sql`status = 'active' and directory_opt_in`),
  ],
);

export const orderLogs = pgTable(
  "order_logs",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
    level: text("level").$type<LogLevel>().notNull(),
    action: text("action").notNull(),
    details: text("details").notNull(),
  },
  (t) => [index("order_logs_order_idx").on(t.orderId, t.id)],
);

/**
 * A payment page opened by a visitor. It holds the subdomain while it is open; `payload` keeps
 * what the order will be made of once paid.
 */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: uuid("id").primaryKey(),
    providerSessionId: text("provider_session_id").unique(),
    kind: text("kind").$type<"order" | "koza">().notNull(),
    status: text("status").$type<"open" | "completed" | "expired">().notNull().default("open"),
    subdomain: text("subdomain"),
    orderId: uuid("order_id"),
    planId: text("plan_id"),
    kozaOption: boolean("koza_option").notNull().default(false),
    percentOff: integer("percent_off").notNull().default(0),
    couponCode: text("coupon_code"),
    customerEmail: text("customer_email").notNull(),
    payload: jsonb("payload").notNull(),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    /** Set by the local test checkout when "paid"; Stripe sessions are re-read from Stripe. */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("checkout_sessions_subdomain_idx").on(t.subdomain, t.status)],
);

/** Payment-provider events already handled, so a replay changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export const coupons = pgTable("coupons", {
  code: text("code").primaryKey(),
  percentOff: integer("percent_off").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  maxUses: integer("max_uses"),
  timesUsed: integer("times_used").notNull().default(0),
  createdAt: createdAt(),
});

export const emailTemplates = pgTable("email_templates", {
  name: text("name").primaryKey(),
  description: text("description").notNull(),
  subject: text("subject").notNull(),
  content: text("content").notNull(),
  variables: jsonb("variables").$type<string[]>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every e-mail the product sends, with its delivery status. */
export const emailLog = pgTable(
  "email_log",
  {
    id: uuid("id").primaryKey(),
    orderId: uuid("order_id"),
    template: text("template").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    /** What the admin reads: the body with every link's secret masked (`?token=[masqué]`). */
    html: text("html").notNull(),
    /**
     * The body as it goes out, magic links included, sealed with SECRET_KEY. Null only for rows
     * queued before migration 0003, whose `html` is still the clear body until delivered.
     */
    sealedHtml: text("sealed_html"),
    status: text("status").$type<"queued" | "sent" | "recorded" | "failed">().notNull(),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("email_log_order_idx").on(t.orderId)],
);

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

export const domainRequests = pgTable("domain_requests", {
  id: serial("id").primaryKey(),
  orderId: uuid("order_id")
    .notNull()
    .references(() => orders.id, { onDelete: "cascade" }),
  hasOwnDomain: boolean("has_own_domain").notNull(),
  domainName: text("domain_name").notNull(),
  message: text("message"),
  createdAt: createdAt(),
});

export const kozaSubmissions = pgTable("koza_submissions", {
  id: serial("id").primaryKey(),
  orderId: uuid("order_id")
    .notNull()
    .references(() => orders.id, { onDelete: "cascade" }),
  data: jsonb("data").notNull(),
  files: jsonb("files").$type<{ field: string; path: string; mime: string; bytes: number }[]>().notNull(),
  createdAt: createdAt(),
});

/** One-time captcha solutions already used, so a solved challenge cannot be replayed. */
export const usedCaptchas = pgTable("used_captchas", {
  signature: text("signature").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export const adminAudit = pgTable("admin_audit", {
  id: serial("id").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  ip: text("ip").notNull(),
  action: text("action").notNull(),
  orderId: uuid("order_id"),
  details: text("details"),
});
