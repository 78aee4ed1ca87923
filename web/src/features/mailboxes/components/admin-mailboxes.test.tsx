import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminMailboxes } from "./admin-mailboxes";

const ORDER = "0b7c2d8e-1111-4222-8333-444455556666";
const GO = 1024 ** 3;

afterEach(() => vi.unstubAllGlobals());

describe("AdminMailboxes", () => {
  it("reads the order's mailboxes only when opened, with their use and aliases", async () => {
    const fetch = vi.fn(async (url: string) => {
      expect(url).toBe(`/api/admin/orders/${ORDER}/mailboxes?token=admin`);
      return new Response(
        JSON.stringify({
          domain: "payet.localhost",
          allowance: 5,
          quota_bytes: 5 * GO,
          mailboxes: [
            {
              address: "contact@payet.localhost",
              used_bytes: 2_400_000,
              quota_bytes: 5 * GO,
              created_at: "",
            },
          ],
          aliases: [
            { address: "devis@payet.localhost", target: "jean@gmail.com", kind: "forward", created_at: "" },
          ],
          settings: null,
          unavailable_reason: null,
        }),
        { status: 200 },
      );
    });
    vi.stubGlobal("fetch", fetch);
    const { container } = render(<AdminMailboxes orderId={ORDER} token="admin" />);
    expect(fetch).not.toHaveBeenCalled();
    const details = container.querySelector("details") as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event("toggle"));
    expect(await screen.findByText("contact@payet.localhost : 2,3 Mo sur 5 Go")).toBeTruthy();
    expect(screen.getByText("1 adresse(s) sur 5 (…@payet.localhost)")).toBeTruthy();
    expect(screen.getByText("devis@payet.localhost → jean@gmail.com (renvoi)")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
