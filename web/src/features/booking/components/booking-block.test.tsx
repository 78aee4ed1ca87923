import { DEFAULT_BOOKING_SETTINGS } from "@lagon/contracts/booking";
import type { BookingOverview } from "@lagon/contracts/booking-schemas";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BookingBlock } from "./booking-block";

const ORDER = "0b7c2d8e-1111-4222-8333-444455556666";
const BASE = `/api/order/${ORDER}/booking`;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
inTwoDays.setUTCHours(5, 0, 0, 0); // 9:00 in La Réunion

const BUSINESS: BookingOverview = {
  included: true,
  settings: structuredClone(DEFAULT_BOOKING_SETTINGS),
  bookings: [
    {
      id: "b1",
      service: "Rendez-vous",
      starts_at: inTwoDays.toISOString(),
      ends_at: new Date(inTwoDays.getTime() + 30 * 60_000).toISOString(),
      name: "Marie Hoarau",
      email: "marie@example.re",
      phone: "0692 11 22 33",
      note: "",
      status: "confirmed",
    },
  ],
  feed_url: `http://localhost:3000/api/booking/feed/${ORDER}/secret.ics`,
  page_url: "http://fleurs.localhost:8080/reservation/",
};

function api(answers: Record<string, (init?: RequestInit) => Response>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${url.replace(/\?token=jeton$/, "")}`;
    const answer = answers[key];
    if (!answer) throw new Error(`unexpected ${key}`);
    return answer(init);
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe("BookingBlock", () => {
  it("lists a Business site's upcoming bookings, shows them in the week and gives the phone's feed", async () => {
    api({ [`GET ${BASE}`]: () => json(BUSINESS) });
    render(<BookingBlock orderId={ORDER} token="jeton" />);
    const list = (await screen.findByRole("heading", { name: "Prochains rendez-vous" }))
      .parentElement as HTMLElement;
    expect(within(list).getByText(/à 09:00/)).toBeTruthy();
    expect(within(list).getByRole("link", { name: "marie@example.re" }).getAttribute("href")).toBe(
      "mailto:marie@example.re",
    );
    expect(screen.getByRole("link", { name: "Réservation de votre site" }).getAttribute("href")).toBe(
      BUSINESS.included ? BUSINESS.page_url : "",
    );
    const week = screen.getByRole("list", { name: /Semaine du/ });
    // The booking is in this week or the next.
    if (!within(week).queryByText(/Marie Hoarau/))
      fireEvent.click(screen.getByRole("button", { name: "Semaine suivante" }));
    expect(
      within(screen.getByRole("list", { name: /Semaine du/ })).getByText(/09:00 Marie Hoarau/),
    ).toBeTruthy();
    expect((screen.getByLabelText("Adresse de votre agenda") as HTMLInputElement).value).toContain(
      "/secret.ics",
    );
  });

  it("says a day gone by is past, not free", async () => {
    // Thursday 26 November 2026, 10:00 in La Réunion: Monday to Wednesday are gone.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-26T06:00:00Z"));
    api({ [`GET ${BASE}`]: () => json({ ...BUSINESS, bookings: [] }) });
    render(<BookingBlock orderId={ORDER} token="jeton" />);
    const week = await screen.findByRole("list", { name: /Semaine du/ });
    const days = within(week)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(days).toEqual([
      "lun. 23 nov.Passé",
      "mar. 24 nov.Passé",
      "mer. 25 nov.Passé",
      "jeu. 26 nov.Libre",
      "ven. 27 nov.Libre",
      "sam. 28 nov.Fermé",
      "dim. 29 nov.Fermé",
    ]);
  });

  it("saves the settings and shows the server's French refusal", async () => {
    let sent: unknown;
    api({
      [`GET ${BASE}`]: () => json(BUSINESS),
      [`PUT ${BASE}/settings`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return (sent as { services: { minutes: unknown }[] }).services[0]?.minutes === null
          ? json({ detail: "Durée de la prestation : nombre de minutes attendu." }, 400)
          : json(BUSINESS);
      },
    });
    render(<BookingBlock orderId={ORDER} token="jeton" />);
    fireEvent.click(await screen.findByText("Prestations, horaires et jours de fermeture"));
    fireEvent.change(screen.getByLabelText("Durée (min)"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer les réglages" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Durée de la prestation : nombre de minutes attendu.",
    );

    fireEvent.change(screen.getByLabelText("Durée (min)"), { target: { value: "45" } });
    fireEvent.change(screen.getByLabelText("Prix (€, facultatif)"), { target: { value: "25,50" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "samedi" }));
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer les réglages" }));
    expect((await screen.findByRole("status")).textContent).toMatch(/Réglages enregistrés/);
    expect(sent).toMatchObject({
      services: [{ name: "Rendez-vous", minutes: 45, price_cents: 2550 }],
      min_notice_minutes: 120,
      horizon_days: 60,
    });
    expect((sent as { week: unknown[] }).week[5]).toMatchObject({ open: "08:00", close: "17:00" });
  });

  it("tells a Starter site what Business gives", async () => {
    api({ [`GET ${BASE}`]: () => json({ included: false }) });
    render(<BookingBlock orderId={ORDER} token="jeton" />);
    expect(
      await screen.findByText(/Avec la formule Business, vos clients prennent rendez-vous/),
    ).toBeTruthy();
  });
});
