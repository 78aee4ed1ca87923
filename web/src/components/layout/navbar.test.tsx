import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Navbar } from "./navbar";

function CurrentPath() {
  return <p data-testid="current-path">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Navbar />
      <Routes>
        <Route path="*" element={<CurrentPath />} />
      </Routes>
      <section id="plans" />
    </MemoryRouter>,
  );
}

describe("Navbar", () => {
  it("shows the six main links", () => {
    renderAt("/");
    const hrefs = screen
      .getAllByRole("listitem")
      .map((item) => item.querySelector("a")?.getAttribute("href"));
    expect(hrefs).toEqual(["/", "/services", "/annuaire", "/about", "/contact", "/articles"]);
  });

  it.each([
    ["/", "Accueil"],
    ["/services", "Services"],
    ["/annuaire", "Annuaire"],
    ["/articles/mon-article", "Blog"],
  ])("on %s highlights only %s", (path, label) => {
    renderAt(path);
    const current = screen
      .getAllByRole("link")
      .filter((link) => link.getAttribute("aria-current") === "page")
      .map((link) => link.textContent);
    expect(current).toEqual([label]);
  });

  it("opens and closes the mobile menu with the toggle", () => {
    renderAt("/");
    const toggle = screen.getByRole("button", { name: "Ouvrir le menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(toggle.getAttribute("aria-controls")).toBe("main-menu");

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.getAttribute("aria-label")).toBe("Fermer le menu");
    expect(document.getElementById("main-menu")?.classList.contains("is-open")).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes the mobile menu when a link is clicked, and navigates", () => {
    renderAt("/");
    const toggle = screen.getByRole("button", { name: "Ouvrir le menu" });
    fireEvent.click(toggle);

    fireEvent.click(screen.getByRole("link", { name: "Contact" }));

    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById("main-menu")?.classList.contains("is-open")).toBe(false);
    expect(screen.getByTestId("current-path").textContent).toBe("/contact");
  });

  it("closes the mobile menu with Escape and gives focus back to the toggle", () => {
    renderAt("/");
    const toggle = screen.getByRole("button", { name: "Ouvrir le menu" });
    fireEvent.click(toggle);

    fireEvent.keyDown(screen.getByRole("navigation", { name: "Navigation principale" }), { key: "Escape" });

    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });
});

describe("Commencer", () => {
  const originalScrollIntoView = Element.prototype.scrollIntoView;
  let scrolledTo: string[];

  beforeEach(() => {
    scrolledTo = [];
    vi.useFakeTimers();
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query }));
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this.id);
    };
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Element.prototype.scrollIntoView = originalScrollIntoView;
  });

  it("is a link to the home page's plans, which works before the scripts have run", () => {
    renderAt("/contact");
    expect(screen.getByRole("link", { name: "Commencer" }).getAttribute("href")).toBe("/#plans");
  });

  it("scrolls to the plans straight away on the home page", () => {
    renderAt("/");
    fireEvent.click(screen.getByRole("link", { name: "Commencer" }));
    expect(scrolledTo).toEqual(["plans"]);
  });

  it("goes home first, then scrolls to the plans after 100 ms", async () => {
    renderAt("/contact");
    fireEvent.click(screen.getByRole("link", { name: "Commencer" }));

    expect(screen.getByTestId("current-path").textContent).toBe("/");
    await vi.advanceTimersByTimeAsync(99);
    expect(scrolledTo).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(scrolledTo).toEqual(["plans"]);
  });
});
