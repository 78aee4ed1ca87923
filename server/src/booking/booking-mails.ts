import { BOOKING_TIME_ZONE, BOOKING_TIME_ZONES } from "@lagon/contracts/booking";
import type { Context } from "../context.ts";
import type { Booking, Order } from "../db/schema.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { magicLinkUrl } from "../orders/magic-link.ts";
import { siteUrlOf } from "../sites/site-of.ts";
import { calendarFile } from "./booking-ics.ts";

/** What the booking e-mails use of the context: the database, the mail queue, the site's address. */
export type MailParts = Pick<Context, "db" | "queue" | "config" | "secrets" | "wordpress">;

const whenFormats = new Map<string, Intl.DateTimeFormat>();

/** "mardi 1 décembre 2026 à 08:00", on the business's clock (its zone named when not La Réunion's). */
export function bookingWhen(at: Date, timeZone: string): string {
  let f = whenFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("fr-FR", {
      timeZone,
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    });
    whenFormats.set(timeZone, f);
  }
  const zone = BOOKING_TIME_ZONES.find((z) => z.id === timeZone)?.label.replace(/ \(.*\)$/, "");
  return timeZone === BOOKING_TIME_ZONE ? f.format(at) : `${f.format(at)} (${zone ?? timeZone})`;
}

export const businessName = (order: Order) => order.companyName?.trim() || order.subdomain;

/** The visitor's page that cancels a booking (a button there, never the GET itself). */
export const cancelUrl = (ctx: Pick<Context, "config">, bookingId: string, token: string) =>
  `${ctx.config.PUBLIC_URL}/reservation/annuler?b=${bookingId}&t=${encodeURIComponent(token)}`;

/** The invitation a visitor gets: the appointment in the business's own time zone. */
export function invitation(
  ctx: Pick<Context, "config">,
  order: Order,
  booking: Booking,
  siteUrl: string,
): string {
  return calendarFile({
    name: businessName(order),
    timeZone: booking.timeZone,
    method: "REQUEST",
    events: [
      {
        uid: `${booking.id}@${new URL(ctx.config.PUBLIC_URL).hostname}`,
        startsAt: booking.startsAt,
        endsAt: booking.endsAt,
        summary: `${booking.service} – ${businessName(order)}`,
        description: `Rendez-vous pris sur ${siteUrl}`,
        location: order.city ?? "",
        organizer: { name: businessName(order), email: order.customerEmail },
        attendee: { name: booking.name, email: booking.email },
      },
    ],
  });
}

async function vars(
  ctx: Pick<Context, "db" | "wordpress">,
  order: Order,
  booking: Booking,
): Promise<Record<string, string>> {
  return {
    visitor_name: booking.name,
    business_name: businessName(order),
    service: booking.service,
    when: bookingWhen(booking.startsAt, booking.timeZone),
    site_url: await siteUrlOf(ctx, order),
    business_contact: order.customerPhone
      ? `${order.customerEmail}, ${order.customerPhone}`
      : order.customerEmail,
  };
}

/** A new booking: the visitor's confirmation with its invitation and cancel link; the business's notice. */
export async function sendBookingMails(ctx: MailParts, order: Order, booking: Booking, token: string) {
  const common = await vars(ctx, order, booking);
  await queueEmail(ctx, {
    template: "booking_confirmed",
    to: booking.email,
    orderId: order.id,
    vars: { ...common, cancel_url: cancelUrl(ctx, booking.id, token) },
    attachments: [
      {
        filename: "rendez-vous.ics",
        contentType: "text/calendar; charset=utf-8; method=REQUEST",
        content: invitation(ctx, order, booking, common.site_url as string),
      },
    ],
  });
  await queueEmail(ctx, {
    template: "booking_new_business",
    to: order.customerEmail,
    orderId: order.id,
    vars: {
      ...common,
      visitor_email: booking.email,
      visitor_phone: booking.phone || "non indiqué",
      visitor_note: booking.note || "aucun",
      magic_link: magicLinkUrl(ctx, order),
    },
  });
}

/** The day before: the visitor's reminder, with the cancel link again. */
export async function sendReminder(ctx: MailParts, order: Order, booking: Booking, token: string) {
  await queueEmail(ctx, {
    template: "booking_reminder",
    to: booking.email,
    orderId: order.id,
    vars: { ...(await vars(ctx, order, booking)), cancel_url: cancelUrl(ctx, booking.id, token) },
  });
}

export async function sendCancelledMail(ctx: MailParts, order: Order, booking: Booking) {
  await queueEmail(ctx, {
    template: "booking_cancelled_business",
    to: order.customerEmail,
    orderId: order.id,
    vars: {
      ...(await vars(ctx, order, booking)),
      visitor_email: booking.email,
      magic_link: magicLinkUrl(ctx, order),
    },
  });
}
