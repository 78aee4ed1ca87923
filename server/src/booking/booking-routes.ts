import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { TokenQuery } from "@lagon/contracts/access-schemas";
import { BookingSettings, NewBooking, SlotsQuery } from "@lagon/contracts/booking-schemas";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createCaptchaChallenge, verifyCaptcha } from "../captcha/captcha.ts";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { bookingFeed } from "./booking-feed.ts";
import { bookingOverview } from "./booking-overview.ts";
import { renewFeedToken, saveSettings } from "./booking-settings.ts";
import { cancelPage } from "./cancel-page.ts";
import { bookableSite, bookSlot, freeSlots, publicBookingInfo } from "./site-bookings.ts";

const SiteParams = z.object({ site: z.string().max(63) });

/** The widget's script and the captcha's, read once: sites load them from the platform. */
const WIDGET = readFileSync(new URL("./widget/booking-widget.js", import.meta.url), "utf8");
const ALTCHA = readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve("altcha")), "altcha.i18n.umd.min.cjs"),
  "utf8",
);

/** Any site may call these from its visitors' browsers (no cookie, no credential). */
function openToSites(reply: FastifyReply): FastifyReply {
  return reply
    .header("Access-Control-Allow-Origin", "*")
    .header("Cross-Origin-Resource-Policy", "cross-origin")
    .header("Vary", "Origin");
}

/**
 * Online booking (decision 0057). Public: the widget's scripts, a Business site's services and
 * free slots, the captcha challenge and the booking itself (rate-limited, captcha), the visitor's
 * cancel page (the link's token), the business's calendar feed (its token in the address).
 * Behind the order's token: the order page's settings, bookings and feed address.
 */
export async function bookingRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [path, body] of [
    ["/booking-widget/booking.js", WIDGET],
    ["/booking-widget/altcha.js", ALTCHA],
  ] as const) {
    r.get(path, { config: { rateLimit: { max: 120, timeWindow: "1 minute" } } }, (_req, reply) =>
      openToSites(reply)
        .header("Cache-Control", "public, max-age=3600")
        .type("text/javascript; charset=utf-8")
        .send(body),
    );
  }

  r.get(
    "/api/booking/sites/:site",
    { config: { rateLimit: { max: 120, timeWindow: "1 minute" } }, schema: { params: SiteParams } },
    async ({ params }, reply) => {
      openToSites(reply).header("Cache-Control", "no-store");
      return publicBookingInfo(ctx, await bookableSite(ctx, params.site));
    },
  );

  r.get(
    "/api/booking/sites/:site/slots",
    {
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { params: SiteParams, querystring: SlotsQuery },
    },
    async ({ params, query }, reply) => {
      openToSites(reply).header("Cache-Control", "no-store");
      return freeSlots(ctx, await bookableSite(ctx, params.site), query.service, query.from);
    },
  );

  r.get(
    "/api/booking/sites/:site/challenge",
    { config: { rateLimit: { max: 60, timeWindow: "1 minute" } }, schema: { params: SiteParams } },
    async ({ params }, reply) => {
      await bookableSite(ctx, params.site);
      return openToSites(reply)
        .header("Cache-Control", "no-store")
        .send(await createCaptchaChallenge(ctx));
    },
  );

  // The browser's preflight for the JSON booking: allowed from any origin, without credentials.
  r.options("/api/booking/sites/:site/bookings", (_req, reply) =>
    openToSites(reply)
      .header("Access-Control-Allow-Methods", "POST")
      .header("Access-Control-Allow-Headers", "Content-Type")
      .header("Access-Control-Max-Age", "600")
      .code(204)
      .send(),
  );

  r.post(
    "/api/booking/sites/:site/bookings",
    {
      config: { rateLimit: { max: 10, timeWindow: "10 minutes" } },
      schema: { params: SiteParams, body: NewBooking },
    },
    async ({ params, body }, reply) => {
      openToSites(reply);
      const order = await bookableSite(ctx, params.site);
      await verifyCaptcha(ctx, body.captcha_token);
      const { booking } = await bookSlot(ctx, order, body);
      reply.code(201);
      return { id: booking.id, service: booking.service, starts_at: booking.startsAt.toISOString() };
    },
  );

  r.get(
    "/api/booking/feed/:orderId/:token",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: { params: z.object({ orderId: z.string().max(40), token: z.string().max(80) }) },
    },
    async ({ params }, reply) =>
      reply
        .header("Cache-Control", "no-store")
        .type("text/calendar; charset=utf-8")
        .send(await bookingFeed(ctx, params.orderId, params.token.replace(/\.ics$/, ""))),
  );

  await app.register(cancelPage, { ctx });

  await app.register(
    orderTokenScope(ctx, (scope) => {
      const o = scope.withTypeProvider<ZodTypeProvider>();
      o.get(
        "/api/order/:orderId/booking",
        {
          config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
          schema: { params: z.object({ orderId: z.string() }), querystring: TokenQuery },
        },
        ({ order }) => bookingOverview(ctx, order),
      );
      o.put(
        "/api/order/:orderId/booking/settings",
        {
          config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
          schema: {
            params: z.object({ orderId: z.string() }),
            querystring: TokenQuery,
            body: BookingSettings,
          },
        },
        async ({ order, body }) => {
          await saveSettings(ctx, order, body);
          return bookingOverview(ctx, order);
        },
      );
      o.post(
        "/api/order/:orderId/booking/feed",
        {
          config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
          schema: { params: z.object({ orderId: z.string() }), querystring: TokenQuery },
        },
        async ({ order }) => {
          await renewFeedToken(ctx, order);
          return bookingOverview(ctx, order);
        },
      );
    }),
  );
}
