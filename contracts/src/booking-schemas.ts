import { z } from "zod";
import {
  BOOKING_LIMITS,
  BOOKING_TIME_ZONES,
  type BookingService as BookingServiceShape,
  type BookingSettings as BookingSettingsShape,
  minutesOf,
  WEEKDAYS,
} from "./booking.ts";

const time = (label: string) =>
  z
    .string({ error: `${label} : heure attendue (HH:MM).` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} : heure attendue (HH:MM, par exemple 08:30).`);

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Date attendue au format AAAA-MM-JJ.")
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    "Date invalide.",
  );

export const BookingService = z.object({
  name: z
    .string({ error: "Nom de la prestation : champ obligatoire." })
    .trim()
    .min(1, "Nom de la prestation : champ obligatoire.")
    .max(80, "Nom de la prestation : 80 caractères au maximum."),
  minutes: z
    .number({ error: "Durée de la prestation : nombre de minutes attendu." })
    .int("Durée de la prestation : nombre entier de minutes.")
    .min(
      BOOKING_LIMITS.serviceMinutes.min,
      `Durée de la prestation : ${BOOKING_LIMITS.serviceMinutes.min} minutes au moins.`,
    )
    .max(BOOKING_LIMITS.serviceMinutes.max, "Durée de la prestation : 8 heures au plus."),
  price_cents: z
    .number({ error: "Prix : montant en centimes attendu." })
    .int("Prix : montant en centimes attendu.")
    .min(0, "Prix : montant positif attendu.")
    .max(10_000_000, "Prix : 100 000 € au plus.")
    .nullable(),
});

export const DayHours = z
  .object({
    open: time("Ouverture"),
    close: time("Fermeture"),
    breaks: z
      .array(z.object({ start: time("Début de pause"), end: time("Fin de pause") }))
      .max(BOOKING_LIMITS.breaks, `${BOOKING_LIMITS.breaks} pauses par jour au plus.`),
  })
  .superRefine((day, issue) => {
    const open = minutesOf(day.open);
    const close = minutesOf(day.close);
    if (close <= open) issue.addIssue({ code: "custom", message: "La fermeture doit suivre l'ouverture." });
    const breaks = [...day.breaks].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    let previousEnd = open;
    for (const b of breaks) {
      const start = minutesOf(b.start);
      const end = minutesOf(b.end);
      if (end <= start) issue.addIssue({ code: "custom", message: "Une pause doit finir après son début." });
      else if (start < previousEnd || end > close)
        issue.addIssue({
          code: "custom",
          message: "Les pauses doivent être dans les horaires d'ouverture, sans se chevaucher.",
        });
      previousEnd = Math.max(previousEnd, end);
    }
  });

export const BookingSettings = z.object({
  time_zone: z.enum(BOOKING_TIME_ZONES.map((z) => z.id) as [string, ...string[]], "Fuseau horaire inconnu."),
  services: z
    .array(BookingService)
    .min(1, "Proposez au moins une prestation.")
    .max(BOOKING_LIMITS.services, `${BOOKING_LIMITS.services} prestations au plus.`)
    .refine(
      (list) => new Set(list.map((s) => s.name.toLowerCase())).size === list.length,
      "Deux prestations portent le même nom.",
    ),
  week: z
    .array(DayHours.nullable())
    .length(7, `Horaires attendus pour les 7 jours (${WEEKDAYS.join(", ")}).`)
    .refine((week) => week.some((d) => d !== null), "Ouvrez au moins un jour par semaine."),
  days_off: z
    .array(isoDate)
    .max(BOOKING_LIMITS.daysOff, `${BOOKING_LIMITS.daysOff} jours de fermeture au plus.`)
    .transform((days) => [...new Set(days)].sort()),
  min_notice_minutes: z
    .number({ error: "Délai de prévenance : nombre de minutes attendu." })
    .int("Délai de prévenance : nombre entier de minutes.")
    .min(0, "Délai de prévenance : positif ou nul.")
    .max(BOOKING_LIMITS.noticeMinutes.max, "Délai de prévenance : 30 jours au plus."),
  horizon_days: z
    .number({ error: "Réservation possible jusqu'à : nombre de jours attendu." })
    .int("Réservation possible jusqu'à : nombre entier de jours.")
    .min(BOOKING_LIMITS.horizonDays.min, "Réservation possible jusqu'à : 1 jour au moins.")
    .max(BOOKING_LIMITS.horizonDays.max, "Réservation possible jusqu'à : 365 jours au plus."),
});
export type BookingSettingsInput = z.input<typeof BookingSettings>;

/** GET /api/booking/{site}/slots?service=&from= : a week of free slots, by day. */
export const SlotsQuery = z.object({
  service: z.coerce
    .number("Prestation inconnue : choisissez une prestation de la liste.")
    .int("Prestation inconnue : choisissez une prestation de la liste.")
    .min(0, "Prestation inconnue : choisissez une prestation de la liste.")
    .default(0),
  from: isoDate.optional(),
});

/** POST /api/booking/{site}/bookings: a visitor's booking. */
export const NewBooking = z.object({
  service: z
    .number("Prestation inconnue : choisissez une prestation de la liste.")
    .int("Prestation inconnue : choisissez une prestation de la liste.")
    .min(0, "Prestation inconnue : choisissez une prestation de la liste."),
  starts_at: z.iso.datetime({ offset: true, error: "Créneau invalide : choisissez un créneau de la liste." }),
  name: z
    .string("Votre nom : champ obligatoire.")
    .trim()
    .min(1, "Votre nom : champ obligatoire.")
    .max(100, "Votre nom : 100 caractères au maximum."),
  email: z.string("Adresse e-mail invalide.").trim().pipe(z.email("Adresse e-mail invalide.")),
  phone: z.string().trim().max(40, "Téléphone : 40 caractères au maximum.").default(""),
  note: z.string().trim().max(1000, "Message : 1000 caractères au maximum.").default(""),
  captcha_token: z.string().max(5000).optional(),
});

/**
 * GET and POST /reservation/annuler?b=&t=: the visitor's cancel link (in the address, then in the
 * page's form). Missing parts are empty: the page answers a wrong link in French, as a wrong token.
 */
export const CancelLink = z.object({ b: z.string().max(40).default(""), t: z.string().max(200).default("") });

/** A public booking route's site: its subdomain (an unknown or non-Business one is a French 404). */
export const BookingSiteParams = z.object({ site: z.string().max(63) });

/** GET /api/booking/feed/{order}/{token}.ics: the token in the address is the credential. */
export const BookingFeedParams = z.object({ orderId: z.string().max(40), token: z.string().max(80) });

/*
 * The answers. Settings are answered as stored, with their shape only and none of the limits the
 * PUT checks: settings saved under older rules, or read from Koza's answers, are still shown (a
 * read never fails on stored data), and the owner's next save meets today's rules.
 */

const StoredService: z.ZodType<BookingServiceShape> = z.object({
  name: z.string(),
  minutes: z.number(),
  price_cents: z.number().nullable(),
});

/**
 * A site's booking settings as stored (booking_settings.settings). Typed by the stored shape
 * (booking.ts): a field added there and forgotten here fails the typecheck, not the page.
 */
export const StoredBookingSettings: z.ZodType<BookingSettingsShape> = z.object({
  time_zone: z.string(),
  services: z.array(StoredService),
  week: z.array(
    z
      .object({
        open: z.string(),
        close: z.string(),
        breaks: z.array(z.object({ start: z.string(), end: z.string() })),
      })
      .nullable(),
  ),
  days_off: z.array(z.string()),
  min_notice_minutes: z.number(),
  horizon_days: z.number(),
});

/** GET /api/booking/sites/{site}: what the widget shows first (the business, its services, its today). */
export const BookingSiteInfo = z.object({
  business: z.string(),
  time_zone: z.string(),
  services: z.array(StoredService),
  /** The business's date today (YYYY-MM-DD), on its own clock. */
  today: z.string(),
});
export type BookingSiteInfo = z.infer<typeof BookingSiteInfo>;

/** GET /api/booking/sites/{site}/slots: seven days of free slots (ISO instants), by day. */
export const FreeSlots = z.object({
  days: z.array(z.object({ date: z.string(), slots: z.array(z.string()) })),
  /** The first day of the next week. */
  next: z.string(),
  /** The last day visitors may book (the horizon). */
  last: z.string(),
});
export type FreeSlots = z.infer<typeof FreeSlots>;

/** POST /api/booking/sites/{site}/bookings, 201: the booking made. */
export const BookingMade = z.object({ id: z.string(), service: z.string(), starts_at: z.string() });
export type BookingMade = z.infer<typeof BookingMade>;

/** A booking as the order page lists it. */
export const BookingView = z.object({
  id: z.string(),
  service: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  note: z.string(),
  status: z.enum(["confirmed", "cancelled"]),
});
export type BookingView = z.infer<typeof BookingView>;

/** GET /api/order/{id}/booking (and the answer of its changes): the order page's "Réservations". */
export const BookingOverview = z.discriminatedUnion("included", [
  z.object({ included: z.literal(false) }),
  z.object({
    included: z.literal(true),
    settings: StoredBookingSettings,
    /** Upcoming, soonest first (cancelled ones of the coming days included, marked). */
    bookings: z.array(BookingView),
    /** The private calendar feed for the business's phone. */
    feed_url: z.string(),
    /** The site's "Réservation" page. */
    page_url: z.string(),
  }),
]);
export type BookingOverview = z.infer<typeof BookingOverview>;
