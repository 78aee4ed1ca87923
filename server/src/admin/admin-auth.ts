import { MESSAGES } from "@lagon/contracts/errors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Context } from "../context.ts";
import { adminAudit } from "../db/schema.ts";
import { AppError, forbidden, unauthorized } from "../lib/app-error.ts";
import { safeEqual } from "../lib/secrets.ts";

const MAX_FAILURES = 10;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Guards every route registered in this scope: the admin token from the query string, compared
 * in constant time. Repeated failures from one address are refused for a while and logged.
 */
export function requireAdmin(app: FastifyInstance, ctx: Context): void {
  // Per-process throttling is enough here: it only slows down guessing.
  const failures = new Map<string, number[]>();
  app.addHook("onRequest", async (request) => {
    const now = Date.now();
    const recent = (failures.get(request.ip) ?? []).filter((t) => now - t < FAILURE_WINDOW_MS);
    if (recent.length >= MAX_FAILURES) throw new AppError(429, MESSAGES.tooManyRequests);
    const token = (request.query as { token?: unknown }).token;
    if (typeof token !== "string" || token === "") throw unauthorized(MESSAGES.adminTokenMissing);
    if (!safeEqual(token, ctx.config.ADMIN_TOKEN)) {
      failures.set(request.ip, [...recent, now]);
      request.log.warn({ ip: request.ip, url: request.routeOptions.url }, "admin: wrong token");
      throw forbidden(MESSAGES.adminAccessDenied);
    }
  });
}

/** Writes who did what, from where, on which order. */
export async function audit(
  ctx: Context,
  request: FastifyRequest,
  action: string,
  orderId?: string,
  details?: string,
): Promise<void> {
  await ctx.db.insert(adminAudit).values({ ip: request.ip, action, orderId, details });
}
