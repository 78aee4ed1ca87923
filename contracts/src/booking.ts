/**
 * Online booking (Business), zod-free: the browser imports this module, the server validates with
 * booking-schemas.ts. Times of day are "HH:MM" on the business's own clock; dates "YYYY-MM-DD".
 */

/** What a visitor books: its name, how long it takes, its price (null: not shown). */
export interface BookingService {
  name: string;
  minutes: number;
  price_cents: number | null;
}

/** A pause inside a day's opening (lunch): no slot overlaps it. */
export interface TimeRange {
  start: string;
  end: string;
}

/** A day's opening: from `open` to `close`, less its breaks. Null in the week: closed. */
export interface DayHours {
  open: string;
  close: string;
  breaks: TimeRange[];
}

export interface BookingSettings {
  /** IANA time zone of the business: slots are its wall clock (Indian/Reunion by default). */
  time_zone: string;
  services: BookingService[];
  /** Monday first, seven days. */
  week: (DayHours | null)[];
  /** Closed dates (holidays, leave), YYYY-MM-DD. */
  days_off: string[];
  /** No slot starts sooner than this after the visitor books. */
  min_notice_minutes: number;
  /** How far ahead visitors may book. */
  horizon_days: number;
}

/** Monday first, as the week of the settings. */
export const WEEKDAYS = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"];

export const BOOKING_TIME_ZONE = "Indian/Reunion";

/** The time zones a business may pick: La Réunion, the other overseas territories, mainland France. */
export const BOOKING_TIME_ZONES: { id: string; label: string }[] = [
  { id: "Indian/Reunion", label: "La Réunion (UTC+4)" },
  { id: "Indian/Mayotte", label: "Mayotte (UTC+3)" },
  { id: "Europe/Paris", label: "France métropolitaine (heure de Paris)" },
  { id: "America/Guadeloupe", label: "Guadeloupe (UTC−4)" },
  { id: "America/Martinique", label: "Martinique (UTC−4)" },
  { id: "America/Cayenne", label: "Guyane (UTC−3)" },
];

const WORKDAY: DayHours = { open: "08:00", close: "17:00", breaks: [{ start: "12:00", end: "13:30" }] };

/** A new Business site is bookable without any setting: Monday to Friday 8:00–12:00 and 13:30–17:00. */
export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  time_zone: BOOKING_TIME_ZONE,
  services: [{ name: "Rendez-vous", minutes: 30, price_cents: null }],
  week: [WORKDAY, WORKDAY, WORKDAY, WORKDAY, WORKDAY, null, null],
  days_off: [],
  min_notice_minutes: 120,
  horizon_days: 60,
};

export const BOOKING_LIMITS = {
  services: 20,
  breaks: 4,
  daysOff: 200,
  serviceMinutes: { min: 5, max: 480 },
  noticeMinutes: { max: 30 * 24 * 60 },
  horizonDays: { min: 1, max: 365 },
} as const;

export const BOOKING_MESSAGES = {
  slotTaken: "Ce créneau vient d'être réservé par quelqu'un d'autre : choisissez-en un autre.",
  slotUnavailable: "Ce créneau n'est pas proposé : choisissez un créneau de la liste.",
  unknownService: "Prestation inconnue : choisissez une prestation de la liste.",
  noBooking: "Réservation en ligne indisponible pour ce site.",
  cancelInvalid: "Lien d'annulation invalide ou expiré.",
  cancelled: "Votre rendez-vous est annulé. L'entreprise en est prévenue.",
  alreadyCancelled: "Ce rendez-vous était déjà annulé.",
  past: "Ce rendez-vous est passé : il ne peut plus être annulé en ligne.",
} as const;

/** What the order page of a Starter or Libre site says instead of the settings. */
export const BOOKING_PREVIEW =
  "Avec la formule Business, vos clients prennent rendez-vous sur votre site, page « Réservation » : vos prestations, vos horaires, vos pauses et vos jours de fermeture, prêts sans réglage. Chaque réservation vous arrive par e-mail, le client reçoit une confirmation avec une invitation d'agenda et un lien pour annuler, puis un rappel la veille. Vos rendez-vous s'affichent ici dans une liste et un calendrier, et dans l'agenda de votre téléphone.";

/** "08:00" → 480 */
export function minutesOf(time: string): number {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return h * 60 + m;
}

/** 480 → "08:00" */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** "8 h 30", "14 h" */
export function frenchTime(time: string): string {
  const [h, m] = time.split(":");
  return m === "00" ? `${Number(h)} h` : `${Number(h)} h ${m}`;
}
