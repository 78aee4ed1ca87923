import { TokenQuery } from "@lagon/contracts/access-schemas";
import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import {
  AliasView,
  CreateAliasBody,
  CreateMailboxBody,
  MailboxList,
  MailboxParams,
  MailboxPassword,
  MailboxView,
  VacationBody,
} from "@lagon/contracts/mailboxes-schemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { audited } from "../admin/admin-auth.ts";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import type { Order } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";
import { rawAnswer, route } from "../lib/route.ts";
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
  /** The scope's level: the order's token, or the admin's. */
  access: "order-token" | "admin-token";
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
        access: "order-token",
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
  ctx: Pick<Context, "config" | "db" | "mailHost" | "log">,
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
    access: "admin-token",
  });
}

function mailActions(
  app: FastifyInstance,
  ctx: Pick<Context, "config" | "db" | "mailHost" | "log">,
  actor: MailActor,
): void {
  const { base, access } = actor;
  const OrderParams = z.object({ orderId: z.string() });
  const Deleted = z.object({ deleted: z.literal(true) });

  route(
    app,
    {
      method: "GET",
      url: `${base}/mailboxes`,
      access,
      rateLimit: "reads",
      params: OrderParams,
      query: TokenQuery,
      response: { 200: MailboxList },
    },
    async (request): Promise<MailboxList> => listMailboxes(ctx, await actor.order(request)),
  );

  route(
    app,
    {
      method: "POST",
      url: `${base}/mailboxes`,
      access,
      rateLimit: "actions",
      params: OrderParams,
      query: TokenQuery,
      body: CreateMailboxBody,
      response: { 201: MailboxPassword },
    },
    async (request, reply) => {
      const { body } = request;
      const order = await actor.order(request);
      const created = await actor.change(request, order, `création de ${body.localPart}`, () =>
        createMailbox(ctx, order, body.localPart, body.domain),
      );
      return reply.code(201).send(created);
    },
  );

  route(
    app,
    {
      method: "DELETE",
      url: `${base}/mailboxes/:address`,
      access,
      rateLimit: "actions",
      params: MailboxParams,
      query: TokenQuery,
      response: { 200: Deleted },
    },
    async (request) => {
      const { address } = request.params;
      const order = await actor.order(request);
      await actor.change(request, order, `suppression de ${address}`, () =>
        deleteMailbox(ctx, order, address),
      );
      return { deleted: true as const };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: `${base}/mailboxes/:address/password`,
      access,
      rateLimit: "actions",
      params: MailboxParams,
      query: TokenQuery,
      response: { 200: MailboxPassword },
    },
    async (request): Promise<MailboxPassword> => {
      const { address } = request.params;
      const order = await actor.order(request);
      return actor.change(request, order, `nouveau mot de passe de ${address}`, () =>
        resetMailboxPassword(ctx, order, address),
      );
    },
  );

  route(
    app,
    {
      method: "PUT",
      url: `${base}/mailboxes/:address/vacation`,
      access,
      rateLimit: "writes",
      params: MailboxParams,
      query: TokenQuery,
      body: VacationBody,
      response: { 200: MailboxView },
    },
    async (request): Promise<MailboxView> => {
      const { address } = request.params;
      const order = await actor.order(request);
      return actor.change(request, order, `réponse automatique de ${address}`, () =>
        setMailboxVacation(ctx, order, address, request.body),
      );
    },
  );

  route(
    app,
    {
      method: "POST",
      url: `${base}/mail-aliases`,
      access,
      rateLimit: "actions",
      params: OrderParams,
      query: TokenQuery,
      body: CreateAliasBody,
      response: { 201: AliasView },
    },
    async (request, reply) => {
      const { body } = request;
      const order = await actor.order(request);
      const created = await actor.change(request, order, `alias ${body.localPart} vers ${body.target}`, () =>
        createAlias(ctx, order, body.localPart, body.target, body.domain),
      );
      return reply.code(201).send(created);
    },
  );

  route(
    app,
    {
      method: "DELETE",
      url: `${base}/mail-aliases/:address`,
      access,
      rateLimit: "actions",
      params: MailboxParams,
      query: TokenQuery,
      response: { 200: Deleted },
    },
    async (request) => {
      const { address } = request.params;
      const order = await actor.order(request);
      await actor.change(request, order, `suppression de l'alias ${address}`, () =>
        deleteAlias(ctx, order, address),
      );
      return { deleted: true as const };
    },
  );

  // The download link of the order page: Apple's profile that adds the mailbox to Mail, signed
  // (CMS, DER) when the operator gave the mail host's certificate, its plist as is otherwise.
  route(
    app,
    {
      method: "GET",
      url: `${base}/mailboxes/:address/apple-profile`,
      access,
      rateLimit: "writes",
      params: MailboxParams,
      query: TokenQuery,
      response: { 200: rawAnswer("application/x-apple-aspen-config") },
    },
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
