import { type BookingSettings, DEFAULT_BOOKING_SETTINGS } from "@lagon/contracts/booking";
import { KozaData } from "@lagon/contracts/koza-schemas";
import { desc, eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import type { Db } from "../db/database.ts";
import { type BookingSettingsRow, bookingSettings, kozaSubmissions, type Order } from "../db/schema.ts";
import { forbidden } from "../lib/app-error.ts";
import { randomToken, safeEqual } from "../lib/secrets.ts";
import { weekFromKozaHours } from "./koza-hours.ts";

/** Whether the site's plan includes online booking (Business). */
export const bookingIncluded = (order: Pick<Order, "planId">) => order.planId === "business";

function mustInclude(order: Order): void {
  if (!bookingIncluded(order))
    throw forbidden(
      "La réservation en ligne fait partie de la formule Business : changez de formule pour l'activer.",
    );
}

/**
 * A site's settings before its owner changes any: the defaults, with the week of Koza's
 * "Horaires" answer when there is one plain enough to read.
 */
export async function defaultSettings(db: Db, orderId: string): Promise<BookingSettings> {
  const [koza] = await db
    .select({ data: kozaSubmissions.data })
    .from(kozaSubmissions)
    .where(eq(kozaSubmissions.orderId, orderId))
    .orderBy(desc(kozaSubmissions.id))
    .limit(1);
  const answers = koza ? KozaData.safeParse(koza.data) : undefined;
  const week = answers?.success ? weekFromKozaHours(answers.data.contactInfo.hours) : null;
  return { ...structuredClone(DEFAULT_BOOKING_SETTINGS), ...(week ? { week } : {}) };
}

/** The site's settings row, written with the defaults the first time it is needed. */
export async function settingsRow(
  ctx: Pick<Context, "secrets">,
  db: Db,
  orderId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<BookingSettingsRow> {
  const read = () => {
    const q = db.select().from(bookingSettings).where(eq(bookingSettings.orderId, orderId));
    return lock ? q.for("update") : q;
  };
  const [row] = await read();
  if (row) return row;
  await db
    .insert(bookingSettings)
    .values({
      orderId,
      settings: await defaultSettings(db, orderId),
      feedTokenEnc: ctx.secrets.seal(randomToken()),
    })
    .onConflictDoNothing();
  const [made] = await read();
  if (!made) throw new Error("booking settings vanished");
  return made;
}

/**
 * Whether `token` is the sealed one, in constant time; with no sealed token (an unknown booking or
 * site) a fresh stand-in is compared instead, so the time says nothing of which case it was.
 */
export function sealedTokenIs(
  ctx: Pick<Context, "secrets">,
  sealed: string | undefined,
  token: string,
): boolean {
  return safeEqual(ctx.secrets.open(sealed ?? ctx.secrets.seal(randomToken())), token);
}

/** Saves settings the schema has checked. */
export async function saveSettings(
  ctx: Pick<Context, "db" | "secrets">,
  order: Order,
  settings: BookingSettings,
): Promise<void> {
  mustInclude(order);
  await settingsRow(ctx, ctx.db, order.id);
  await ctx.db
    .update(bookingSettings)
    .set({ settings, updatedAt: new Date() })
    .where(eq(bookingSettings.orderId, order.id));
}

/** A new feed token: the old feed address stops working at once. */
export async function renewFeedToken(ctx: Pick<Context, "db" | "secrets">, order: Order): Promise<void> {
  mustInclude(order);
  await settingsRow(ctx, ctx.db, order.id);
  await ctx.db
    .update(bookingSettings)
    .set({ feedTokenEnc: ctx.secrets.seal(randomToken()) })
    .where(eq(bookingSettings.orderId, order.id));
}
