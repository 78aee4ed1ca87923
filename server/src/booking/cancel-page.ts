import { BOOKING_MESSAGES } from "@lagon/contracts/booking";
import { CancelLink } from "@lagon/contracts/booking-schemas";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Context } from "../context.ts";
import { AppError } from "../lib/app-error.ts";
import { rawAnswer, route } from "../lib/route.ts";
import { bookingWhen, businessName } from "./booking-mails.ts";
import { cancelBooking, cancelPreview } from "./site-bookings.ts";

const esc = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** The page, also when the link is wrong (404) or the appointment is past (400): the visitor reads it. */
const PAGE = rawAnswer("text/html");
const PAGES = { 200: PAGE, 400: PAGE, 404: PAGE };

/** A small French page of its own (no script): the product's colours, readable on a phone. */
function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header("Cache-Control", "no-store")
    .type("text/html; charset=utf-8")
    .send(`<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title></head>
<body style="margin:0;padding:24px 16px;background:#f1f5f9;font-family:system-ui,Arial,sans-serif;color:#1e293b">
<main style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:28px">
<h1 style="margin:0 0 16px;font-size:1.4rem;color:#0f4c5c">${esc(title)}</h1>
${body}
</main></body></html>`);
}

/** Whether an error is the visitor's (a wrong link, a past booking): shown on the page, not logged as ours. */
const visitorError = (err: unknown): err is AppError => err instanceof AppError && err.statusCode < 500;

/**
 * The visitor's cancel link: GET shows the appointment and a button (mail scanners open links, so
 * opening one never cancels); the button's POST cancels. The link's token is compared in constant time.
 */
export async function cancelPage(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const link = { url: "/reservation/annuler", access: "public", response: PAGES } as const;

  route(app, { ...link, method: "GET", rateLimit: "checks", query: CancelLink }, async ({ query }, reply) => {
    try {
      const { booking, order } = await cancelPreview(ctx, query.b, query.t);
      const what = `${esc(booking.service)} chez <strong>${esc(businessName(order))}</strong>, le <strong>${esc(bookingWhen(booking.startsAt, booking.timeZone))}</strong>`;
      if (booking.status === "cancelled")
        return page(
          reply,
          200,
          "Rendez-vous annulé",
          `<p>${BOOKING_MESSAGES.alreadyCancelled}</p><p>${what}.</p>`,
        );
      return page(
        reply,
        200,
        "Annuler votre rendez-vous",
        `<p>Bonjour ${esc(booking.name)}, vous avez rendez-vous : ${what}.</p>
<form method="post" action="/reservation/annuler">
<input type="hidden" name="b" value="${esc(query.b)}"><input type="hidden" name="t" value="${esc(query.t)}">
<button type="submit" style="font:inherit;font-weight:bold;background:#ff6b35;color:#fff;border:0;border-radius:8px;padding:12px 20px;cursor:pointer">Annuler mon rendez-vous</button>
</form>
<p style="color:#64748b;font-size:.9rem">Vous gardez votre rendez-vous ? Fermez simplement cette page.</p>`,
      );
    } catch (err) {
      if (!visitorError(err)) throw err;
      return page(reply, err.statusCode, "Lien d'annulation", `<p>${esc(err.message)}</p>`);
    }
  });

  route(app, { ...link, method: "POST", rateLimit: "actions", body: CancelLink }, async ({ body }, reply) => {
    try {
      const { already } = await cancelBooking(ctx, body.b, body.t);
      return page(
        reply,
        200,
        "Rendez-vous annulé",
        `<p>${already ? BOOKING_MESSAGES.alreadyCancelled : BOOKING_MESSAGES.cancelled}</p>`,
      );
    } catch (err) {
      if (!visitorError(err)) throw err;
      return page(reply, err.statusCode, "Lien d'annulation", `<p>${esc(err.message)}</p>`);
    }
  });
}
