import type { BookingOverview } from "@lagon/contracts/booking-schemas";
import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import { siteUrlOf } from "../sites/site-of.ts";
import { bookingIncluded, settingsRow } from "./booking-settings.ts";
import { bookingView, upcomingBookings } from "./site-bookings.ts";

/** The business's private calendar feed: its token in the address, for a phone's calendar. */
export const feedUrl = (ctx: Pick<Context, "config">, orderId: string, token: string) =>
  `${ctx.config.PUBLIC_URL}/api/booking/feed/${orderId}/${token}.ics`;

/** The order page's "Réservations": settings, upcoming bookings, feed; Starter and Libre get none. */
export async function bookingOverview(
  ctx: Pick<Context, "db" | "secrets" | "config" | "wordpress">,
  order: Order,
): Promise<BookingOverview> {
  if (!bookingIncluded(order)) return { included: false };
  const row = await settingsRow(ctx, ctx.db, order.id);
  return {
    included: true,
    settings: row.settings,
    bookings: (await upcomingBookings(ctx, order)).map(bookingView),
    feed_url: feedUrl(ctx, order.id, ctx.secrets.open(row.feedTokenEnc)),
    page_url: `${await siteUrlOf(ctx, order)}/reservation/`,
  };
}
