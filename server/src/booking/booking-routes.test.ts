import { BOOKING_MESSAGES } from "@lagon/contracts/booking";
import { formatIsoDate } from "@lagon/contracts/french-date";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { solvedCaptcha } from "../../test/solve-captcha.ts";
import { createTestApp } from "../../test/test-context.ts";
import { bookingSettings, bookings, emailLog, kozaSubmissions } from "../db/schema.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { updateSite } from "../sites/sites-table.ts";
import { sendDueReminders } from "./booking-reminders.ts";
import { addDays } from "./zoned-time.ts";

describe("online booking through the API", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let address = 0;
  const from = () => `10.0.2.${++address}`;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** A live site of a plan (installed, online), with its order token. */
  async function givenSite(planId: "business" | "starter" = "business", koza?: string) {
    const id = await givenPaidOrder(t.ctx, { planId });
    await updateSite(t.ctx.db, id, { setup: "active", wpUsername: "admin" });
    if (koza !== undefined) {
      await t.ctx.db.insert(kozaSubmissions).values({
        orderId: id,
        files: [],
        data: {
          businessType: "Coiffure",
          businessName: "Salon Payet",
          businessDescription: "Un salon.",
          services: ["Coupe", "Couleur", "Brushing"],
          uniqueValue: "Le sourire.",
          contactInfo: {
            phone: "0262 00 00 00",
            email: "salon@example.re",
            address: "Saint-Paul",
            hours: koza,
          },
        },
      });
    }
    const order = await findShownOrder(t.ctx.db, id);
    if (!order) throw new Error("no order");
    return { order, sub: order.subdomain, token: magicLinkToken(t.ctx, order) };
  }

  const get = (url: string) => t.app.inject({ method: "GET", url, remoteAddress: from() });
  const post = (url: string, payload: object | string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, payload, headers, remoteAddress: from() });

  /**
   * The free slots of the seven days from tomorrow on La Réunion's clock, all of each day: from
   * today, a Saturday afternoon has no Saturday left (none until next week, past the seven days)
   * and the first slot is only just past the 2-hour notice, which a few seconds can cross.
   */
  async function firstSlots(sub: string, service = 0) {
    const from = addDays(formatIsoDate(new Date()), 1);
    const res = await get(`/api/booking/sites/${sub}/slots?service=${service}&from=${from}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().days as { date: string; slots: string[] }[]).flatMap((d) => d.slots);
  }

  const request = (sub: string, startsAt: string, captcha: string, over: object = {}) =>
    post(`/api/booking/sites/${sub}/bookings`, {
      service: 0,
      starts_at: startsAt,
      name: "Marie Hoarau",
      email: "marie@example.re",
      phone: "0692 11 22 33",
      note: "Première visite",
      captcha_token: captcha,
      ...over,
    });
  const book = async (sub: string, startsAt: string, over: object = {}) =>
    request(sub, startsAt, await solvedCaptcha(t.app), over);
  /** Solved captchas first, so that the bookings themselves leave all at once. */
  const captchas = (n: number) => Promise.all(Array.from({ length: n }, () => solvedCaptcha(t.app)));

  it("makes a new Business site bookable with no setting, open to the site's pages", async () => {
    const { sub } = await givenSite();
    const info = await get(`/api/booking/sites/${sub}`);
    expect(info.statusCode).toBe(200);
    expect(info.headers["access-control-allow-origin"]).toBe("*");
    expect(info.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(info.json()).toMatchObject({
      business: "Boulangerie Payet",
      time_zone: "Indian/Reunion",
      services: [{ name: "Rendez-vous", minutes: 30, price_cents: null }],
    });
    const slots = await firstSlots(sub);
    // Five working days of 15 slots: a week always holds them.
    expect(slots.length).toBeGreaterThanOrEqual(60);
    const times = new Set(
      slots.map((s) =>
        new Date(s).toLocaleTimeString("fr-FR", {
          timeZone: "Indian/Reunion",
          hour: "2-digit",
          minute: "2-digit",
        }),
      ),
    );
    expect(times.has("08:00")).toBe(true);
    expect(times.has("12:00")).toBe(false);
    expect(times.has("13:30")).toBe(true);
    expect(times.has("17:00")).toBe(false);

    const preflight = await t.app.inject({ method: "OPTIONS", url: `/api/booking/sites/${sub}/bookings` });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-headers"]).toBe("Content-Type");
    const widget = await get("/booking-widget/booking.js");
    expect(widget.statusCode).toBe(200);
    expect(widget.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(widget.body).toContain("lagon-booking");
  });

  it("takes its hours from Koza's answers when there are some", async () => {
    const { sub, order, token } = await givenSite("business", "Du mardi au samedi, 9h-12h et 14h-18h");
    const overview = (await get(`/api/order/${order.id}/booking?token=${token}`)).json();
    expect(overview.settings.week[0]).toBeNull();
    expect(overview.settings.week[5]).toEqual({
      open: "09:00",
      close: "18:00",
      breaks: [{ start: "12:00", end: "14:00" }],
    });
    const days = new Set(
      (await firstSlots(sub)).map((s) =>
        new Date(s).toLocaleDateString("fr-FR", { timeZone: "Indian/Reunion", weekday: "long" }),
      ),
    );
    expect(days.has("lundi")).toBe(false);
    expect(days.has("dimanche")).toBe(false);
    expect(days.has("samedi")).toBe(true);
  });

  it("books a slot, e-mails the visitor an invitation and the business a notice, and never books it twice", async () => {
    const { sub, order } = await givenSite();
    const [slot] = await firstSlots(sub);
    const res = await book(sub, slot as string);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), service: "Rendez-vous", starts_at: slot });
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(await firstSlots(sub)).not.toContain(slot);

    const again = await book(sub, slot as string, { email: "autre@example.re" });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(BOOKING_MESSAGES.slotTaken);

    const mails = await t.ctx.db.select().from(emailLog).where(eq(emailLog.orderId, order.id));
    expect(mails.map((m) => [m.template, m.recipient]).sort()).toEqual([
      ["booking_confirmed", "marie@example.re"],
      ["booking_new_business", order.customerEmail],
    ]);
    const confirmation = mails.find((m) => m.template === "booking_confirmed");
    const [ics] = JSON.parse(t.ctx.secrets.open(confirmation?.sealedAttachments as string));
    expect(ics.filename).toBe("rendez-vous.ics");
    expect(ics.content).toContain("METHOD:REQUEST");
    expect(ics.content).toContain("TZID:Indian/Reunion");
    expect(ics.content).toMatch(/DTSTART;TZID=Indian\/Reunion:\d{8}T\d{6}\r\n/);
    expect(ics.content).toContain('ATTENDEE;CN="Marie Hoarau"');
    // The admin's copy of the body masks the cancel link's token; the sealed body has it.
    expect(confirmation?.html).not.toMatch(/[?&]t=[\w-]{20,}/);
    expect(t.ctx.secrets.open(confirmation?.sealedHtml as string)).toMatch(
      /\/reservation\/annuler\?b=[0-9a-f-]{36}&amp;t=[\w-]{43}/,
    );
  });

  it("lets only one of many visitors who ask for the same time at once have it", async () => {
    const { sub, order } = await givenSite();
    const slot = (await firstSlots(sub))[3] as string;
    const solved = await captchas(6);
    const answers = await Promise.all(
      solved.map((c, i) => request(sub, slot, c, { email: `v${i}@example.re` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await t.ctx.db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses overlapping bookings of different lengths asked at once", async () => {
    const { sub, order, token } = await givenSite();
    const overview = (await get(`/api/order/${order.id}/booking?token=${token}`)).json();
    const settings = {
      ...overview.settings,
      services: [
        { name: "Coupe", minutes: 30, price_cents: 2500 },
        { name: "Couleur", minutes: 90, price_cents: 6000 },
      ],
    };
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/order/${order.id}/booking/settings?token=${token}`,
      payload: settings,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const long = (await firstSlots(sub, 1))[0] as string;
    const inside = new Date(new Date(long).getTime() + 60 * 60_000).toISOString();
    const [a, b] = await captchas(2);
    const answers = await Promise.all([
      request(sub, long, a as string, { service: 1 }),
      request(sub, inside, b as string, { service: 0, email: "autre@example.re" }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.orderId, order.id), eq(bookings.status, "confirmed")));
    expect(rows).toHaveLength(1);
  });

  it("answers bad input in French and books nothing", async () => {
    const { sub, order } = await givenSite();
    const [slot] = await firstSlots(sub);
    const cases: [object, number, string][] = [
      [{ captcha_token: undefined }, 400, "captcha"],
      [{ email: "pas-une-adresse" }, 400, "Adresse e-mail invalide."],
      [{ name: "" }, 400, "Votre nom : champ obligatoire."],
      [{ service: 5 }, 400, BOOKING_MESSAGES.unknownService],
      [
        { starts_at: new Date(new Date(slot as string).getTime() + 7 * 60_000).toISOString() },
        400,
        BOOKING_MESSAGES.slotUnavailable,
      ],
      [{ starts_at: "demain" }, 400, "Créneau invalide"],
    ];
    for (const [over, status, detail] of cases) {
      const res = await book(sub, slot as string, over);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().detail).toContain(detail);
    }
    const garbage = await post(`/api/booking/sites/${sub}/bookings`, "{not json", {
      "content-type": "application/json",
    });
    expect(garbage.statusCode).toBe(400);
    expect((await get(`/api/booking/sites/${sub}/slots?service=abc`)).statusCode).toBe(400);
    expect((await get(`/api/booking/sites/${sub}/slots?from=2026-13-45`)).statusCode).toBe(400);
    expect(await t.ctx.db.select().from(bookings).where(eq(bookings.orderId, order.id))).toEqual([]);

    const starter = await givenSite("starter");
    const refused = await get(`/api/booking/sites/${starter.sub}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(BOOKING_MESSAGES.noBooking);
    expect((await get("/api/booking/sites/inconnu/slots")).statusCode).toBe(404);
  });

  it("cancels from the visitor's link after a confirmation, frees the slot and tells the business", async () => {
    const { sub, order } = await givenSite();
    const [slot] = await firstSlots(sub);
    expect((await book(sub, slot as string)).statusCode).toBe(201);
    const [mail] = await t.ctx.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.orderId, order.id), eq(emailLog.template, "booking_confirmed")));
    const link = t.ctx.secrets
      .open(mail?.sealedHtml as string)
      .match(/\/reservation\/annuler\?b=([0-9a-f-]{36})&amp;t=([\w-]+)/);
    const [, id, token] = link as RegExpMatchArray;

    const wrong = await get(`/reservation/annuler?b=${id}&t=${"x".repeat(43)}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toContain(BOOKING_MESSAGES.cancelInvalid.replace("'", "&#39;"));
    expect((await get(`/reservation/annuler?b=pas-un-id&t=${token}`)).statusCode).toBe(404);

    // Opening the link only asks: a mail scanner that follows it cancels nothing.
    const page = await get(`/reservation/annuler?b=${id}&t=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Annuler mon rendez-vous");
    expect(page.headers["content-security-policy"]).toContain("form-action 'self'");
    const [row] = await t.ctx.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, id as string));
    expect(row?.status).toBe("confirmed");

    const form = { "content-type": "application/x-www-form-urlencoded" };
    const done = await post("/reservation/annuler", `b=${id}&t=${token}`, form);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(BOOKING_MESSAGES.cancelled);
    expect(await firstSlots(sub)).toContain(slot);
    const twice = await post("/reservation/annuler", `b=${id}&t=${token}`, form);
    expect(twice.body).toContain(BOOKING_MESSAGES.alreadyCancelled);
    const notices = await t.ctx.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.orderId, order.id), eq(emailLog.template, "booking_cancelled_business")));
    expect(notices).toHaveLength(1);
  });

  it("keeps the order page's part behind the token, checks settings in French and changes nothing on a refusal", async () => {
    const { order, token, sub } = await givenSite();
    const url = `/api/order/${order.id}/booking`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(`${url}?token=faux`)).statusCode).toBe(403);
    const noToken = await t.app.inject({
      method: "PUT",
      url: `${url}/settings`,
      payload: { junk: "x".repeat(10_000) },
    });
    expect(noToken.statusCode).toBe(401);

    const overview = (await get(`${url}?token=${token}`)).json();
    expect(overview).toMatchObject({
      included: true,
      bookings: [],
      page_url: expect.stringMatching(/\/reservation\/$/),
    });
    const bad = await t.app.inject({
      method: "PUT",
      url: `${url}/settings?token=${token}`,
      payload: { ...overview.settings, week: overview.settings.week.map(() => null) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain("Ouvrez au moins un jour par semaine.");
    expect((await get(`${url}?token=${token}`)).json().settings).toEqual(overview.settings);

    // Closed on every day but Saturday, with a day off: the slots follow.
    const saturday = { open: "09:00", close: "12:00", breaks: [] };
    const settings = { ...overview.settings, week: [null, null, null, null, null, saturday, null] };
    const saved = await t.app.inject({
      method: "PUT",
      url: `${url}/settings?token=${token}`,
      payload: settings,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const days = new Set(
      (await firstSlots(sub)).map((s) =>
        new Date(s).toLocaleDateString("fr-FR", { timeZone: "Indian/Reunion", weekday: "long" }),
      ),
    );
    expect([...days]).toEqual(["samedi"]);

    const starter = await givenSite("starter");
    expect((await get(`/api/order/${starter.order.id}/booking?token=${starter.token}`)).json()).toEqual({
      included: false,
    });
    const refused = await t.app.inject({
      method: "PUT",
      url: `/api/order/${starter.order.id}/booking/settings?token=${starter.token}`,
      payload: overview.settings,
    });
    expect(refused.statusCode).toBe(403);
  });

  it("answers stored settings whole, even ones today's form would refuse", async () => {
    const { order, token, sub } = await givenSite();
    const url = `/api/order/${order.id}/booking?token=${token}`;
    expect((await get(url)).statusCode).toBe(200);
    // Saved under other rules: a zone no longer offered, twin services, a break past closing, days off unsorted.
    const stored = {
      time_zone: "Pacific/Tahiti",
      services: [
        { name: "Coupe", minutes: 3, price_cents: 2500 },
        { name: "coupe", minutes: 30, price_cents: null },
      ],
      week: [
        { open: "09:00", close: "12:00", breaks: [{ start: "11:30", end: "12:30" }] },
        ...Array(6).fill(null),
      ],
      days_off: ["2027-01-02", "2027-01-01", "2027-01-01"],
      min_notice_minutes: 0,
      horizon_days: 400,
    };
    await t.ctx.db
      .update(bookingSettings)
      .set({ settings: stored })
      .where(eq(bookingSettings.orderId, order.id));

    const overview = await get(url);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().settings).toEqual(stored);
    const info = await get(`/api/booking/sites/${sub}`);
    expect(info.statusCode, info.body).toBe(200);
    expect(Object.keys(info.json()).sort()).toEqual(["business", "services", "time_zone", "today"]);
    expect(info.json()).toMatchObject({ time_zone: "Pacific/Tahiti", services: stored.services });
    const slots = await get(`/api/booking/sites/${sub}/slots`);
    expect(slots.statusCode, slots.body).toBe(200);
    expect(Object.keys(slots.json()).sort()).toEqual(["days", "last", "next"]);
  });

  it("gives the business a private calendar feed that a new address revokes", async () => {
    const { sub, order, token } = await givenSite();
    const [slot] = await firstSlots(sub);
    expect((await book(sub, slot as string)).statusCode).toBe(201);
    const { feed_url, bookings: listed } = (
      await get(`/api/order/${order.id}/booking?token=${token}`)
    ).json();
    expect(listed).toEqual([
      {
        id: expect.any(String),
        service: "Rendez-vous",
        starts_at: slot,
        ends_at: new Date(Date.parse(slot as string) + 30 * 60_000).toISOString(),
        name: "Marie Hoarau",
        email: "marie@example.re",
        phone: "0692 11 22 33",
        note: "Première visite",
        status: "confirmed",
      },
    ]);
    const path = new URL(feed_url).pathname;
    const feed = await get(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("text/calendar");
    expect(feed.body).toContain("SUMMARY:Rendez-vous – Marie Hoarau");
    expect(feed.body).toContain("BEGIN:VTIMEZONE");

    const renewed = await post(`/api/order/${order.id}/booking/feed?token=${token}`, {});
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().feed_url).not.toBe(feed_url);
    expect((await get(path)).statusCode).toBe(404);
    expect((await get(new URL(renewed.json().feed_url).pathname)).statusCode).toBe(200);
    expect((await get(`/api/booking/feed/pas-un-id/${"x".repeat(43)}.ics`)).statusCode).toBe(404);
  });

  it("sends each reminder the day before, once, however often the job runs", async () => {
    const { order } = await givenSite();
    // A booking made days ahead, for a time tomorrow on La Réunion's clock.
    const now = new Date("2026-12-01T08:00:00Z"); // 12:00 in La Réunion
    const startsAt = new Date("2026-12-02T05:00:00Z");
    await t.ctx.db.insert(bookings).values({
      orderId: order.id,
      service: "Rendez-vous",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      timeZone: "Indian/Reunion",
      name: "Paul Grondin",
      email: "paul@example.re",
      phone: "",
      note: "",
      cancelTokenEnc: t.ctx.secrets.seal("jeton"),
      createdAt: new Date("2026-11-25T08:00:00Z"),
    });
    const [first, second] = await Promise.all([sendDueReminders(t.ctx, now), sendDueReminders(t.ctx, now)]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    expect(await sendDueReminders(t.ctx, now)).toBe(0);
    const reminders = await t.ctx.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.orderId, order.id), eq(emailLog.template, "booking_reminder")));
    expect(reminders.map((r) => r.recipient)).toEqual(["paul@example.re"]);
    expect(reminders[0]?.subject).toContain("mercredi 2 décembre 2026 à 09:00");
  });
});
