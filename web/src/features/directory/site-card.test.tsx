import type { DirectorySite } from "@lagon/contracts/directory-schemas";
import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SiteCard } from "./site-card";

const site: DirectorySite = {
  subdomain: "boulangerie-payet",
  company_name: "Boulangerie Payet",
  city: "Saint-Paul",
  category: "Commerce / Retail",
  country: "La Réunion",
  url: "http://boulangerie-payet.localhost:8080",
  has_koza: false,
  created_at: "2026-11-22T09:00:00Z",
  screenshot_url: "/api/directory/screenshots/boulangerie-payet.webp?v=1",
};

describe("SiteCard", () => {
  it("shows the site's screenshot when it has one", () => {
    const { container } = render(<SiteCard site={site} />);
    expect(container.querySelector(".site-thumb img")?.getAttribute("src")).toBe(site.screenshot_url);
    expect(container.querySelector(".site-placeholder")).toBeNull();
  });

  it("shows the placeholder with the name until there is one", () => {
    const { container } = render(<SiteCard site={{ ...site, screenshot_url: null }} />);
    expect(container.querySelector(".site-thumb img")).toBeNull();
    expect(container.querySelector(".site-placeholder")?.textContent).toBe("Boulangerie Payet");
  });

  it("falls back to the placeholder when the screenshot does not load", () => {
    const { container } = render(<SiteCard site={site} />);
    fireEvent.error(container.querySelector(".site-thumb img") as HTMLImageElement);
    expect(container.querySelector(".site-thumb img")).toBeNull();
    expect(container.querySelector(".site-placeholder")?.textContent).toBe("Boulangerie Payet");
  });
});
