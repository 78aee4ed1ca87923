import type { OrderAccess } from "@lagon/contracts/orders";
import type { LogEntry } from "@lagon/contracts/orders-schemas";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Context } from "../context.ts";
import type { Db } from "../db/database.ts";
import {
  type CustomDomain,
  customDomains,
  type Order,
  orderLogs,
  orders,
  type Site,
  type Subscription,
  sites,
  subscriptions,
} from "../db/schema.ts";
import { forbidden, unauthorized } from "../lib/app-error.ts";
import { guardedScope } from "../lib/route.ts";
import { tokenAccess } from "../orders/magic-link.ts";
import { orderColumns } from "../orders/orders-table.ts";

export const TOKEN_MISSING = "Lien d'accès incomplet : le jeton est manquant.";
export const TOKEN_INVALID = "Lien d'accès invalide. Demandez un nouveau lien depuis l'espace client.";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the order-token scope: the order whose token the caller gave. */
    order: Order;
    /** Set by the order-token scope: the site that order made (blank before it has one). */
    site: Site;
    /** Set by the order-token scope: that order's log, oldest first (read with it, one query). */
    orderLogs: LogEntry[];
    /** Set by the order-token scope: its custom domain and its subscription, read in that query too. */
    orderExtras: {
      domain: CustomDomain | null;
      subscription: Subscription | null;
    };
    /** Set by the order-token scope: that token, and what it proves. */
    orderToken: { value: string; access: OrderAccess };
  }
}

interface Credentials {
  orderId?: string;
  token?: string;
}

/** Where a request names its order and gives its token. */
export type OrderCredentials = (request: FastifyRequest) => Credentials | Promise<Credentials>;

/** `:orderId` in the path (or an `order_id` body field), `token` in the query string (or the body). */
export const fromPathQueryOrBody = (request: FastifyRequest): Credentials => {
  const params = request.params as { orderId?: unknown } | undefined;
  const query = request.query as { token?: unknown } | undefined;
  const body = request.body as { order_id?: unknown; token?: unknown } | null | undefined;
  return {
    orderId: text(params?.orderId) ?? text(body?.order_id),
    token: text(query?.token) ?? text(body?.token),
  };
};

/**
 * `:orderId` in the path or `order_id` in the query string, `token` in the query string: what an
 * upload gives, read before its body (`beforeBody`).
 */
export const fromPathOrQuery = (request: FastifyRequest): Credentials => {
  const params = request.params as { orderId?: unknown } | undefined;
  const query = request.query as { order_id?: unknown; token?: unknown } | undefined;
  return { orderId: text(params?.orderId) ?? text(query?.order_id), token: text(query?.token) };
};

/**
 * The order's log lines as the order page shows them, read in the same query as the order (with
 * its custom domain and subscription): the page polls every 5 seconds, and one round trip to the
 * database instead of four is most of its cost (npm run bench:polling). `orders.id` is written out: drizzle leaves the outer table's
 * columns unqualified, and a bare "id" would be the log line's.
 */
const logsOf = sql<LogEntry[]>`coalesce((
  select json_agg(json_build_object(
    'timestamp', to_char(l.timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'level', l.level, 'action', l.action, 'details', l.details) order by l.id)
  from ${orderLogs} l where l.order_id = orders.id), '[]'::json)`;

/**
 * The order with its site, log, custom domain and subscription, built once per database and prepared:
 * building a select of four tables' columns costs more than the rest of the poll on PostgreSQL,
 * and a named statement there is parsed and planned once per connection (npm run bench:polling).
 */
const orderQueries = new WeakMap<Db, ReturnType<typeof prepareOrderQuery>>();

function prepareOrderQuery(db: Db) {
  return (
    db
      .select({
        order: orderColumns,
        site: sites,
        logs: logsOf,
        domain: customDomains,
        subscription: subscriptions,
      })
      .from(orders)
      // One of each at most per order (unique order_id): the join keeps one row.
      .innerJoin(sites, eq(sites.orderId, orders.id))
      .leftJoin(customDomains, eq(customDomains.orderId, orders.id))
      .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id))
      .where(eq(orders.id, sql.placeholder("id")))
      .prepare("order_with_log")
  );
}

function orderQuery(db: Db) {
  let query = orderQueries.get(db);
  if (!query) {
    query = prepareOrderQuery(db);
    orderQueries.set(db, query);
  }
  return query;
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/**
 * The order-token access level: every route `routes` declares answers only the holder of one of
 * the order's tokens (the page token or the mailbox token), and finds the order on
 * `request.order`. The check comes before the request's validation, so a caller without a token
 * learns nothing else; an unknown order and a wrong token get the same answer in the same time.
 * With `beforeBody` (uploads, whose credentials are in the address) it comes before the body
 * is read at all: a stranger's upload costs the server no byte of memory.
 */
export function orderTokenScope(
  ctx: Pick<Context, "db" | "secrets">,
  routes: (scope: FastifyInstance) => void | Promise<void>,
  credentials: OrderCredentials = fromPathQueryOrBody,
  { beforeBody = false }: { beforeBody?: boolean } = {},
): FastifyPluginAsync {
  const findOrder = orderQuery(ctx.db);
  return async (scope) => {
    guardedScope(scope, "order-token");
    scope.decorateRequest("order", null as unknown as Order);
    scope.decorateRequest("site", null as unknown as Site);
    scope.decorateRequest("orderLogs", null as unknown as LogEntry[]);
    scope.decorateRequest("orderExtras", null as unknown as FastifyRequest["orderExtras"]);
    scope.decorateRequest("orderToken", null as unknown as FastifyRequest["orderToken"]);
    const check = async (request: FastifyRequest) => {
      const { orderId, token } = await credentials(request);
      if (!token) throw unauthorized(TOKEN_MISSING);
      const id = z.uuid().safeParse(orderId);
      const [row] = id.success ? await findOrder.execute({ id: id.data }) : [];
      const order = row?.order;
      const access = tokenAccess(ctx, order, token);
      if (!order || !access) throw forbidden(TOKEN_INVALID);
      request.order = order;
      request.site = row.site;
      request.orderLogs = row.logs;
      request.orderExtras = { domain: row.domain, subscription: row.subscription };
      request.orderToken = { value: token, access };
    };
    if (beforeBody) {
      scope.addHook("preParsing", async (request, _reply, payload) => {
        await check(request);
        return payload;
      });
    } else {
      scope.addHook("preValidation", check);
    }
    await routes(scope);
  };
}
