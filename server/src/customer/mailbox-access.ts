import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import { forbidden, unauthorized } from "../lib/app-error.ts";
import { guardedScope } from "../lib/route.ts";
import { tokenAccess } from "../orders/magic-link.ts";
import { ordersOfEmail } from "../orders/orders-table.ts";
import { TOKEN_INVALID, TOKEN_MISSING } from "./order-access.ts";

export const MAILBOX_REQUIRED =
  "Ce lien n'ouvre que sa propre commande. Pour voir tous vos sites, utilisez le lien d'accès reçu par e-mail.";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the mailbox scope: the address the caller proved to read, and its orders, oldest first. */
    mailbox: { email: string; orders: Order[] };
  }
}

/**
 * The mailbox access level: every route `routes` declares answers only to a caller who proved
 * control of the mailbox `email` (query string), by giving the mailbox token of one of its
 * orders, the one only ever sent there by e-mail. A page token, which anyone who paid with that
 * address has seen, is refused. The check comes before the request's validation.
 */
export function mailboxScope(
  ctx: Pick<Context, "db" | "secrets">,
  routes: (scope: FastifyInstance) => void | Promise<void>,
): FastifyPluginAsync {
  return async (scope) => {
    guardedScope(scope, "mailbox-token");
    scope.decorateRequest("mailbox", null as unknown as FastifyRequest["mailbox"]);
    scope.addHook("preValidation", async (request) => {
      const { email, token } = request.query as { email?: unknown; token?: unknown };
      if (typeof token !== "string" || !token) throw unauthorized(TOKEN_MISSING);
      const address = typeof email === "string" ? email.trim().toLowerCase() : "";
      const rows = address ? await ordersOfEmail(ctx.db, address) : [];
      // Every order's tokens are compared (a stand-in's when there is none), so the time does
      // not say whether the address has orders or which one matched.
      const proofs = (rows.length > 0 ? rows : [undefined]).map((o) => tokenAccess(ctx, o, token));
      if (proofs.includes("mailbox")) {
        request.mailbox = { email: address, orders: rows };
        return;
      }
      throw forbidden(proofs.includes("order") ? MAILBOX_REQUIRED : TOKEN_INVALID);
    });
    await routes(scope);
  };
}
