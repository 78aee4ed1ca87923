import rateLimit from "@fastify/rate-limit";
import { MESSAGES } from "@lagon/contracts/errors";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * What any route allows one client address in a minute unless it declares its own
 * (`config.rateLimit`, tighter on forms, logins and anything that costs work). 300 a minute is
 * five a second, sustained: far above what a person clicking through the site sends to the API.
 */
const DEFAULT_RATE_LIMIT = { max: 300, timeWindow: "1 minute" } as const;

/**
 * The web app's pages and files: a first visit asks for a page and a dozen files at once, and
 * one address can be a whole office or a mobile operator's shared address. They are served from
 * memory, so they get their own, larger budget and never eat into the API's.
 */
export const WEB_FILES_RATE_LIMIT = { max: 1200, timeWindow: "1 minute" } as const;

const LOG_WINDOW_MS = 60_000;
const MAX_LOGGED_ADDRESSES = 10_000;

/**
 * Rate limits on every route, per client address (IPv6 per /64), and on unknown paths. A refused
 * request writes no log line of its own (the request log skips 429s): one line per address and
 * minute says that address is being refused, so a flood cannot fill the disk. Addresses of
 * `allowList` (RATE_LIMIT_ALLOW_LIST) are never limited.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  allowList: readonly string[] = [],
): Promise<void> {
  const exempt = new Set(allowList);
  const loggedAt = new Map<string, number>();
  const logRefusal = (request: FastifyRequest) => {
    const now = Date.now();
    const last = loggedAt.get(request.ip);
    if (last !== undefined && now - last < LOG_WINDOW_MS) return;
    if (loggedAt.size >= MAX_LOGGED_ADDRESSES) loggedAt.clear();
    loggedAt.set(request.ip, now);
    request.log.warn(
      { ip: request.ip, route: request.routeOptions.url },
      "rate limit reached: refusing this address for now (logged once a minute)",
    );
  };

  await app.register(rateLimit, {
    global: true,
    ...DEFAULT_RATE_LIMIT,
    allowList: (request) => exempt.has(request.ip),
    onExceeded: logRefusal,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      detail: MESSAGES.tooManyRequests,
      ttl: context.ttl,
    }),
  });
}
