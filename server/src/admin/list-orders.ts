import { ADMIN_PAGE_SIZE } from "@lagon/contracts/admin";
import type { AdminOrder, AdminOrders, AdminOrdersQuery } from "@lagon/contracts/admin-schemas";
import type { LogEntry } from "@lagon/contracts/orders-schemas";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { openBackupAlerts } from "../backups/backup-alerts.ts";
import type { Context } from "../context.ts";
import { adminDomainViews } from "../custom-domain/admin-domain-actions.ts";
import { ordersDomains } from "../custom-domain/domain-view.ts";
import { orderLogs, orders, searchFold, sites, subscriptions } from "../db/schema.ts";
import { mailOutsidePlanAlerts } from "../mailboxes/plan-mail.ts";
import { adminMaintenance } from "../maintenance/maintenance-view.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { kitView, planName } from "../orders/order-view.ts";
import { adminSearchText, orderStatusSql, orderSteps } from "../orders/orders-table.ts";
import { billingNow } from "../subscriptions/billing-clock.ts";
import { adminSubscriptionView } from "../subscriptions/subscription-view.ts";

/** The subscription filters of the list: en retard, suspendus, résiliation programmée. */
const scheduledCancel = sql`${subscriptions.cancelAt} is not null and ${subscriptions.status} in ('active', 'past_due')`;

function matching(query: AdminOrdersQuery): SQL | undefined {
  const filters: SQL[] = [];
  // "En cours" covers orders not yet started as well as those being provisioned.
  if (query.status === "processing") filters.push(inArray(orderStatusSql, ["pending", "processing"]));
  else if (query.status !== "all") filters.push(eq(orderStatusSql, query.status));
  // A plain substring test on one pre-lowered column: no pattern characters to escape, and
  // about five times faster than ILIKE on the three columns.
  if (query.q) filters.push(sql`strpos(${adminSearchText}, ${searchFold(query.q)}) > 0`);
  if (query.subscription === "past_due" || query.subscription === "suspended") {
    filters.push(eq(subscriptions.status, query.subscription));
  } else if (query.subscription === "cancel_scheduled") filters.push(scheduledCancel);
  return filters.length > 0 ? and(...filters) : undefined;
}

/**
 * One page of orders, filtered and searched in the database, with the counters of the list.
 * Three queries whatever the page size: the counters (one scan), the page, and its logs.
 * WordPress passwords are not part of it: the customer-area link shows them when needed.
 */
export async function listOrders(
  ctx: Pick<Context, "config" | "db" | "secrets" | "payments" | "wordpress" | "log">,
  query: AdminOrdersQuery,
): Promise<AdminOrders> {
  const where = matching(query);
  const [counts] = await ctx.db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${orderStatusSql} = 'active')`.mapWith(Number),
      processing: sql<number>`count(*) filter (where ${orderStatusSql} in ('pending', 'processing'))`.mapWith(
        Number,
      ),
      error: sql<number>`count(*) filter (where ${orderStatusSql} = 'error')`.mapWith(Number),
      pastDue: sql<number>`count(*) filter (where ${subscriptions.status} = 'past_due')`.mapWith(Number),
      suspended: sql<number>`count(*) filter (where ${subscriptions.status} = 'suspended')`.mapWith(Number),
      cancelScheduled: sql<number>`count(*) filter (where ${scheduledCancel})`.mapWith(Number),
      matching: where ? sql<number>`count(*) filter (where ${where})`.mapWith(Number) : count(),
    })
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id));
  const matchCount = counts?.matching ?? 0;
  const pageCount = Math.max(1, Math.ceil(matchCount / ADMIN_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);

  const rows = await ctx.db
    .select({
      id: orders.id,
      planId: orders.planId,
      status: orderStatusSql,
      payment: orders.payment,
      siteSteps: sites.steps,
      kit: sites.kit,
      subdomain: sites.name,
      host: sites.host,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      companyName: orders.companyName,
      createdAt: orders.createdAt,
      kozaOption: orders.kozaOption,
      kozaStatus: sites.kozaStatus,
      wpAdminUrl: sites.wpAdminUrl,
      magicLinkTokenEnc: orders.magicLinkTokenEnc,
      discountPercent: orders.discountPercent,
      country: orders.country,
      siret: orders.siret,
      vatNumber: orders.vatNumber,
      subscription: subscriptions,
    })
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);

  const logsByOrder = new Map<string, LogEntry[]>();
  if (rows.length > 0) {
    const logs = await ctx.db
      .select()
      .from(orderLogs)
      .where(
        inArray(
          orderLogs.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(orderLogs.id));
    for (const l of logs) {
      const list = logsByOrder.get(l.orderId) ?? [];
      list.push({
        timestamp: l.timestamp.toISOString(),
        level: l.level,
        action: l.action,
        details: l.details,
      });
      logsByOrder.set(l.orderId, list);
    }
  }

  const alerts = await openBackupAlerts(
    ctx,
    rows.map((r) => r.id),
  );
  const mailAlerts = await mailOutsidePlanAlerts(ctx, rows);
  const now = await billingNow(ctx);
  const maintenance = await adminMaintenance(
    ctx,
    rows.filter((r) => r.wpAdminUrl),
  );
  const domainRows = await ordersDomains(
    ctx,
    rows.map((r) => r.id),
  );
  const domains = new Map(
    (
      await adminDomainViews(
        ctx,
        rows.flatMap((r) => {
          const domain = domainRows.get(r.id);
          return domain ? [{ domain, subdomain: r.subdomain }] : [];
        }),
      )
    ).map((d) => [d.order_id, d]),
  );
  return {
    orders: rows.map((o): AdminOrder => {
      return {
        _id: o.id,
        order_id: o.id,
        subdomain: o.subdomain,
        site_url: ctx.wordpress.siteUrl(o.subdomain, o),
        customer_name: o.customerName,
        customer_email: o.customerEmail,
        company_name: o.companyName,
        plan_name: planName(o),
        status: o.status,
        created_at: o.createdAt.toISOString(),
        steps: orderSteps(o, { steps: o.siteSteps ?? {} }),
        koza_option: o.kozaOption,
        koza_status: o.kozaStatus,
        kit: kitView(o.kit),
        custom_domain: domains.get(o.id) ?? null,
        logs: logsByOrder.get(o.id) ?? [],
        wp_admin_url: o.wpAdminUrl,
        dashboard_url: magicLinkUrl(ctx, o),
        subscription: o.subscription
          ? adminSubscriptionView(ctx, o.subscription, o, now, ctx.payments.billingCalendar)
          : null,
        backup_alert: alerts.get(o.id) ?? null,
        mail_alert: mailAlerts.get(o.id) ?? null,
        maintenance: maintenance.get(o.id) ?? null,
      };
    }),
    counts: {
      total: counts?.total ?? 0,
      active: counts?.active ?? 0,
      processing: counts?.processing ?? 0,
      error: counts?.error ?? 0,
      past_due: counts?.pastDue ?? 0,
      suspended: counts?.suspended ?? 0,
      cancel_scheduled: counts?.cancelScheduled ?? 0,
    },
    page,
    page_count: pageCount,
    match_count: matchCount,
  };
}
