import { MESSAGES } from "@lagon/contracts/errors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Context } from "../context.ts";
import { AppError, forbidden, unauthorized } from "../lib/app-error.ts";
import { guardedScope } from "../lib/route.ts";
import { safeEqual } from "../lib/secrets.ts";
import { insertAdminAudit } from "./admin-audit-table.ts";

const MAX_FAILURES = 10;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Whether the request carries the admin token (query string), compared in constant time. */
export function holdsAdminToken(ctx: Pick<Context, "config">, request: FastifyRequest): boolean {
  const token = (request.query as { token?: unknown }).token;
  return typeof token === "string" && safeEqual(token, ctx.config.ADMIN_TOKEN);
}

/**
 * The admin access level: guards every route registered in this scope with the admin token from
 * the query string. The right token always opens, compared first in constant time: a flood of
 * wrong ones "from" the admin's address must never lock the admin out, and guessing a token of
 * 128 bits or more is hopeless anyway. Only failures are throttled, per address: each of the
 * first 10 in 15 minutes is logged (never the token) and audited, later ones get a 429 quietly.
 * The admin routes' rate limit spares the right token too.
 */
export function requireAdmin(app: FastifyInstance, ctx: Pick<Context, "config" | "db">): void {
  // Wrong tokens share one budget per address; the right one is never refused by a flood of them.
  guardedScope(app, "admin-token", (request) => holdsAdminToken(ctx, request));
  // Per-process throttling is enough here: it only caps the noise of wrong tokens.
  const failures = new Map<string, number[]>();
  // After the rate limits (route onRequest hooks), before the body is read or validated.
  app.addHook("preParsing", async (request, _reply, payload) => {
    if (holdsAdminToken(ctx, request)) return payload;
    const token = (request.query as { token?: unknown }).token;
    if (typeof token !== "string" || token === "") throw unauthorized(MESSAGES.adminTokenMissing);
    const now = Date.now();
    const recent = (failures.get(request.ip) ?? []).filter((t) => now - t < FAILURE_WINDOW_MS);
    if (recent.length >= MAX_FAILURES) throw new AppError(429, MESSAGES.tooManyRequests);
    // Forget addresses whose failures are all old, so the map cannot grow without bound.
    for (const [ip, times] of failures) {
      if (times.every((t) => now - t >= FAILURE_WINDOW_MS)) failures.delete(ip);
    }
    failures.set(request.ip, [...recent, now]);
    const route = `${request.method} ${request.routeOptions.url}`;
    request.log.warn({ ip: request.ip, route }, "admin: wrong token");
    await insertAdminAudit(ctx.db, { ip: request.ip, action: "wrong-token", details: route });
    throw forbidden(MESSAGES.adminAccessDenied);
  });
}

/**
 * Runs an admin action and writes it to the audit log with its outcome: who (address), what,
 * on which order, and whether it worked (the French detail of a refusal or failure otherwise).
 */
export async function audited<T>(
  ctx: Pick<Context, "db">,
  request: FastifyRequest,
  entry: { action: string; orderId?: string; details?: string },
  run: () => Promise<T>,
): Promise<T> {
  const write = (outcome: string) =>
    insertAdminAudit(ctx.db, {
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
