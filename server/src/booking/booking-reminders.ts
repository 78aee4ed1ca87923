import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import { type Booking, bookings, orders, sites } from "../db/schema.ts";
import { defineJob } from "../jobs/job-queue.ts";
import { orderColumns } from "../orders/orders-table.ts";
import { type MailParts, sendReminder } from "./booking-mails.ts";
import { claimBookingReminder, releaseBookingReminder } from "./bookings-table.ts";
import { addDays, wallClock } from "./zoned-time.ts";

/** Reminders leave from this time of the business's day before (10:00). */
const REMINDER_FROM_MINUTES = 10 * 60;

/**
 * Whether a booking's reminder is due at `now`: it is tomorrow on the business's clock, today is
 * past 10:00 there, and it was booked more than a day ahead (a booking made the day before needs
 * no reminder of itself).
 */
export function reminderDue(b: Pick<Booking, "startsAt" | "createdAt" | "timeZone">, now: Date): boolean {
  const today = wallClock(now, b.timeZone);
  return (
    wallClock(b.startsAt, b.timeZone).date === addDays(today.date, 1) &&
    today.minutes >= REMINDER_FROM_MINUTES &&
    b.startsAt.getTime() - b.createdAt.getTime() > 86_400_000
  );
}

/**
 * Sends the day-before reminders. Each is claimed first (`reminder_sent_at` set where it was
 * null, one statement), then its e-mail queued: a run that overlaps another, or runs again, sends
 * none twice; one whose e-mail could not be queued is released for the next run.
 */
export async function sendDueReminders(ctx: MailParts, now = new Date()): Promise<number> {
  const candidates = await ctx.db
    .select({ booking: bookings, order: orderColumns })
    .from(bookings)
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .where(
      and(
        eq(bookings.status, "confirmed"),
        isNull(bookings.reminderSentAt),
        gt(bookings.startsAt, now),
        lt(bookings.startsAt, new Date(now.getTime() + 2 * 86_400_000)),
      ),
    );
  let sent = 0;
  for (const { booking, order } of candidates) {
    if (!reminderDue(booking, now)) continue;
    const claimed = await claimBookingReminder(ctx.db, booking.id, now);
    if (!claimed) continue;
    try {
      await sendReminder(ctx, order, claimed, ctx.secrets.open(claimed.cancelTokenEnc));
    } catch (err) {
      // Not queued: the next run tries again.
      await releaseBookingReminder(ctx.db, claimed.id);
      throw err;
    }
    sent += 1;
  }
  return sent;
}

/** Every quarter of an hour: the day-before reminders that are due. */
export const bookingRemindersJob = defineJob({
  name: "booking-reminders",
  payload: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 600,
  cron: () => "*/15 * * * *",
  async handle(_payload, ctx) {
    const sent = await sendDueReminders(ctx);
    if (sent > 0) ctx.log.info({ sent }, "booking reminders queued");
  },
});
