import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { publicConfig } from "../../config/public-config";
import { Footer } from "./footer";

function renderFooter() {
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
}

const hrefOf = (name: string) => screen.getByRole("link", { name }).getAttribute("href");

describe("Footer", () => {
  it("links to the four service blocks", () => {
    renderFooter();
    expect(hrefOf("Création de site")).toBe("/services#creation-details");
    expect(hrefOf("E-commerce")).toBe("/services#ecommerce-details");
    expect(hrefOf("Maintenance")).toBe("/services#maintenance-details");
    expect(hrefOf("Support")).toBe("/services#support-details");
  });

  it("links to the company pages, the legal notices and the client area", () => {
    renderFooter();
    expect(hrefOf("À propos")).toBe("/about");
    expect(hrefOf("Blog")).toBe("/articles");
    expect(hrefOf("Contact")).toBe("/contact");
    expect(hrefOf("Mentions légales")).toBe("/legal");
    expect(hrefOf("Espace client")).toBe("/espace-client");
  });

  it("shows the contact details and social links of the public config", () => {
    renderFooter();
    expect(hrefOf(publicConfig.CONTACT_EMAIL)).toBe(`mailto:${publicConfig.CONTACT_EMAIL}`);
    expect(hrefOf(publicConfig.CONTACT_PHONE)).toBe("tel:+262262000000");
    expect(hrefOf("Facebook (nouvel onglet)")).toBe(publicConfig.SOCIAL_FACEBOOK_URL);
    expect(hrefOf("Instagram (nouvel onglet)")).toBe(publicConfig.SOCIAL_INSTAGRAM_URL);
    expect(screen.getByText("Saint-Paul, La Réunion")).toBeTruthy();
    expect(screen.getByText("© Copyright 2025 Lagon Digital")).toBeTruthy();
  });
});
