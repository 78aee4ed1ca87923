import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { OrderPathParams, TokenQuery } from "@lagon/contracts/access-schemas";
import { CaptchaChallenge } from "@lagon/contracts/answers-schemas";
import {
  BookingFeedParams,
  BookingMade,
  BookingOverview,
  BookingSettings,
  BookingSiteInfo,
  BookingSiteParams,
  FreeSlots,
  NewBooking,
  SlotsQuery,
} from "@lagon/contracts/booking-schemas";
import type { FastifyInstance, FastifyReply } from "fastify";
import { createCaptchaChallenge, verifyCaptcha } from "../captcha/captcha.ts";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { rawAnswer, route } from "../lib/route.ts";
import { bookingFeed } from "./booking-feed.ts";
import { bookingOverview } from "./booking-overview.ts";
import { renewFeedToken, saveSettings } from "./booking-settings.ts";
import { cancelPage } from "./cancel-page.ts";
import { bookableSite, bookSlot, freeSlots, publicBookingInfo } from "./site-bookings.ts";

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
  const site = { access: "public", params: BookingSiteParams } as const;

  for (const [url, body] of [
    ["/booking-widget/booking.js", WIDGET],
    ["/booking-widget/altcha.js", ALTCHA],
  ] as const) {
    route(
      app,
      {
        method: "GET",
        url,
        access: "public",
        rateLimit: "publicReads",
        response: { 200: rawAnswer("text/javascript") },
      },
      (_req, reply) =>
        openToSites(reply)
          .header("Cache-Control", "public, max-age=3600")
          .type("text/javascript; charset=utf-8")
          .send(body),
    );
  }

  route(
    app,
    {
      ...site,
      method: "GET",
      url: "/api/booking/sites/:site",
      rateLimit: "publicReads",
      response: { 200: BookingSiteInfo },
    },
    async ({ params }, reply) => {
      openToSites(reply).header("Cache-Control", "no-store");
      return publicBookingInfo(ctx, await bookableSite(ctx, params.site));
    },
  );

  route(
    app,
    {
      ...site,
      method: "GET",
      url: "/api/booking/sites/:site/slots",
      rateLimit: "publicReads",
      query: SlotsQuery,
      response: { 200: FreeSlots },
    },
    async ({ params, query }, reply) => {
      openToSites(reply).header("Cache-Control", "no-store");
      return freeSlots(ctx, await bookableSite(ctx, params.site), query.service, query.from);
    },
  );

  route(
    app,
    {
      ...site,
      method: "GET",
      url: "/api/booking/sites/:site/challenge",
      rateLimit: "reads",
      response: { 200: CaptchaChallenge },
    },
    async ({ params }, reply) => {
      await bookableSite(ctx, params.site);
      return openToSites(reply)
        .header("Cache-Control", "no-store")
        .send(await createCaptchaChallenge(ctx));
    },
  );

  // The browser's preflight for the JSON booking: allowed from any origin, without credentials.
  route(
    app,
    {
      ...site,
      method: "OPTIONS",
      url: "/api/booking/sites/:site/bookings",
      rateLimit: "default",
      response: { 204: rawAnswer("no body: the preflight's answer is its headers") },
    },
    (_req, reply) =>
      openToSites(reply)
        .header("Access-Control-Allow-Methods", "POST")
        .header("Access-Control-Allow-Headers", "Content-Type")
        .header("Access-Control-Max-Age", "600")
        .code(204)
        .send(),
  );

  route(
    app,
    {
      ...site,
      method: "POST",
      url: "/api/booking/sites/:site/bookings",
      rateLimit: "forms",
      body: NewBooking,
      response: { 201: BookingMade },
    },
    async ({ params, body }, reply) => {
      openToSites(reply);
      const order = await bookableSite(ctx, params.site);
      await verifyCaptcha(ctx, body.captcha_token);
      const { booking } = await bookSlot(ctx, order, body);
      return reply
        .code(201)
        .send({ id: booking.id, service: booking.service, starts_at: booking.startsAt.toISOString() });
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/booking/feed/:orderId/:token",
      // The feed's token in the address is the credential: a French 404 without the right one.
      access: "secret-in-path",
      rateLimit: "reads",
      params: BookingFeedParams,
      response: { 200: rawAnswer("text/calendar") },
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
      const order = {
        access: "order-token",
        params: OrderPathParams,
        query: TokenQuery,
        response: { 200: BookingOverview },
      } as const;
      route(
        scope,
        { ...order, method: "GET", url: "/api/order/:orderId/booking", rateLimit: "reads" },
        ({ order }) => bookingOverview(ctx, order),
      );
      route(
        scope,
        {
          ...order,
          method: "PUT",
          url: "/api/order/:orderId/booking/settings",
          rateLimit: "writes",
          body: BookingSettings,
        },
        async ({ order, body }) => {
          await saveSettings(ctx, order, body);
          return bookingOverview(ctx, order);
        },
      );
      route(
        scope,
        { ...order, method: "POST", url: "/api/order/:orderId/booking/feed", rateLimit: "actions" },
        async ({ order }) => {
          await renewFeedToken(ctx, order);
          return bookingOverview(ctx, order);
        },
      );
    }),
  );
}
