import { OrderPathParams as params, TokenQuery } from "@lagon/contracts/access-schemas";
import {
  SftpKeyBody,
  SftpKeyRemoveBody,
  SftpPasswordBody,
  SftpPasswordResult,
  SftpView,
  SiteModeBody,
} from "@lagon/contracts/sftp-schemas";
import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { route } from "../lib/route.ts";
import { addSftpKey, removeSftpKey, setSftpPassword, setSiteMode, sftpView } from "./order-sftp.ts";

/**
 * A Libre site's SFTP access and what its address serves, behind the order's token (decision
 * 0059). Passwords are few a minute: each one is a login that opens the site's files.
 */
export async function sftpRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      route(
        scope,
        {
          method: "GET",
          url: "/api/order/:orderId/sftp",
          access: "order-token",
          rateLimit: "reads",
          params: params,
          query: TokenQuery,
          response: { 200: SftpView },
        },
        ({ order }): Promise<SftpView> => sftpView(ctx, order),
      );

      route(
        scope,
        {
          method: "POST",
          url: "/api/order/:orderId/sftp/password",
          access: "order-token",
          rateLimit: "costly",
          params: params,
          body: SftpPasswordBody,
          response: { 200: SftpPasswordResult },
        },
        ({ order, body }): Promise<SftpPasswordResult> => setSftpPassword(ctx, order, body.password),
      );

      route(
        scope,
        {
          method: "POST",
          url: "/api/order/:orderId/sftp/keys",
          access: "order-token",
          rateLimit: "actions",
          params: params,
          body: SftpKeyBody,
          response: { 201: SftpView },
        },
        async ({ order, body }, reply): Promise<SftpView> => {
          const result = await addSftpKey(ctx, order, body.key);
          reply.code(201);
          return result;
        },
      );

      route(
        scope,
        {
          method: "POST",
          url: "/api/order/:orderId/sftp/keys/remove",
          access: "order-token",
          rateLimit: "actions",
          params: params,
          body: SftpKeyRemoveBody,
          response: { 200: SftpView },
        },
        ({ order, body }): Promise<SftpView> => removeSftpKey(ctx, order, body.fingerprint),
      );

      route(
        scope,
        {
          method: "PUT",
          url: "/api/order/:orderId/site-mode",
          access: "order-token",
          rateLimit: "actions",
          params: params,
          body: SiteModeBody,
          response: { 200: SftpView },
        },
        ({ order, body }): Promise<SftpView> => setSiteMode(ctx, order, body.mode),
      );
    }),
  );
}
