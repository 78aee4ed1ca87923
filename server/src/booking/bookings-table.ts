import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type Booking, bookings } from "../db/schema.ts";

/**
 * The data access of `bookings`, the appointments visitors book on a site (decision 0057). Every
 * write to the table is here (docs/architecture.md, data-access.test.ts).
 */

/** Records a booking. */
export async function insertBooking(db: Db, values: typeof bookings.$inferInsert): Promise<Booking> {
  const [made] = await db.insert(bookings).values(values).returning();
  return made as Booking;
}

/** Cancels a booking still confirmed; answers it when this call did. */
export async function cancelConfirmedBooking(
  db: Db,
  bookingId: string,
  at: Date,
): Promise<Booking | undefined> {
  const [changed] = await db
    .update(bookings)
    .set({ status: "cancelled", cancelledAt: at })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, "confirmed")))
    .returning();
  return changed;
}

/** Claims a confirmed booking's reminder (dates it now): of two runs, one gets it. */
export async function claimBookingReminder(
  db: Db,
  bookingId: string,
  at: Date,
): Promise<Booking | undefined> {
  const [claimed] = await db
    .update(bookings)
    .set({ reminderSentAt: at })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.reminderSentAt), eq(bookings.status, "confirmed")))
    .returning();
  return claimed;
}

/** Gives a reminder that could not be sent back to the next run. */
export async function releaseBookingReminder(db: Db, bookingId: string): Promise<void> {
  await db.update(bookings).set({ reminderSentAt: null }).where(eq(bookings.id, bookingId));
}
