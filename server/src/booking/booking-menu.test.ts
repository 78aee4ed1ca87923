import { describe, expect, it } from "vitest";
import { navigationLinks, withBookingPage } from "../koza/theme-parts.ts";
import { withPageLink } from "./booking-site-page.ts";

const page = (id: number, title: string) => ({ id, title, link: `http://zoe.localhost/${id}/` });
const KOZA = [
  page(1, "Accueil"),
  page(2, "À propos"),
  page(3, "Services"),
  page(4, "Réalisations"),
  page(5, "Contact"),
];
const labels = (menu: string) => [...menu.matchAll(/"label":"([^"]+)"/g)].map((m) => m[1]);
const WITH_BOOKING = ["Accueil", "À propos", "Services", "Réalisations", "Réservation", "Contact"];

describe("the Réservation page in a site's menus", () => {
  it("comes before Contact in Koza's menu, once", () => {
    const booking = page(9, "Réservation");
    const menu = withBookingPage(KOZA, booking);
    expect(menu.map((p) => p.title)).toEqual(WITH_BOOKING);
    expect(withBookingPage(menu, booking)).toEqual(menu);
  });

  it("is added to a menu Koza wrote before the plan had booking, before Contact, and only once", () => {
    const booking = page(9, "Réservation");
    const linked = withPageLink(navigationLinks(KOZA), booking, { id: 5 });
    expect(labels(linked)).toEqual(WITH_BOOKING);
    expect(linked).toContain('"id":9,"url":"http://zoe.localhost/9/"');
    expect(withPageLink(linked, booking, { id: 5 })).toBe(linked);
    // The installer's menu has no Contact page of Koza's: the link goes last.
    expect(labels(withPageLink(navigationLinks(KOZA.slice(0, 2)), booking))).toEqual([
      "Accueil",
      "À propos",
      "Réservation",
    ]);
  });
});
