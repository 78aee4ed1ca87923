import { TokenQuery } from "@lagon/contracts/access-schemas";
import {
  SftpKeyBody,
  SftpKeyRemoveBody,
  SftpPasswordBody,
  type SftpPasswordResult,
  type SftpView,
  SiteModeBody,
} from "@lagon/contracts/sftp-schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { addSftpKey, removeSftpKey, setSftpPassword, setSiteMode, sftpView } from "./order-sftp.ts";

/**
 * A Libre site's SFTP access and what its address serves, behind the order's token (decision
 * 0059). Passwords are few a minute: each one is a login that opens the site's files.
 */
export async function sftpRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      const r = scope.withTypeProvider<ZodTypeProvider>();
      const params = z.object({ orderId: z.string() });

      r.get(
        "/api/order/:orderId/sftp",
        {
          config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
          schema: { params, querystring: TokenQuery },
        },
        ({ order }): Promise<SftpView> => sftpView(ctx, order),
      );

      r.post(
        "/api/order/:orderId/sftp/password",
        {
          config: { rateLimit: { max: 5, timeWindow: "1 minute" } },
          schema: { params, body: SftpPasswordBody },
        },
        ({ order, body }): Promise<SftpPasswordResult> => setSftpPassword(ctx, order, body.password),
      );

      r.post(
        "/api/order/:orderId/sftp/keys",
        { config: { rateLimit: { max: 10, timeWindow: "1 minute" } }, schema: { params, body: SftpKeyBody } },
        async ({ order, body }, reply): Promise<SftpView> => {
          const result = await addSftpKey(ctx, order, body.key);
          reply.code(201);
          return result;
        },
      );

      r.post(
        "/api/order/:orderId/sftp/keys/remove",
        {
          config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
          schema: { params, body: SftpKeyRemoveBody },
        },
        ({ order, body }): Promise<SftpView> => removeSftpKey(ctx, order, body.fingerprint),
      );

      r.put(
        "/api/order/:orderId/site-mode",
        {
          config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
          schema: { params, body: SiteModeBody },
        },
        ({ order, body }): Promise<SftpView> => setSiteMode(ctx, order, body.mode),
      );
    }),
  );
}
