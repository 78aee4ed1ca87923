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
      // Forget addresses whose failures are all old, so the map cannot grow without bound.
      for (const [ip, times] of failures) {
        if (times.every((t) => now - t >= FAILURE_WINDOW_MS)) failures.delete(ip);
      }
      failures.set(request.ip, [...recent, now]);
      request.log.warn({ ip: request.ip, url: request.routeOptions.url }, "admin: wrong token");
      throw forbidden(MESSAGES.adminAccessDenied);
    }
  });
}

/**
 * Runs an admin action and writes it to the audit log with its outcome: who (address), what,
 * on which order, and whether it worked (the French detail of a refusal or failure otherwise).
 */
export async function audited<T>(
  ctx: Context,
  request: FastifyRequest,
  entry: { action: string; orderId?: string; details?: string },
  run: () => Promise<T>,
): Promise<T> {
  const write = (outcome: string) =>
    ctx.db.insert(adminAudit).values({
      ip: request.ip,
      action: entry.action,
      orderId: entry.orderId,
      details: [entry.details, outcome].filter(Boolean).join(" — "),
    });
  try {
    const result = await run();
    await write("ok");
    return result;
  } catch (err) {
    await write(`échec : ${err instanceof AppError ? err.detail : "erreur interne"}`);
    throw err;
  }
}
