import { z } from "zod";
import { BOOKING_LIMITS, BOOKING_TIME_ZONES, minutesOf, WEEKDAYS } from "./booking.ts";

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

/** POST /api/booking/cancel: the visitor's link. */
export const CancelBooking = z.object({
  booking_id: z.uuid("Lien d'annulation invalide ou expiré."),
  token: z.string("Lien d'annulation invalide ou expiré.").min(1).max(200),
});

/** A booking as the order page lists it. */
export interface BookingView {
  id: string;
  service: string;
  starts_at: string;
  ends_at: string;
  name: string;
  email: string;
  phone: string;
  note: string;
  status: "confirmed" | "cancelled";
}

/** GET /api/order/{id}/booking: the order page's "Réservations". */
export type BookingOverview =
  | { included: false }
  | {
      included: true;
      settings: z.output<typeof BookingSettings>;
      /** Upcoming, soonest first (cancelled ones of the coming days included, marked). */
      bookings: BookingView[];
      /** The private calendar feed for the business's phone. */
      feed_url: string;
      /** The site's "Réservation" page. */
      page_url: string;
    };
