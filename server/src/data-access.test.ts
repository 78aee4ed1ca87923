import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The rule of docs/architecture.md: every write to a table lives in that table's one
 * data-access module. A screen's read projection may join tables elsewhere; a write may not.
 * The tables are read from db/schema.ts, so a new table fails here until it is given its module.
 */
const MODULES: Record<string, string> = {
  orders: "orders/orders-table.ts",
  sites: "sites/sites-table.ts",
  order_logs: "orders/order-log.ts",
  checkout_sessions: "checkout/checkout-sessions-table.ts",
  subscriptions: "subscriptions/subscriptions-table.ts",
  subscription_invoices: "subscriptions/subscription-invoices-table.ts",
  billing_clock: "subscriptions/billing-clock.ts",
  billing_portal_sessions: "payments/local-payment-provider.ts",
  payment_events: "checkout/handle-stripe-event.ts",
  payment_alerts: "subscriptions/payment-alert.ts",
  coupons: "coupons/coupons-table.ts",
  email_templates: "mail/email-templates-table.ts",
  email_log: "mail/email-log-table.ts",
  contact_messages: "contact/contact-routes.ts",
  domain_requests: "custom-domain/request-custom-domain.ts",
  custom_domains: "custom-domain/custom-domains-table.ts",
  custom_domain_checks: "custom-domain/domain-lifecycle.ts",
  koza_submissions: "koza/koza-submissions-table.ts",
  chat_conversations: "chat/chat-conversations-table.ts",
  chat_messages: "chat/chat-messages-table.ts",
  used_captchas: "captcha/captcha.ts",
  admin_audit: "admin/admin-audit-table.ts",
  site_backups: "backups/site-backups-table.ts",
  site_updates: "maintenance/update-site.ts",
  site_maintenance: "maintenance/site-maintenance-table.ts",
  site_downtimes: "maintenance/site-monitor.ts",
  backup_alerts: "backups/backup-alerts.ts",
  stored_files: "files/stored-files.ts",
  app_settings: "blog/blog-credentials.ts",
  invoices: "invoices/issue-invoice.ts",
  invoice_sequences: "invoices/issue-invoice.ts",
  invoice_documents: "invoices/invoice-pdf.ts",
  testimonials: "testimonials/save-testimonial.ts",
  mailboxes: "mailboxes/mailboxes-table.ts",
  mail_sends: "mail-host/send-counts-table.ts",
  mail_aliases: "mailboxes/order-aliases.ts",
  site_visit_days: "visits/read-site-visits.ts",
  site_visit_visitors: "visits/read-site-visits.ts",
  site_visit_analyses: "visits/read-site-visits.ts",
  booking_settings: "booking/booking-settings.ts",
  bookings: "booking/bookings-table.ts",
};

const src = import.meta.dirname;

/** Every table of db/schema.ts: its name in the code and in SQL. */
function tables(): { code: string; table: string }[] {
  const schema = readFileSync(path.join(src, "db/schema.ts"), "utf8");
  return [...schema.matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g)].map((m) => ({
    code: m[1] as string,
    table: m[2] as string,
  }));
}

/**
 * Every write to a table in server/src's code (tests and migrations aside), as "file:line what":
 * drizzle's `.insert(orders)`, `.update(sites)`…, raw SQL's `update ${sites}`, `delete from sites` or
 * `update sites set`.
 */
function writes(): { table: string; file: string; where: string }[] {
  const all = tables();
  const byName = new Map(all.flatMap(({ code, table }) => [[code, table] as const, [table, table] as const]));
  const codes = all.map((t) => t.code).join("|");
  const names = all.map((t) => t.table).join("|");
  const write = new RegExp(
    [
      `\\.(?:insert|update|delete)\\(\\s*(?:schema\\.)?(${codes})\\s*\\)`,
      `\\b(?:insert\\s+into|update|delete\\s+from)\\s+\\$\\{\\s*(?:schema\\.)?(${codes})\\s*\\}`,
      `\\b(?:insert\\s+into|delete\\s+from)\\s+"?(${names})"?(?![\\w$])`,
      `\\bupdate\\s+"?(${names})"?\\s+set\\b`,
    ].join("|"),
    "gi",
  );
  const found: { table: string; file: string; where: string }[] = [];
  for (const entry of readdirSync(src, { recursive: true, encoding: "utf8" })) {
    if (!entry.endsWith(".ts") || entry.endsWith(".test.ts")) continue;
    const file = entry.split(path.sep).join("/");
    if (file.startsWith("db/migrations/")) continue;
    const text = readFileSync(path.join(src, entry), "utf8");
    for (const match of text.matchAll(write)) {
      const line = text.slice(0, match.index).split("\n").length;
      const named = (match[1] ?? match[2] ?? match[3] ?? match[4]) as string;
      const table = (byName.get(named) ?? byName.get(named.toLowerCase())) as string;
      found.push({ table, file, where: `${file}:${line} ${match[0]}` });
    }
  }
  return found;
}

describe("data access, one module per table", () => {
  it("gives every table of schema.ts one data-access module, and only those", () => {
    const names = tables().map((t) => t.table);
    expect(names.length).toBeGreaterThan(30);
    const missing = names.filter((name) => !(name in MODULES));
    expect(
      missing,
      'a table of db/schema.ts has no data-access module: add `<table>: "<feature>/<table>-table.ts"` to MODULES in data-access.test.ts',
    ).toEqual([]);
    expect(
      Object.keys(MODULES).filter((name) => !names.includes(name)),
      "MODULES names a table db/schema.ts no longer has",
    ).toEqual([]);
    const absent = Object.values(MODULES).filter((module) => !existsSync(path.join(src, module)));
    expect(absent, "a data-access module named in MODULES does not exist").toEqual([]);
  });

  it("renames no table where it is imported (the scan looks for the schema's names)", () => {
    const codes = new Set(tables().map((t) => t.code));
    const renamed: string[] = [];
    for (const entry of readdirSync(src, { recursive: true, encoding: "utf8" })) {
      if (!entry.endsWith(".ts")) continue;
      const text = readFileSync(path.join(src, entry), "utf8");
      for (const imported of text.matchAll(
        /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"[^"]*db\/schema\.ts"/g,
      )) {
        for (const m of (imported[1] as string).matchAll(/(\w+)\s+as\s+\w+/g)) {
          if (codes.has(m[1] as string)) renamed.push(`${entry}: ${m[0]}`);
        }
      }
    }
    expect(renamed, "a table imported under another name").toEqual([]);
  });

  it("writes each table only from its module", () => {
    const all = writes();
    // The scan sees the modules' own writes: it would see one elsewhere.
    const unseen = [...new Set(Object.keys(MODULES))].filter(
      (table) => !all.some((w) => w.table === table && w.file === MODULES[table]),
    );
    expect(unseen, "a table's module shows no write to it (is the module still right?)").toEqual([]);
    const outside = all.filter((w) => w.file !== MODULES[w.table]).map((w) => w.where);
    expect(
      outside,
      "a write to a table outside its data-access module (MODULES in data-access.test.ts)",
    ).toEqual([]);
  });
});
