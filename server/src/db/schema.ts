import type { BackupKind } from "@lagon/contracts/backups";
import type { BookingSettings } from "@lagon/contracts/booking";
import type { ChatAuthor } from "@lagon/contracts/chat";
import type { DomainFailure, DomainState } from "@lagon/contracts/custom-domain";
import type { MailboxVacation } from "@lagon/contracts/mailboxes";
import type { UpdateResult, UpdateTrigger } from "@lagon/contracts/maintenance";
import type { SiteVersions, UpdateItem } from "@lagon/contracts/maintenance-schemas";
import type { KitState, KozaStatus, LogLevel, StepKey, StepState } from "@lagon/contracts/orders";
import type { SubscriptionStatus } from "@lagon/contracts/subscriptions";
import type { VisitCount } from "@lagon/contracts/visits-schemas";
import { type SQL, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** What the WordPress host does with a subscription's site. */
export type SiteState = "online" | "suspended" | "removed";

/**
 * Where a site's setup stands (decision 0104): `pending` until its provisioning starts, then
 * `processing`, `active` once live, `error` when a step failed for good. With the order's payment,
 * it makes the order's status as the pages show it (orders/orders-table.ts, `orderStatus`).
 */
export type SiteSetup = "pending" | "processing" | "active" | "error";

/** The site's setup steps (all the order's steps but the payment, which is the order's). */
export type SiteStepKey = Exclude<StepKey, "payment">;
export type SiteSteps = Partial<Record<SiteStepKey, StepState>>;

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
    /**
     * The purchase's payment step (decision 0104): `completed` with its time once paid; the site
     * it pays for has its own state and steps (`sites.setup`, `sites.steps`).
     */
    payment: jsonb("payment").$type<StepState>().notNull().default({ status: "pending", timestamp: null }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone"),
    companyName: text("company_name"),
    address: text("address"),
    postalCode: text("postal_code"),
    city: text("city"),
    country: text("country").notNull(),
    siret: text("siret"),
    /** The buyer's intra-EU VAT number, printed on its invoices. */
    vatNumber: text("vat_number"),
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
    /**
     * When the buyer expressly asked at checkout for the site to be made at once and acknowledged
     * losing the 14-day withdrawal right (Code de la consommation L221-28); null before that box.
     */
    immediateStartAt: timestamp("immediate_start_at", { withTimezone: true }),
    kozaOption: boolean("koza_option").notNull().default(false),
    monthlyPriceCents: integer("monthly_price_cents").notNull(),
    discountPercent: integer("discount_percent").notNull().default(0),
    couponCode: text("coupon_code"),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    // Millisecond precision, like JavaScript dates: the CSV export pages on it.
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /**
     * E-mail and name, folded (searchFold): the admin search scans this column followed by the
     * site's name (orders-table.ts, `adminSearchText`; decision 0109).
     */
    searchText: text("search_text").generatedAlwaysAs(
      searchFold(sql`customer_email || ' ' || customer_name`),
    ),
    /**
     * Company, city and category, folded: what the directory search scans; null without a company,
     * where the site's name stands for it (orders-table.ts, `directorySearchText`; decision 0109).
     */
    directoryText: text("directory_text").generatedAlwaysAs(
      searchFold(sql`company_name || ' ' || coalesce(city, '') || ' ' || coalesce(category, '')`),
    ),
  },
  (t) => [
    index("orders_email_idx").on(t.customerEmail),
    // The admin list (newest first) and the CSV export (keyset pages) walk this index.
    index("orders_created_idx").on(t.createdAt, t.id),
  ],
);

/**
 * The hosted site an order made (decision 0067): where it lives, its WordPress administrator, its
 * own mail login, its kit. One per order, keyed by it; the purchase itself is the `orders` row. A
 * row is written the first time the site has something to record (sites/sites-table.ts).
 */
export const sites = pgTable(
  "sites",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    /**
     * The site's name, its subdomain (`<name>.<BASE_DOMAIN>`, also its mail domain's): lowercase
     * letters, digits and hyphens, so already folded for the searches. Written with the order, in
     * the same transaction (orders/create-paid-order.ts); unique: two paid orders never share a
     * name, and the checkout's availability reads it here (decision 0109).
     */
    name: text("name").notNull(),
    /**
     * The WordPress host the site lives on for good (a name of WP_SSH_HOSTS, "local" for the
     * embedded host), recorded when it is first installed; null: the first host (decision 0042).
     */
    host: text("host"),
    /** Where the site's setup stands (decision 0104); with the order's payment, the order's status. */
    setup: text("setup").$type<SiteSetup>().notNull().default("pending"),
    /** The site's setup steps, each with its status and the time it changed (sites-table.ts). */
    steps: jsonb("steps").$type<SiteSteps>().notNull().default({}),
    wpAdminUrl: text("wp_admin_url"),
    wpUsername: text("wp_username"),
    wpPasswordEnc: text("wp_password_enc"),
    wpAppPasswordEnc: text("wp_app_password_enc"),
    /**
     * The site's own login on the mail host (wordpress@<mail domain>), which its WordPress submits
     * with: the password sealed with SECRET_KEY (pushed to the site), its SHA512-CRYPT hash (given
     * to the host, which can be rebuilt from it). Made when the site is first set up for mail.
     */
    mailPasswordEnc: text("mail_password_enc"),
    mailPasswordHash: text("mail_password_hash"),
    /** Where the site's contact form delivers; null: the order's e-mail. */
    contactEmail: text("contact_email"),
    /** Where the plan's kit stands (decision 0058); null until the kit step first ran. */
    kit: jsonb("kit").$type<KitState>(),
    /**
     * The one-time upgrades done on the site (sites/site-upgrades.ts, decision 0072): what a site
     * made before a feature existed gets once, by name. A fresh install has them all.
     */
    upgrades: text("upgrades").array().notNull().default([]),
    /**
     * When the directory's screenshot of the site was last taken (stored_files
     * `screenshots/<order id>.webp`, decision 0041); null while there is none: the placeholder.
     */
    screenshotAt: timestamp("screenshot_at", { withTimezone: true }),
    /**
     * When the customer and the agency were told the site uses 90 % of its disk allowance
     * (decision 0071); null again once it is back under 80 %, so that the next crossing is told.
     */
    diskAlertAt: timestamp("disk_alert_at", { withTimezone: true }),
    /** The site's disk as last read (disk-alerts.ts, hourly), shown on the order page; null: no quota. */
    diskUsage: jsonb("disk_usage").$type<{ usedBytes: number; limitBytes: number; at: string }>(),
    /**
     * When the site first showed content of its own: its home page is no longer the one the
     * installer left ("en cours de préparation"). Null until then; the public directory lists a
     * site once this is set or Koza has filled it (decision 0027).
     */
    filledAt: timestamp("filled_at", { withTimezone: true }),
    /**
     * While set in the future, one run of one job (provisioning, Koza, reinstall, update, backup)
     * works on this site and every other keeps off; its holder renews it while it runs
     * (jobs/order-lease.ts, decision 0033).
     */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** Who holds the lease: `<job name>:<job id>:<run token>` (`queued` before the job runs). */
    leaseHolder: text("lease_holder"),
    /**
     * Where Koza's generated content of the site stands (decision 0015); null: Koza not bought.
     * `pending` from the purchase of the option, `regenerate` after a reinstall kept its answers.
     */
    kozaStatus: text("koza_status").$type<KozaStatus>(),
    /** When the site first went live (provisioning done): the directory's order, newest first. */
    activatedAt: timestamp("activated_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sites_name_unique").on(t.name),
    // The public directory lists the sites showing content of their own (Koza, or filled), newest
    // first: this partial index is that list in its order, so a page walks it, joins the orders
    // (live, opted in) and stops at the page's end, with no sort (directory/list-directory.ts
    // writes the same predicate and order; directory-routes.test.ts checks the plan).
    index("sites_directory_idx")
      .on(t.activatedAt.desc().nullsFirst(), t.orderId.desc().nullsFirst())
      .where(sql`koza_status = 'completed' or filled_at is not null`),
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
    /** SHA-256 of the provider's session id, to find the row by it (checkout/checkout-session-id.ts). */
    providerSessionHash: text("provider_session_hash").unique(),
    /** The session id sealed, to close it at the provider; null for rows older than sealing. */
    providerSessionEnc: text("provider_session_enc"),
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
    /** The test card the local checkout was paid with (subscriptions/local-charges.ts). */
    testCard: text("test_card"),
    /** Set by the local test checkout when "paid"; Stripe sessions are re-read from Stripe. */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("checkout_sessions_subdomain_idx").on(t.subdomain, t.status)],
);

/**
 * A site's subscription after its first payment (docs/operations/subscriptions.md). With Stripe,
 * Stripe stays the truth and this row follows it; offline, the lifecycle job bills it.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").$type<SubscriptionStatus>().notNull().default("active"),
    planId: text("plan_id").notNull(),
    /** What each renewal charges, taxes included (the order's discount applied). */
    amountTtcCents: integer("amount_ttc_cents").notNull(),
    /** The first period's start: renewals fall on its day of the month (billing-dates.ts). */
    billingAnchor: timestamp("billing_anchor", { withTimezone: true }).notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAt: timestamp("cancel_at", { withTimezone: true }),
    /** A downgrade that takes effect at the period end. */
    pendingPlanId: text("pending_plan_id"),
    pastDueSince: timestamp("past_due_since", { withTimezone: true }),
    /** Offline: when the open invoice is charged again. */
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    /** Past due: when the site is suspended if still unpaid (past_due_since + grace). */
    suspendAt: timestamp("suspend_at", { withTimezone: true }),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** Why the site is suspended: "non-payment" or the agency's reason for a manual suspension. */
    suspendReason: text("suspend_reason"),
    /** Suspended or cancelled: when the site is archived and removed from the host. */
    archiveAt: timestamp("archive_at", { withTimezone: true }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** Where the final copy is (site-archive.ts), and until when it is kept. */
    archiveLocation: text("archive_location"),
    archiveExpiresAt: timestamp("archive_expires_at", { withTimezone: true }),
    /** What the WordPress host serves now; the lifecycle brings it to what the status asks. */
    siteState: text("site_state").$type<SiteState>().notNull().default("online"),
    /** Reminders already sent for the current deadline ("suspend-1", "archive-7", "archive-1"). */
    reminders: jsonb("reminders").$type<string[]>().notNull().default([]),
    /** The local provider's card on file (test card numbers only; null with Stripe). */
    testCard: text("test_card"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscriptions_status_idx").on(t.status),
    index("subscriptions_period_end_idx").on(t.currentPeriodEnd),
  ],
);

/** What a subscription charged or tries to charge: the first payment, renewals, upgrades. */
export const subscriptionInvoices = pgTable(
  "subscription_invoices",
  {
    id: uuid("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"first" | "renewal" | "proration">().notNull(),
    planId: text("plan_id").notNull(),
    amountTtcCents: integer("amount_ttc_cents").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    status: text("status").$type<"open" | "paid" | "void">().notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** Stripe's invoice id, when Stripe made it. */
    providerInvoiceId: text("provider_invoice_id").unique(),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    index("subscription_invoices_order_idx").on(t.orderId, t.createdAt),
    // One renewal per period, however many workers bill it.
    uniqueIndex("subscription_invoices_period_unique").on(t.orderId, t.kind, t.periodStart),
  ],
);

/**
 * The billing test clock (offline only): how far the lifecycle's "now" is ahead of real time.
 * One row, read by every process, so the API and the workers agree on the date.
 */
export const billingClock = pgTable("billing_clock", {
  id: integer("id").primaryKey(),
  offsetMs: bigint("offset_ms", { mode: "number" }).notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The local customer portal's sessions (Stripe's Customer Portal stands in with Stripe). */
export const billingPortalSessions = pgTable("billing_portal_sessions", {
  id: text("id").primaryKey(),
  orderId: uuid("order_id")
    .notNull()
    .references(() => orders.id, { onDelete: "cascade" }),
  returnUrl: text("return_url").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Payment-provider events already handled, so a replay changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Refunds and disputes the agency was told about, one row per fact (`refund:{charge}:{total
 * refunded}`, `dispute:{dispute}`): events re-read from Stripe that find nothing new alert no one.
 */
export const paymentAlerts = pgTable("payment_alerts", {
  key: text("key").primaryKey(),
  orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
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
    /** Files sent with it (a booking's .ics), as JSON sealed with SECRET_KEY; null: none. */
    sealedAttachments: text("sealed_attachments"),
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

/**
 * An order's custom domain and where it stands (contracts/custom-domain.ts): one per order, one
 * order per domain. `next_check_at` drives the re-check job; `check_lease_until` keeps a second
 * worker off while one checks.
 */
export const customDomains = pgTable(
  "custom_domains",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    hasOwnDomain: boolean("has_own_domain").notNull(),
    state: text("state").$type<DomainState>().notNull(),
    failure: text("failure").$type<DomainFailure>(),
    /** French, for the customer: what the last check found, or why the domain is blocked. */
    reason: text("reason"),
    /** DNS checks done in the current round of re-checks (the backoff index). */
    attempts: integer("attempts").notNull().default(0),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    checkLeaseUntil: timestamp("check_lease_until", { withTimezone: true }),
    /** When validations failed at the authority: at most 3 an hour (Let's Encrypt allows 5). */
    failedValidations: jsonb("failed_validations").$type<string[]>().notNull().default([]),
    certificatePem: text("certificate_pem"),
    /** The certificate's private key, sealed with SECRET_KEY. */
    privateKeyEnc: text("private_key_enc"),
    certificateExpiresAt: timestamp("certificate_expires_at", { withTimezone: true }),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("custom_domains_order_unique").on(t.orderId),
    uniqueIndex("custom_domains_domain_unique").on(t.domain),
  ],
);

/** Every check of a custom domain, for the admin. */
export const customDomainChecks = pgTable(
  "custom_domain_checks",
  {
    id: serial("id").primaryKey(),
    domainId: integer("domain_id")
      .notNull()
      .references(() => customDomains.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    state: text("state").$type<DomainState>().notNull(),
    ok: boolean("ok").notNull(),
    details: text("details").notNull(),
  },
  (t) => [index("custom_domain_checks_domain_idx").on(t.domainId, t.id)],
);

export const kozaSubmissions = pgTable("koza_submissions", {
  id: serial("id").primaryKey(),
  orderId: uuid("order_id")
    .notNull()
    .references(() => orders.id, { onDelete: "cascade" }),
  data: jsonb("data").notNull(),
  files: jsonb("files").$type<{ field: string; key: string; mime: string; bytes: number }[]>().notNull(),
  /**
   * The words written for these answers (SiteContent), kept as soon as they are written: a retried
   * generation builds the site from them without asking the writer (a chat model) again. Cleared
   * by the customer's 'Régénérer', which asks for new words.
   */
  content: jsonb("content"),
  createdAt: createdAt(),
});

/**
 * A visitor's conversation in the chat of our own (decision 0035). The visitor's token is
 * `<id>.<secret>`; only the secret's SHA-256 is kept, compared in constant time.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: uuid("id").primaryKey(),
    secretHash: text("secret_hash").notNull(),
    /** The address the visitor left to be answered at, if any. */
    email: text("email"),
    /** The page the conversation started on. */
    page: text("page"),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_conversations_last_message_idx").on(t.lastMessageAt)],
);

/** The messages of a conversation; a visitor's stays unread until an admin opens the conversation. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    author: text("author").$type<ChatAuthor>().notNull(),
    body: text("body").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_conversation_idx").on(t.conversationId, t.id)],
);

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

/**
 * The sites' backups: one restic snapshot each (its id), listed here when it is made and
 * removed when the retention policy forgets it, so the order page lists them without asking
 * the repository.
 */
export const siteBackups = pgTable(
  "site_backups",
  {
    id: text("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    subdomain: text("subdomain").notNull(),
    kind: text("kind").$type<BackupKind>().notNull(),
    /** Size of the site's archive and its mail's (what a restore brings back). */
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** The snapshot of the site's mailboxes taken with it (decision 0066), null without any. */
    mailSnapshotId: text("mail_snapshot_id"),
  },
  (t) => [index("site_backups_order_idx").on(t.orderId, t.createdAt)],
);
/**
 * Every update of a site to the core template's versions (maintenance/update-site.ts): what it
 * changed, from which versions to which, and how it ended. Kept for the site's life.
 */
export const siteUpdates = pgTable(
  "site_updates",
  {
    id: uuid("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    trigger: text("trigger").$type<UpdateTrigger>().notNull(),
    result: text("result").$type<UpdateResult>().notNull(),
    items: jsonb("items").$type<UpdateItem[]>().notNull(),
    before: jsonb("before").$type<SiteVersions>().notNull(),
    after: jsonb("after").$type<SiteVersions>(),
    /** The backup taken just before, which a rollback restores. */
    backupId: text("backup_id"),
    /** Why it was rolled back or failed (French). */
    detail: text("detail"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("site_updates_order_idx").on(t.orderId, t.startedAt)],
);

/** What the maintenance knows of each live site now: its versions and the last checks. */
export const siteMaintenance = pgTable("site_maintenance", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  versions: jsonb("versions").$type<SiteVersions>(),
  versionsReadAt: timestamp("versions_read_at", { withTimezone: true }),
  lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
  lastCheckOk: boolean("last_check_ok"),
  /** The last failed check's reason (French). */
  lastReason: text("last_reason"),
  /** Failed checks in a row; the first one's time starts the downtime period. */
  failedChecks: integer("failed_checks").notNull().default(0),
  firstFailedAt: timestamp("first_failed_at", { withTimezone: true }),
});

/**
 * Periods a site did not answer, from the first of two failed checks in a row to the first check
 * that passed again (open while `ended_at` is null). The agency is alerted when one opens.
 */
export const siteDowntimes = pgTable(
  "site_downtimes",
  {
    id: uuid("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    reason: text("reason").notNull(),
  },
  (t) => [
    index("site_downtimes_order_idx").on(t.orderId, t.startedAt),
    // One open period per site at most.
    uniqueIndex("site_downtimes_open_unique").on(t.orderId).where(sql`ended_at is null`),
  ],
);

/**
 * What went wrong with a site's backups, for the agency (e-mailed once, shown on the admin's
 * order card until it is over): `missed`, no backup since the schedule's last run (key
 * `missed:<order>:<that run>`); `drill`, the weekly restore drill failed on this site (key
 * `drill:<order>:<backup>`). `resolved_at` is set by the next backup, or the next good drill.
 */
export const backupAlerts = pgTable(
  "backup_alerts",
  {
    key: text("key").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"missed" | "drill">().notNull(),
    details: text("details").notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [index("backup_alerts_open_idx").on(t.orderId).where(sql`resolved_at is null`)],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Files that one process writes and another reads (Koza uploads, the final copies of archived
 * sites): kept in the database in chunks of at most 1 MB, so that every API and worker process
 * reads them wherever it runs (server/src/files/stored-files.ts, decision 0037).
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    key: text("key").notNull(),
    chunk: integer("chunk").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.chunk] })],
);

/** Values the product keeps for itself, shared by every process (the local blog's access, sealed). */
export const appSettings = pgTable("app_settings", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
});

export type InvoiceKind = "invoice" | "credit_note";
/** What a document bills: the first checkout, a renewal, Koza, a plan change, or a refund (credit note). */
export type InvoiceOrigin = "checkout" | "renewal" | "koza" | "proration" | "refund";

/**
 * Invoices and credit notes (avoirs). Never updated nor deleted (a trigger refuses it); each row's
 * hash covers its content and the previous row's hash, so any later change breaks the chain.
 * Numbers come from one continuous yearly sequence (`invoice_sequences`), taken in the same
 * transaction as the row. Kept 10 years (Code de commerce L123-22): no order deletion removes them.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey(),
    /** "F2026-000001": the year and the position in that year's sequence. */
    number: text("number").notNull().unique(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    kind: text("kind").$type<InvoiceKind>().notNull(),
    origin: text("origin").$type<InvoiceOrigin>().notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** A credit note's invoice. */
    creditedInvoiceId: uuid("credited_invoice_id"),
    /** What this document was issued for (a checkout, a provider invoice or refund): issued once. */
    sourceRef: text("source_ref").notNull().unique(),
    issuedAt: timestamp("issued_at", { withTimezone: true, precision: 3 }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    paymentMethod: text("payment_method").notNull(),
    periodStart: date("period_start"),
    periodEnd: date("period_end"),
    /** Everything printed, as it was at issue: seller, buyer, lines, per-rate VAT, mentions. */
    content: jsonb("content").notNull(),
    netCents: integer("net_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    previousHash: text("previous_hash"),
    hash: text("hash").notNull().unique(),
  },
  (t) => [
    uniqueIndex("invoices_year_sequence_unique").on(t.year, t.sequence),
    index("invoices_order_idx").on(t.orderId),
    index("invoices_issued_idx").on(t.issuedAt),
  ],
);

/** The last number used each year. */
export const invoiceSequences = pgTable("invoice_sequences", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/** The PDF of each invoice, written once (Factur-X for business buyers with a SIRET). */
export const invoiceDocuments = pgTable("invoice_documents", {
  invoiceId: uuid("invoice_id")
    .primaryKey()
    .references(() => invoices.id),
  pdf: bytea("pdf").notNull(),
  facturX: boolean("factur_x").notNull(),
  sha256: text("sha256").notNull(),
  createdAt: createdAt(),
});

/**
 * What a customer agreed to have quoted on the home page, entered by the agency in the admin
 * (decision 0047). Tied to no order: a subdomain taken by someone else never inherits a quote.
 */
export const testimonials = pgTable(
  "testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    business: text("business").notNull(),
    text: text("text").notNull(),
    rating: integer("rating").notNull(),
    /** The day the person agreed to be quoted, kept as the agency's record of consent. */
    consentedOn: date("consented_on", { mode: "string" }).notNull(),
    siteUrl: text("site_url"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("testimonials_created_idx").on(t.createdAt),
    check("testimonials_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * A customer's mailbox on the mail host, at <local>@<subdomain>.<BASE_DOMAIN> (issue 24). The
 * password is kept only as the hash the mail host checks, so that the host can be rebuilt.
 */
export const mailboxes = pgTable(
  "mailboxes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    address: text("address").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    quotaBytes: bigint("quota_bytes", { mode: "number" }).notNull(),
    /** The out-of-office reply as last saved (kept when turned off), null when never set. */
    vacation: jsonb("vacation").$type<MailboxVacation>(),
    createdAt: createdAt(),
  },
  (t) => [index("mailboxes_order_idx").on(t.orderId, t.createdAt)],
);
/**
 * One recipient a login submitted to the mail host (decision 0083): the send-rate policy counts a
 * login's rows within its window, so a restart keeps the counts; rows past the window are removed
 * as it counts (mail-host/send-counts-table.ts).
 */
export const mailSends = pgTable(
  "mail_sends",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    login: text("login").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index("mail_sends_login_idx").on(t.login, t.sentAt), index("mail_sends_sent_at_idx").on(t.sentAt)],
);
/**
 * Another address on a site's mail domain whose mail goes to one of the order's mailboxes (an
 * alias) or to an outside address (a forward): the mail host's alias map is rebuilt from here.
 */
export const mailAliases = pgTable(
  "mail_aliases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    address: text("address").notNull().unique(),
    target: text("target").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("mail_aliases_order_idx").on(t.orderId, t.createdAt)],
);
/** What a Business site's visit log gave for one day, La Réunion's day (decision 0051). */
export const siteVisitDays = pgTable(
  "site_visit_days",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** GoAccess's unique visitors of the day: one anonymised network and browser. */
    visitors: integer("visitors").notNull(),
    /** Pages asked for (not files, nor errors, nor robots). */
    pageViews: integer("page_views").notNull(),
    /** The day's most visited pages, referring sites and devices: [name, visitors, hits]. */
    pages: jsonb("pages").$type<VisitCount[]>().notNull(),
    referrers: jsonb("referrers").$type<VisitCount[]>().notNull(),
    devices: jsonb("devices").$type<VisitCount[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.day] })],
);

/**
 * A Business site's visitors of one day as keys (decision 0086): a keyed hash of the anonymised
 * network and the browser, never an address. Kept 30 days, to count the distinct visitors of the
 * last 7 and 30 days.
 */
export const siteVisitVisitors = pgTable(
  "site_visit_visitors",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    keys: text("keys").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.day] })],
);

/** When a site's visit log was last read, and through which day its figures are final. */
export const siteVisitAnalyses = pgTable("site_visit_analyses", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  analysedAt: timestamp("analysed_at", { withTimezone: true }).notNull(),
  completeThrough: date("complete_through", { mode: "string" }),
});

/**
 * A Business site's online booking settings (decision 0057). No row: the defaults (from Koza's
 * hours when there are some); the row is written on the first change or the first booking.
 */
export const bookingSettings = pgTable("booking_settings", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  settings: jsonb("settings").$type<BookingSettings>().notNull(),
  /** The private calendar feed's token, sealed with SECRET_KEY; compared in constant time. */
  feedTokenEnc: text("feed_token_enc").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A visitor's booking on a Business site. Two confirmed bookings of one site never overlap: each
 * is written under a lock on the site's settings row (booking/book-slot.ts).
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    service: text("service").notNull(),
    priceCents: integer("price_cents"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    note: text("note").notNull(),
    status: text("status").$type<"confirmed" | "cancelled">().notNull().default("confirmed"),
    /**
     * The token of the visitor's cancel link (256 random bits), sealed with SECRET_KEY: the
     * reminder carries the link again. Compared in constant time.
     */
    cancelTokenEnc: text("cancel_token_enc").notNull(),
    /** Sent by the reminders job (once: set in the same statement that claims it). */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("bookings_order_start_idx").on(t.orderId, t.startsAt),
    // The last guard against the same slot twice; overlaps of other lengths are the lock's.
    uniqueIndex("bookings_confirmed_start_unique").on(t.orderId, t.startsAt).where(sql`status = 'confirmed'`),
    check("bookings_ends_after_start", sql`ends_at > starts_at`),
  ],
);

/* Row types: each table's row, declared here once; code imports them (no-local-row-types.test.ts). */
/** An `orders` row as stored: the purchase alone. */
export type OrderRow = typeof orders.$inferSelect;
/**
 * An order as loaded (orders/orders-table.ts): its row with its site's name as `subdomain`, the
 * name every page, e-mail and host call reads (decision 0109).
 */
export type Order = OrderRow & { subdomain: string };
export type Site = typeof sites.$inferSelect;
export type OrderLog = typeof orderLogs.$inferSelect;
export type CheckoutSession = typeof checkoutSessions.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type SubscriptionInvoice = typeof subscriptionInvoices.$inferSelect;
export type CustomDomain = typeof customDomains.$inferSelect;
export type KozaSubmission = typeof kozaSubmissions.$inferSelect;
export type ChatConversation = typeof chatConversations.$inferSelect;
export type SiteBackup = typeof siteBackups.$inferSelect;
export type SiteUpdate = typeof siteUpdates.$inferSelect;
export type SiteMaintenance = typeof siteMaintenance.$inferSelect;
export type SiteDowntime = typeof siteDowntimes.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type MailboxRow = typeof mailboxes.$inferSelect;
export type MailAlias = typeof mailAliases.$inferSelect;
export type SiteVisitDay = typeof siteVisitDays.$inferSelect;
export type BookingSettingsRow = typeof bookingSettings.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
