import type {
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { RATE_LIMITS, type RateLimitName } from "../plugins/rate-limits.ts";

/**
 * Who may call a route (docs/architecture.md, access levels):
 * - `public`: anyone; listed with its reason in access.test.ts;
 * - `secret-in-path`: the id or token in the address is the credential (a French 404 otherwise);
 * - `order-token`, `mailbox-token`, `admin-token`: checked by the hook of the scope the route is
 *   registered in (`orderTokenScope`, `mailboxScope`, `requireAdmin`), before its input is read.
 */
export type AccessLevel = "public" | "secret-in-path" | "order-token" | "mailbox-token" | "admin-token";

type ScopedLevel = "order-token" | "mailbox-token" | "admin-token";

const LEVEL = Symbol("access level");
const SPARE = Symbol("spared by the rate limit");

interface Scoped {
  [LEVEL]?: ScopedLevel;
  [SPARE]?: (request: FastifyRequest) => boolean;
}

/**
 * Marks `scope` (and the scopes it registers) as guarded by the hook of `level`; `spare` tells
 * the rate limit of its routes which callers it never refuses (the admin's right token).
 */
export function guardedScope(
  scope: FastifyInstance,
  level: ScopedLevel,
  spare?: (request: FastifyRequest) => boolean,
): void {
  // A child instance inherits its parent's properties: the mark reaches the routes registered below.
  Object.assign(scope, { [LEVEL]: level, [SPARE]: spare });
}

/** The answer of a route that is not JSON (a file, a page, XML, a redirect): its content type, for the reader. */
export const rawAnswer = (contentType: string) => z.unknown().describe(contentType);

type Schema = z.ZodType | undefined;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/** What a route states: everything a reader needs to know about it, in one place. */
export interface RouteSpec<P extends Schema, Q extends Schema, B extends Schema, H extends Schema, R> {
  method: Method | Method[];
  url: string;
  access: AccessLevel;
  rateLimit: RateLimitName;
  params?: P;
  query?: Q;
  body?: B;
  headers?: H;
  /** Every answer but the errors (`{ detail }`, plugins/error-handler.ts), by status code. */
  response: R;
  /** Over the default body limit (plugins/body-limits.ts). */
  bodyLimit?: number;
  /** A check of the address's secret before the body is validated (`secret-in-path`). */
  preValidation?: (request: FastifyRequest) => Promise<void>;
}

type Handler<P, Q, B, H, R> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  Record<never, never>,
  unknown,
  { params: P; querystring: Q; body: B; headers: H; response: R },
  ZodTypeProvider
>;

/**
 * Declares a route: its access level (checked against the scope it is registered in, at start),
 * its rate-limit budget, the zod schemas from contracts/ of its input (a bad one is a 400 with
 * the French detail) and of its answers. access.test.ts fails on a route declared otherwise.
 */
export function route<
  R extends Record<number, z.ZodType>,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  H extends Schema = undefined,
>(app: FastifyInstance, spec: RouteSpec<P, Q, B, H, R>, handler: Handler<P, Q, B, H, R>): void {
  const scoped = (app as Scoped)[LEVEL];
  const allowed: AccessLevel[] = scoped ? [scoped] : ["public", "secret-in-path"];
  if (!allowed.includes(spec.access)) {
    throw new Error(
      `${spec.method} ${spec.url} states access "${spec.access}" but is registered where it is "${allowed.join('" or "')}"`,
    );
  }
  if (Object.keys(spec.response).length === 0)
    throw new Error(`${spec.method} ${spec.url} has no response schema`);
  const spare = (app as Scoped)[SPARE];
  const rateLimit =
    spec.rateLimit === "default" && !spare
      ? undefined
      : { ...RATE_LIMITS[spec.rateLimit], ...(spare ? { allowList: spare } : {}) };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    ...(spec.preValidation ? { preValidation: spec.preValidation } : {}),
    config: { access: spec.access, ...(rateLimit ? { rateLimit } : {}) },
    schema: {
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.headers ? { headers: spec.headers } : {}),
      response: spec.response,
    },
    handler: handler as RouteHandlerMethod,
  });
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set by `route()`: the level the route states (access.test.ts reads it). */
    access?: AccessLevel;
  }
}
