import { TokenQuery } from "@lagon/contracts/access-schemas";
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
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { createAlias, deleteAlias } from "./order-aliases.ts";
import {
  createMailbox,
  deleteMailbox,
  listMailboxes,
  mailboxProfile,
  resetMailboxPassword,
  setMailboxVacation,
} from "./order-mailboxes.ts";

/**
 * The customer's mailboxes, behind the order's token (page or mailbox): list, create, delete, new
 * password, out-of-office reply, Apple profile; and the aliases and forwards of the site's mail domain.
 */
export async function mailboxRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      const r = scope.withTypeProvider<ZodTypeProvider>();

      r.get(
        "/api/order/:orderId/mailboxes",
        {
          config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
          schema: {
            params: z.object({ orderId: z.string() }),
            querystring: TokenQuery,
          },
        },
        async ({ order }): Promise<MailboxList> => listMailboxes(ctx, order),
      );

      r.post(
        "/api/order/:orderId/mailboxes",
        {
          config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
          schema: { params: z.object({ orderId: z.string() }), body: CreateMailboxBody },
        },
        async ({ order, body }, reply): Promise<MailboxPassword> => {
          const created = await createMailbox(ctx, order, body.localPart, body.domain);
          reply.code(201);
          return created;
        },
      );

      r.delete(
        "/api/order/:orderId/mailboxes/:address",
        { config: { rateLimit: { max: 10, timeWindow: "1 minute" } }, schema: { params: MailboxParams } },
        async ({ order, params }) => {
          await deleteMailbox(ctx, order, params.address);
          return { deleted: true };
        },
      );

      r.post(
        "/api/order/:orderId/mailboxes/:address/password",
        { config: { rateLimit: { max: 10, timeWindow: "1 minute" } }, schema: { params: MailboxParams } },
        async ({ order, params }): Promise<MailboxPassword> =>
          resetMailboxPassword(ctx, order, params.address),
      );

      r.put(
        "/api/order/:orderId/mailboxes/:address/vacation",
        {
          config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
          schema: { params: MailboxParams, body: VacationBody },
        },
        async ({ order, params, body }): Promise<MailboxView> =>
          setMailboxVacation(ctx, order, params.address, body),
      );

      r.post(
        "/api/order/:orderId/mail-aliases",
        {
          config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
          schema: { params: z.object({ orderId: z.string() }), body: CreateAliasBody },
        },
        async ({ order, body }, reply): Promise<AliasView> => {
          const created = await createAlias(ctx, order, body.localPart, body.target, body.domain);
          reply.code(201);
          return created;
        },
      );

      r.delete(
        "/api/order/:orderId/mail-aliases/:address",
        { config: { rateLimit: { max: 10, timeWindow: "1 minute" } }, schema: { params: MailboxParams } },
        async ({ order, params }) => {
          await deleteAlias(ctx, order, params.address);
          return { deleted: true };
        },
      );

      // The download link of the order page: Apple's profile that adds the mailbox to Mail.
      r.get(
        "/api/order/:orderId/mailboxes/:address/apple-profile",
        {
          config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
          schema: { params: MailboxParams, querystring: TokenQuery },
        },
        async ({ order, params }, reply) => {
          const profile = await mailboxProfile(ctx, order, params.address);
          return reply
            .header("cache-control", "no-store")
            .header("content-disposition", `attachment; filename="${params.address}.mobileconfig"`)
            .type("application/x-apple-aspen-config")
            .send(profile);
        },
      );
    }),
  );
}
