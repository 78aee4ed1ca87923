import { CHECKOUT_MESSAGES } from "@lagon/contracts/checkout";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SuccessPage } from "./success-page";

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={["/success?session_id=cs_local_abc"]}>
      <SuccessPage />
    </MemoryRouter>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("SuccessPage", () => {
  it("links a live order to its page with the token the status gave", async () => {
    answer(200, {
      status: "completed",
      order_id: "0b7c2d8e-1111-4222-8333-444455556666",
      magic_link_token: "jeton-page",
      domain: "payet.localhost:8080",
      wp_admin_user: "admin-payet",
      wp_admin_password: "mot-de-passe",
      koza_option: false,
      failed: false,
    });
    renderPage();
    const link = await screen.findByRole("link", { name: "Accéder à mon espace client" });
    expect(link.getAttribute("href")).toBe(
      "/dashboard/0b7c2d8e-1111-4222-8333-444455556666?token=jeton-page",
    );
  });

  it("shows the server's reason and stops polling once the session no longer answers", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = answer(410, { detail: CHECKOUT_MESSAGES.statusExpired });
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toContain(CHECKOUT_MESSAGES.statusExpired);
    expect(screen.getByRole("link", { name: "Recevoir un nouveau lien" }).getAttribute("href")).toBe(
      "/espace-client",
    );
    expect(screen.queryByText(/Vérifiez votre boîte mail/)).toBeNull();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("says at once that the link is incomplete when it has no session id, and asks nothing", async () => {
    const fetch = answer(200, {});
    render(
      <MemoryRouter initialEntries={["/success"]}>
        <SuccessPage />
      </MemoryRouter>,
    );
    expect((await screen.findByRole("alert")).textContent).toContain("Lien de suivi incomplet");
    expect(screen.getByRole("link", { name: "Recevoir un nouveau lien" }).getAttribute("href")).toBe(
      "/espace-client",
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
