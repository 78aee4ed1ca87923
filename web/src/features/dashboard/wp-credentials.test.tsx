import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { WpCredentials } from "./wp-credentials";

describe("WpCredentials", () => {
  it("masks the password until the customer asks to see it", () => {
    render(
      <WpCredentials
        credentials={{
          admin_url: "http://payet.localhost:8080/wp-admin/",
          username: "admin-payet",
          password: "S3cret-Pa55word",
        }}
      />,
    );
    expect(screen.getByRole("link", { name: "http://payet.localhost:8080/wp-admin/" })).toBeTruthy();
    expect(screen.getByText("admin-payet")).toBeTruthy();
    expect(screen.queryByText("S3cret-Pa55word")).toBeNull();
    const toggle = screen.getByRole("button", { name: "Afficher" });
    fireEvent.click(toggle);
    expect(screen.getByText("S3cret-Pa55word")).toBeTruthy();
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Masquer" }));
    expect(screen.queryByText("S3cret-Pa55word")).toBeNull();
  });
});
