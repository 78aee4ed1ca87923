import { SITE_MAIL_MESSAGES } from "@lagon/contracts/site-mail";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContactFormBlock } from "./contact-form-block";

const ORDER = "0b7c2d8e-1111-4222-8333-444455556666";
const SITE_MAIL_URL = `/api/order/${ORDER}/site-mail?token=jeton`;
const VIEW = {
  contact_email: "zoe@example.re",
  is_default: true,
  sender: "wordpress@payet.localhost",
  unavailable_reason: null,
};

afterEach(() => vi.unstubAllGlobals());

describe("ContactFormBlock", () => {
  it("says where the form's messages go, refuses a bad address in French before asking, and saves a good one", async () => {
    let view = VIEW;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      expect(url).toBe(SITE_MAIL_URL);
      if (init?.method === "PUT") {
        view = { ...VIEW, contact_email: "accueil@payet.re", is_default: false };
        expect(JSON.parse(init.body as string)).toEqual({ contact_email: "accueil@payet.re" });
      }
      return new Response(JSON.stringify(view), { status: 200 });
    });
    vi.stubGlobal("fetch", fetch);
    render(<ContactFormBlock orderId={ORDER} token="jeton" />);
    expect(await screen.findByText(/\(l'adresse de votre commande\)/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Adresse qui reçoit les messages"), {
      target: { value: "accueil" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect((await screen.findByRole("alert")).textContent).toBe(SITE_MAIL_MESSAGES.contactInvalid);
    expect(fetch).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByLabelText("Adresse qui reçoit les messages"), {
      target: { value: " Accueil@Payet.RE " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect((await screen.findByRole("status")).textContent).toBe(SITE_MAIL_MESSAGES.saved);
    expect(screen.getByText("accueil@payet.re", { selector: "strong" })).toBeTruthy();
  });

  it("shows why the site cannot send mail", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ ...VIEW, sender: null, unavailable_reason: SITE_MAIL_MESSAGES.sendingOff }),
            { status: 200 },
          ),
      ),
    );
    render(<ContactFormBlock orderId={ORDER} token="jeton" />);
    expect(await screen.findByText(SITE_MAIL_MESSAGES.sendingOff)).toBeTruthy();
  });
});
