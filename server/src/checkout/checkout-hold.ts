import { createHmac } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { checkoutSessions } from "../db/schema.ts";
import { safeEqual } from "../lib/secrets.ts";

/**
 * The addresses that read the cookie, and the only ones the browser sends it to: the checkout
 * (to replace its own open checkout) and this subdomain's availability check (which must not
 * tell the visitor their own checkout holds it).
 */
const cookiePaths = (subdomain: string) => [
  "/api/stripe/create-checkout-session",
  `/api/subdomain-availability/${subdomain}`,
];

/** One cookie per subdomain held: subdomains are lowercase letters, digits and hyphens. */
const cookieName = (subdomain: string) => `lagon_hold_${subdomain}`;

/** What only the server can compute and only the browser that opened the checkout was given. */
function holdProof(ctx: Pick<Context, "config">, reference: string): string {
  return createHmac("sha256", ctx.config.SECRET_KEY).update(`checkout-hold:${reference}`).digest("base64url");
}

/**
 * The Set-Cookie headers that let this browser, and no one else, replace its own open checkout
 * `reference` of `subdomain` and see the subdomain as free for them, until the checkout expires.
 */
export function holdCookie(
  ctx: Pick<Context, "config">,
  hold: { subdomain: string; reference: string; expiresAt: Date },
): string[] {
  const { subdomain, reference } = hold;
  const secure = ctx.config.PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  const maxAge = Math.max(0, Math.ceil((hold.expiresAt.getTime() - Date.now()) / 1000));
  return cookiePaths(subdomain).map(
    (path) =>
      `${cookieName(subdomain)}=${holdProof(ctx, reference)}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/** The open checkout of `subdomain` that the request's cookies prove is this browser's, if any. */
export async function ownOpenHold(
  ctx: Pick<Context, "config" | "db">,
  subdomain: string,
  cookieHeader: string | undefined,
): Promise<string | undefined> {
  if (!cookieHeader?.includes(cookieName(subdomain))) return undefined;
  const holds = await ctx.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.subdomain, subdomain),
        eq(checkoutSessions.status, "open"),
        gt(checkoutSessions.expiresAt, sql`now()`),
      ),
    );
  return holds.find((hold) => provesHold(ctx, cookieHeader, subdomain, hold.id))?.id;
}

/** Whether the request's cookies prove it comes from the browser that opened checkout `reference`. */
export function provesHold(
  ctx: Pick<Context, "config">,
  cookieHeader: string,
  subdomain: string,
  reference: string,
): boolean {
  const prefix = `${cookieName(subdomain)}=`;
  const value = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  return value !== undefined && safeEqual(value, holdProof(ctx, reference));
}
