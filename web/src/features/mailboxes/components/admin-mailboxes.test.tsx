import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminMailboxes } from "./admin-mailboxes";

const ORDER = "0b7c2d8e-1111-4222-8333-444455556666";
const GO = 1024 ** 3;
const CONTACT = {
  address: "contact@payet.localhost",
  used_bytes: 2_400_000,
  quota_bytes: 5 * GO,
  vacation: null,
  created_at: "",
};
const LIST = {
  domain: "payet.localhost",
  domains: ["payet.localhost"],
  allowance: 5,
  quota_bytes: 5 * GO,
  mailboxes: [CONTACT],
  aliases: [{ address: "devis@payet.localhost", target: "jean@gmail.com", kind: "forward", created_at: "" }],
  settings: null,
  unavailable_reason: null,
};

afterEach(() => vi.unstubAllGlobals());

describe("AdminMailboxes", () => {
  it("reads the order's mailboxes only when opened, and acts on them with the admin token", async () => {
    const admin = `/api/admin/orders/${ORDER}`;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? "GET"} ${url}`;
      if (key === `POST ${admin}/mailboxes/contact%40payet.localhost/password?token=admin`)
        return new Response(JSON.stringify({ mailbox: CONTACT, password: "Nouveau1234567890" }), {
          status: 200,
        });
      expect(key).toBe(`GET ${admin}/mailboxes?token=admin`);
      return new Response(JSON.stringify(LIST), { status: 200 });
    });
    vi.stubGlobal("fetch", fetch);
    const { container } = render(<AdminMailboxes orderId={ORDER} token="admin" />);
    expect(fetch).not.toHaveBeenCalled();
    const details = container.querySelector("details") as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event("toggle"));
    expect(await screen.findByText("2,3 Mo utilisés sur 5 Go")).toBeTruthy();
    expect(screen.getByText("devis@payet.localhost")).toBeTruthy();
    expect(screen.getByText("Renvoi vers l'extérieur")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Nouveau mot de passe" }));
    expect(await screen.findByText("Nouveau1234567890")).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      `${admin}/mailboxes/contact%40payet.localhost/password?token=admin`,
      expect.objectContaining({ method: "POST" }),
    );
  });
});
