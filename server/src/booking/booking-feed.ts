import { and, asc, eq, gt } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../context.ts";
import { bookingSettings, bookings, orders, sites } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";
import { orderColumns } from "../orders/orders-table.ts";
import { calendarFile } from "./booking-ics.ts";
import { businessName } from "./booking-mails.ts";
import { bookingIncluded, sealedTokenIs } from "./booking-settings.ts";

const FEED_UNKNOWN = "Calendrier introuvable : l'adresse a peut-être été renouvelée depuis l'espace client.";

/**
 * The business's calendar (RFC 5545) for its phone: the bookings of the last 30 days and all to
 * come, cancelled ones marked so. The token in the address is compared in constant time; a
 * renewed token, an unknown order and a wrong token get the same 404.
 */
export async function bookingFeed(
  ctx: Pick<Context, "db" | "secrets" | "config">,
  orderId: string,
  token: string,
): Promise<string> {
  const id = z.uuid().safeParse(orderId);
  const [row] = id.success
    ? await ctx.db
        .select({ order: orderColumns, settings: bookingSettings })
        .from(bookingSettings)
        .innerJoin(orders, eq(orders.id, bookingSettings.orderId))
        .innerJoin(sites, eq(sites.orderId, orders.id))
        .where(eq(bookingSettings.orderId, id.data))
    : [];
  const right = sealedTokenIs(ctx, row?.settings.feedTokenEnc, token);
  if (!row || !right || !bookingIncluded(row.order)) throw notFound(FEED_UNKNOWN);
  const list = await ctx.db
    .select()
    .from(bookings)
    .where(
      and(eq(bookings.orderId, row.order.id), gt(bookings.startsAt, new Date(Date.now() - 30 * 86_400_000))),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(2000);
  return calendarFile({
    name: `Réservations – ${businessName(row.order)}`,
    timeZone: row.settings.settings.time_zone,
    events: list.map((b) => ({
      uid: `${b.id}@${new URL(ctx.config.PUBLIC_URL).hostname}`,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      summary: `${b.service} – ${b.name}`,
      description: [b.email, b.phone, b.note].filter(Boolean).join("\n"),
      location: "",
      cancelled: b.status === "cancelled",
    })),
  });
}
