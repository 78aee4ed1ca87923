import { randomUUID } from "node:crypto";
import { CHECKOUT_MESSAGES, DEFAULT_CATEGORY } from "@lagon/contracts/checkout";
import type { CreateCheckoutSessionRequest, CustomerData } from "@lagon/contracts/checkout-schemas";
import { type PlanId, planById } from "@lagon/contracts/plans";
import { isValidSubdomain, SUBDOMAIN_FORMAT_ERROR } from "@lagon/contracts/subdomain";
import { isBusinessBuyer, type TaxRuleId, taxRuleFor } from "@lagon/contracts/tax";
import { and, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../context.ts";
import { checkCoupon } from "../coupons/validate-coupon.ts";
import { checkoutSessions } from "../db/schema.ts";
import { badRequest, conflict } from "../lib/app-error.ts";
import { planOfChoice } from "../payments/plan-choice.ts";
import { holdCookie, provesHold } from "./checkout-hold.ts";
import { expireOpenCheckout, insertCheckoutSession } from "./checkout-sessions-table.ts";
import { openProviderCheckout } from "./open-provider-checkout.ts";
import { subdomainAvailability } from "./subdomain-availability.ts";

/**
 * How long a checkout stays payable and holds its subdomain. Stripe wants at least 30 minutes
 * after it creates the session, by its own clock: one more minute absorbs latency and skew.
 */
export const CHECKOUT_LIFETIME_MS = 31 * 60 * 1000;

type Request = z.output<typeof CreateCheckoutSessionRequest>;

/** The data an order is made of once its checkout is paid. */
export interface OrderCheckoutPayload {
  planId: PlanId;
  subdomain: string;
  customer: CustomerData;
  /** The VAT rule charged (tax.ts), absent on checkouts older than it (then the buyer's rule). */
  taxRuleId?: TaxRuleId;
  /** When the buyer asked for the immediate start (ISO date). */
  immediateStartAt?: string;
}

/**
 * Validates the order, holds its subdomain while the checkout is open and opens the provider's
 * hosted checkout. Returns the address to send the browser to, and the cookie by which this
 * browser (only) may later replace its checkout (`cookieHeader` is the request's cookies).
 */
export async function createCheckoutSession(
  ctx: Pick<Context, "config" | "db" | "secrets" | "payments" | "log">,
  request: Request,
  cookieHeader: string | undefined,
): Promise<{ checkout_url: string; holdCookie: string[] }> {
  const planId = planOfChoice(ctx, request.plan_id);
  if (!planId) throw badRequest(CHECKOUT_MESSAGES.unknownPlan);
  assertOwnUrl(ctx, request.success_url);
  assertOwnUrl(ctx, request.cancel_url);
  const subdomain = subdomainOf(ctx, request.customer_data.domain);

  const coupon = request.coupon_code ? await checkCoupon(ctx, request.coupon_code) : undefined;
  if (coupon && !coupon.valid) throw badRequest(coupon.error);

  const customer: CustomerData = {
    ...request.customer_data,
    email: request.customer_data.email.toLowerCase(),
    plan: planById(planId).name,
    category: request.customer_data.directory_opt_in
      ? (request.customer_data.category ?? DEFAULT_CATEGORY)
      : undefined,
  };
  await releaseOwnHold(ctx, subdomain, cookieHeader);
  const taxRule = taxRuleFor(customer.country, isBusinessBuyer(customer), ctx.config);

  const reference = randomUUID();
  const expiresAt = new Date(Date.now() + CHECKOUT_LIFETIME_MS);
  // Check and hold the subdomain atomically; no outside call inside the transaction.
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subdomain:${subdomain}`}))`);
    const availability = await subdomainAvailability(tx, subdomain);
    if (!availability.available) throw conflict(availability.detail ?? CHECKOUT_MESSAGES.subdomainTaken);
    await insertCheckoutSession(tx, {
      id: reference,
      kind: "order",
      subdomain,
      planId,
      kozaOption: request.koza_option,
      percentOff: coupon?.valid ? coupon.percentOff : 0,
      couponCode: coupon?.valid ? coupon.code : null,
      customerEmail: customer.email,
      payload: {
        planId,
        subdomain,
        customer,
        taxRuleId: taxRule.id,
        immediateStartAt: new Date().toISOString(),
      } satisfies OrderCheckoutPayload,
      successUrl: request.success_url,
      cancelUrl: request.cancel_url,
      expiresAt,
    });
  });

  const { checkout_url } = await openProviderCheckout(
    ctx,
    {
      reference,
      kind: "order",
      customerEmail: customer.email,
      planPriceId: request.plan_id,
      koza: request.koza_option,
      vatRateBasisPoints: taxRule.rateBasisPoints,
      promotion: coupon?.valid
        ? { providerId: coupon.providerId, percentOff: coupon.percentOff, code: coupon.code }
        : undefined,
      successUrl: request.success_url,
      cancelUrl: request.cancel_url,
      expiresAt,
    },
    CHECKOUT_MESSAGES.sessionFailed,
  );
  return { checkout_url, holdCookie: holdCookie(ctx, { subdomain, reference, expiresAt }) };
}

/** Payment return addresses must be pages of this site: no open redirect through the provider. */
export function assertOwnUrl(ctx: Pick<Context, "config">, url: string): void {
  if (new URL(url).origin !== new URL(ctx.config.PUBLIC_URL).origin)
    throw badRequest(CHECKOUT_MESSAGES.foreignUrl);
}

function subdomainOf(ctx: Pick<Context, "config">, domain: string): string {
  const suffix = `.${ctx.config.BASE_DOMAIN}`;
  const name = domain.trim().toLowerCase();
  if (!name.endsWith(suffix)) throw badRequest(CHECKOUT_MESSAGES.invalidDomain);
  const subdomain = name.slice(0, -suffix.length);
  if (!isValidSubdomain(subdomain)) throw badRequest(SUBDOMAIN_FORMAT_ERROR);
  return subdomain;
}

/**
 * A visitor who left the payment page (its cancel address brings them back to the form) and
 * tries again must not be blocked by their own hold: their earlier unpaid checkout for this
 * subdomain is closed at the provider first, so it can never be paid as well. "Their own" is
 * proven by the cookie that checkout gave their browser, not by an e-mail address anyone can
 * type: someone else's open checkout is left alone and the subdomain reported as held. A hold
 * the provider cannot close (paid meanwhile, or unreachable) stays and is reported as held.
 */
async function releaseOwnHold(
  ctx: Pick<Context, "config" | "db" | "secrets" | "payments" | "log">,
  subdomain: string,
  cookieHeader: string | undefined,
) {
  if (!cookieHeader) return;
  const holds = await ctx.db
    .select({ id: checkoutSessions.id, sealedSessionId: checkoutSessions.providerSessionEnc })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.subdomain, subdomain),
        eq(checkoutSessions.status, "open"),
        gt(checkoutSessions.expiresAt, sql`now()`),
      ),
    );
  for (const hold of holds) {
    // A checkout stored before session ids were sealed has no copy to close it with: it stays held.
    if (!hold.sealedSessionId || !provesHold(ctx, cookieHeader, subdomain, hold.id)) continue;
    const sessionId = ctx.secrets.open(hold.sealedSessionId);
    const closed = await ctx.payments.expireCheckout(sessionId).catch((err: unknown) => {
      ctx.log.warn({ err }, "could not close an earlier checkout of the same visitor");
      return false;
    });
    if (closed) {
      await expireOpenCheckout(ctx.db, hold.id);
    }
  }
}
