import { BOOKING_MESSAGES, type BookingSettings } from "@lagon/contracts/booking";
import type { BookingSiteInfo, BookingView, FreeSlots, NewBooking } from "@lagon/contracts/booking-schemas";
import { and, asc, eq, gt, lt } from "drizzle-orm";
import { z } from "zod";
import type { Context } from "../context.ts";
import type { Db } from "../db/database.ts";
import { type Booking, bookings, type Order, orders, sites, subscriptions } from "../db/schema.ts";
import { badRequest, conflict, notFound } from "../lib/app-error.ts";
import { randomToken } from "../lib/secrets.ts";
import { liveSite } from "../maintenance/versions.ts";
import { orderColumns } from "../orders/orders-table.ts";
import { type MailParts, sendBookingMails, sendCancelledMail } from "./booking-mails.ts";
import { bookingIncluded, sealedTokenIs, settingsRow } from "./booking-settings.ts";
import { cancelConfirmedBooking, insertBooking } from "./bookings-table.ts";
import { type Busy, daySlots, isFreeSlot } from "./slots.ts";
import { addDays, wallClock } from "./zoned-time.ts";

const uuid = z.uuid();

/** The live Business site of a subdomain, or a French 404: what every public booking route needs. */
export async function bookableSite(ctx: Pick<Context, "db">, subdomain: string): Promise<Order> {
  const [row] = await ctx.db
    .select({ order: orderColumns })
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id))
    .where(and(eq(sites.name, subdomain), liveSite));
  if (!row || !bookingIncluded(row.order)) throw notFound(BOOKING_MESSAGES.noBooking);
  return row.order;
}

/** Confirmed bookings of a site that overlap [from, to). */
async function busyBetween(db: Db, orderId: string, from: Date, to: Date): Promise<Busy[]> {
  return db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.orderId, orderId),
        eq(bookings.status, "confirmed"),
        lt(bookings.startsAt, to),
        gt(bookings.endsAt, from),
      ),
    );
}

function service(settings: BookingSettings, index: number) {
  const found = settings.services[index];
  if (!found) throw badRequest(BOOKING_MESSAGES.unknownService);
  return found;
}

/** What the widget shows first: the business, its services, and where its week starts. */
export async function publicBookingInfo(
  ctx: Pick<Context, "db" | "secrets">,
  order: Order,
): Promise<BookingSiteInfo> {
  const { settings } = await settingsRow(ctx, ctx.db, order.id);
  return {
    business: order.companyName?.trim() || order.subdomain,
    time_zone: settings.time_zone,
    services: settings.services,
    today: wallClock(new Date(), settings.time_zone).date,
  };
}

/** Seven days of free slots from `from` (the business's today by default), by day. */
export async function freeSlots(
  ctx: Pick<Context, "db" | "secrets">,
  order: Order,
  serviceIndex: number,
  from: string | undefined,
  now = new Date(),
): Promise<FreeSlots> {
  const { settings } = await settingsRow(ctx, ctx.db, order.id);
  const { minutes } = service(settings, serviceIndex);
  const today = wallClock(now, settings.time_zone).date;
  const first = from && from > today ? from : today;
  const days = Array.from({ length: 7 }, (_, i) => addDays(first, i));
  // A day on any clock lies within 14 hours of the same UTC day: the bookings of that span cover it.
  const busy = await busyBetween(
    ctx.db,
    order.id,
    new Date(Date.parse(`${first}T00:00:00Z`) - 14 * 3_600_000),
    new Date(Date.parse(`${addDays(first, 8)}T00:00:00Z`) + 14 * 3_600_000),
  );
  return {
    days: days.map((date) => ({
      date,
      slots: daySlots(settings, date, minutes, busy, now).map((s) => s.startsAt.toISOString()),
    })),
    next: addDays(first, 7),
    last: addDays(today, settings.horizon_days),
  };
}

/**
 * Books a slot for a visitor. Under a lock on the site's settings row, so two visitors who ask for
 * overlapping times at once are served one after the other: the second finds the first's booking
 * and gets a French 409. The slot must be one the settings offer now.
 */
export async function bookSlot(
  ctx: MailParts,
  order: Order,
  input: z.output<typeof NewBooking>,
  now = new Date(),
): Promise<{ booking: Booking; token: string }> {
  const startsAt = new Date(input.starts_at);
  const token = randomToken();
  const booking = await ctx.db.transaction(async (tx) => {
    const { settings } = await settingsRow(ctx, tx, order.id, { lock: true });
    const chosen = service(settings, input.service);
    const endsAt = new Date(startsAt.getTime() + chosen.minutes * 60_000);
    if (!isFreeSlot(settings, startsAt, chosen.minutes, [], now))
      throw badRequest(BOOKING_MESSAGES.slotUnavailable);
    const busy = await busyBetween(tx, order.id, startsAt, endsAt);
    if (busy.length > 0) throw conflict(BOOKING_MESSAGES.slotTaken);
    return insertBooking(tx, {
      orderId: order.id,
      service: chosen.name,
      priceCents: chosen.price_cents,
      startsAt,
      endsAt,
      timeZone: settings.time_zone,
      name: input.name,
      email: input.email,
      phone: input.phone,
      note: input.note,
      cancelTokenEnc: ctx.secrets.seal(token),
    });
  });
  await sendBookingMails(ctx, order, booking, token);
  return { booking, token };
}

/** The booking a cancel link names, when its token is right (compared in constant time). */
async function linkedBooking(ctx: Pick<Context, "db" | "secrets">, bookingId: string, token: string) {
  const id = uuid.safeParse(bookingId);
  const [row] = id.success
    ? await ctx.db
        .select({ booking: bookings, order: orderColumns })
        .from(bookings)
        .innerJoin(orders, eq(orders.id, bookings.orderId))
        .innerJoin(sites, eq(sites.orderId, orders.id))
        .where(eq(bookings.id, id.data))
    : [];
  const right = sealedTokenIs(ctx, row?.booking.cancelTokenEnc, token);
  if (!row || !right) throw notFound(BOOKING_MESSAGES.cancelInvalid);
  return row;
}

/** What the cancel page shows before the visitor confirms. */
export async function cancelPreview(ctx: Pick<Context, "db" | "secrets">, bookingId: string, token: string) {
  const { booking, order } = await linkedBooking(ctx, bookingId, token);
  return { booking, order };
}

/** The visitor cancels: the slot is free again and the business is told. Twice is harmless. */
export async function cancelBooking(ctx: MailParts, bookingId: string, token: string, now = new Date()) {
  const { booking, order } = await linkedBooking(ctx, bookingId, token);
  if (booking.status === "cancelled") return { already: true };
  if (booking.startsAt <= now) throw badRequest(BOOKING_MESSAGES.past);
  const changed = await cancelConfirmedBooking(ctx.db, booking.id, now);
  if (changed) await sendCancelledMail(ctx, order, changed);
  return { already: !changed };
}

export function bookingView(b: Booking): BookingView {
  return {
    id: b.id,
    service: b.service,
    starts_at: b.startsAt.toISOString(),
    ends_at: b.endsAt.toISOString(),
    name: b.name,
    email: b.email,
    phone: b.phone,
    note: b.note,
    status: b.status,
  };
}

/** The order page's list: from the start of today on, soonest first, at most 500. */
export async function upcomingBookings(
  ctx: Pick<Context, "db">,
  order: Order,
  now = new Date(),
): Promise<Booking[]> {
  return ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.orderId, order.id), gt(bookings.endsAt, new Date(now.getTime() - 86_400_000))))
    .orderBy(asc(bookings.startsAt))
    .limit(500);
}
