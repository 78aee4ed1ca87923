import { createHmac } from "node:crypto";
import type { Context } from "../context.ts";
import { safeEqual } from "../lib/secrets.ts";

/** The page that reads the cookie, and the only one the browser sends it to. */
const COOKIE_PATH = "/api/stripe/create-checkout-session";

/** One cookie per subdomain held: subdomains are lowercase letters, digits and hyphens. */
const cookieName = (subdomain: string) => `lagon_hold_${subdomain}`;

/** What only the server can compute and only the browser that opened the checkout was given. */
function holdProof(ctx: Pick<Context, "config">, reference: string): string {
  return createHmac("sha256", ctx.config.SECRET_KEY).update(`checkout-hold:${reference}`).digest("base64url");
}

/**
 * The Set-Cookie header that lets this browser, and no one else, replace its own open checkout
 * `reference` of `subdomain` until the checkout expires.
 */
export function holdCookie(
  ctx: Pick<Context, "config">,
  hold: { subdomain: string; reference: string; expiresAt: Date },
): string {
  const { subdomain, reference } = hold;
  const secure = ctx.config.PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  const maxAge = Math.max(0, Math.ceil((hold.expiresAt.getTime() - Date.now()) / 1000));
  return `${cookieName(subdomain)}=${holdProof(ctx, reference)}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
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
