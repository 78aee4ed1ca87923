import { TokenQuery } from "@lagon/contracts/access-schemas";
import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import {
  type AliasView,
  CreateAliasBody,
  CreateMailboxBody,
  type MailboxList,
  MailboxParams,
  type MailboxPassword,
  type MailboxView,
  VacationBody,
} from "@lagon/contracts/mailboxes-schemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { audited } from "../admin/admin-auth.ts";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import type { Order } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";
import { getOrder } from "../orders/orders-table.ts";
import { createAlias, deleteAlias } from "./order-aliases.ts";
import {
  createMailbox,
  deleteMailbox,
  listMailboxes,
  mailboxProfile,
  resetMailboxPassword,
  setMailboxVacation,
} from "./order-mailboxes.ts";

/** Who acts on an order's mail: how the order is found and how each change is recorded. */
interface MailActor {
  /** The routes' prefix, up to and with `:orderId`. */
  base: string;
  order(request: FastifyRequest): Promise<Order>;
  /** Runs a change (the admin's go to its audit log). */
  change<T>(request: FastifyRequest, order: Order, what: string, run: () => Promise<T>): Promise<T>;
  limit(max: number): { rateLimit: Record<string, unknown> };
}

/**
 * The customer's mailboxes, behind the order's token (page or mailbox): list, create, delete, new
 * password, out-of-office reply, Apple profile; and the aliases and forwards of the site's mail domain.
 */
export async function mailboxRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) =>
      mailActions(scope, ctx, {
        base: "/api/order/:orderId",
        order: async (request) => request.order,
        change: (_request, _order, _what, run) => run(),
        limit: (max) => ({ rateLimit: { max, timeWindow: "1 minute" } }),
      }),
    ),
  );
}

/**
 * The same actions for the admin, inside the admin scope (admin-routes.ts, behind the admin token),
 * under /api/admin/orders/:orderId/…: every change goes to the audit log.
 */
export function mailboxAdminRoutes(
  app: FastifyInstance,
  ctx: Context,
  limits: { rateLimit: Record<string, unknown> },
): void {
  mailActions(app, ctx, {
    base: "/orders/:orderId",
    order: (request) => {
      const id = z.uuid().safeParse((request.params as { orderId?: unknown }).orderId);
      if (!id.success) throw notFound(ADMIN_MESSAGES.orderNotFound);
      return getOrder(ctx.db, id.data);
    },
    change: (request, order, what, run) =>
      audited(ctx, request, { action: "mailbox", orderId: order.id, details: what }, run),
    limit: () => limits,
  });
}

function mailActions(app: FastifyInstance, ctx: Context, actor: MailActor): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { base, limit } = actor;
  const OrderParams = z.object({ orderId: z.string() });

  r.get(
    `${base}/mailboxes`,
    { config: limit(60), schema: { params: OrderParams, querystring: TokenQuery } },
    async (request): Promise<MailboxList> => listMailboxes(ctx, await actor.order(request)),
  );

  r.post(
    `${base}/mailboxes`,
    { config: limit(10), schema: { params: OrderParams, querystring: TokenQuery, body: CreateMailboxBody } },
    async (request, reply): Promise<MailboxPassword> => {
      const { body } = request;
      const order = await actor.order(request);
      const created = await actor.change(request, order, `création de ${body.localPart}`, () =>
        createMailbox(ctx, order, body.localPart, body.domain),
      );
      reply.code(201);
      return created;
    },
  );

  r.delete(
    `${base}/mailboxes/:address`,
    { config: limit(10), schema: { params: MailboxParams, querystring: TokenQuery } },
    async (request) => {
      const { address } = request.params;
      const order = await actor.order(request);
      await actor.change(request, order, `suppression de ${address}`, () =>
        deleteMailbox(ctx, order, address),
      );
      return { deleted: true };
    },
  );

  r.post(
    `${base}/mailboxes/:address/password`,
    { config: limit(10), schema: { params: MailboxParams, querystring: TokenQuery } },
    async (request): Promise<MailboxPassword> => {
      const { address } = request.params;
      const order = await actor.order(request);
      return actor.change(request, order, `nouveau mot de passe de ${address}`, () =>
        resetMailboxPassword(ctx, order, address),
      );
    },
  );

  r.put(
    `${base}/mailboxes/:address/vacation`,
    { config: limit(20), schema: { params: MailboxParams, querystring: TokenQuery, body: VacationBody } },
    async (request): Promise<MailboxView> => {
      const { address } = request.params;
      const order = await actor.order(request);
      return actor.change(request, order, `réponse automatique de ${address}`, () =>
        setMailboxVacation(ctx, order, address, request.body),
      );
    },
  );

  r.post(
    `${base}/mail-aliases`,
    { config: limit(10), schema: { params: OrderParams, querystring: TokenQuery, body: CreateAliasBody } },
    async (request, reply): Promise<AliasView> => {
      const { body } = request;
      const order = await actor.order(request);
      const created = await actor.change(request, order, `alias ${body.localPart} vers ${body.target}`, () =>
        createAlias(ctx, order, body.localPart, body.target, body.domain),
      );
      reply.code(201);
      return created;
    },
  );

  r.delete(
    `${base}/mail-aliases/:address`,
    { config: limit(10), schema: { params: MailboxParams, querystring: TokenQuery } },
    async (request) => {
      const { address } = request.params;
      const order = await actor.order(request);
      await actor.change(request, order, `suppression de l'alias ${address}`, () =>
        deleteAlias(ctx, order, address),
      );
      return { deleted: true };
    },
  );

  // The download link of the order page: Apple's profile that adds the mailbox to Mail.
  r.get(
    `${base}/mailboxes/:address/apple-profile`,
    { config: limit(30), schema: { params: MailboxParams, querystring: TokenQuery } },
    async (request, reply) => {
      const { address } = request.params;
      const profile = await mailboxProfile(ctx, await actor.order(request), address);
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="${address}.mobileconfig"`)
        .type("application/x-apple-aspen-config")
        .send(profile);
    },
  );
}
