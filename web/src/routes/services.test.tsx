import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import Services from "./services";

describe("Services page", () => {
  it("has the four anchored service blocks the footer links to", () => {
    const { container } = render(<Services />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Nos services");
    const ids = [...container.querySelectorAll("section[id]")].map((section) => section.id);
    expect(ids).toEqual(["creation-details", "ecommerce-details", "maintenance-details", "support-details"]);
  });
});
