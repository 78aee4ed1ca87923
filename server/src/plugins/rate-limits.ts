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
const WEB_FILES_RATE_LIMIT = { max: 1200, timeWindow: "1 minute" } as const;

/**
 * The budgets a route picks from (`route()`, lib/route.ts), per client address and route.
 * `default` is the one budget shared by every route that picks no other.
 */
export const RATE_LIMITS = {
  /** The shared default: a person clicking through the site. */
  default: DEFAULT_RATE_LIMIT,
  /** Public reads that a page or a widget asks often (the directory, the testimonials, a booking widget). */
  publicReads: { max: 120, timeWindow: "1 minute" },
  /** A private page's reads and token checks, polling included. */
  reads: { max: 60, timeWindow: "1 minute" },
  /** Checks a form makes as the visitor types. */
  checks: { max: 30, timeWindow: "1 minute" },
  /** A person's writes (a message, a setting). */
  writes: { max: 20, timeWindow: "1 minute" },
  /** Actions that queue work or send an e-mail. */
  actions: { max: 10, timeWindow: "1 minute" },
  /** Actions that cost host work or a secret (a restore, an update, a password). */
  costly: { max: 5, timeWindow: "1 minute" },
  /** Public forms and uploads that cost an e-mail or an LLM run. */
  forms: { max: 10, timeWindow: "10 minutes" },
  /** Starting a checkout. */
  checkouts: { max: 20, timeWindow: "10 minutes" },
  /** The lost-link form: each answer is an e-mail to someone else's mailbox. */
  lostLinks: { max: 5, timeWindow: "15 minutes" },
  /** Reads a page makes many of (the directory's screenshots, the blog's API): the default's size, a budget of their own. */
  manyReads: { max: 300, timeWindow: "1 minute" },
  /** The web app's pages and files (above). */
  webFiles: WEB_FILES_RATE_LIMIT,
  /** Machine callers and media (Stripe's webhook, the blog's images). */
  machines: { max: 600, timeWindow: "1 minute" },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

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
