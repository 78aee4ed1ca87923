import type { CustomerOrders, CustomerOrderView } from "@lagon/contracts/orders-schemas";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { subscriptionFixture } from "../../test/subscription-fixture";
import { DashboardPage } from "./dashboard-page";

const ORDER_A = "0b7c2d8e-1111-4222-8333-444455556666";
const ORDER_B = "9f1e3a5c-2222-4333-8444-555566667777";

function view(orderId: string, subdomain: string, token: string, access: CustomerOrderView["access"]) {
  return {
    _id: orderId,
    order_id: orderId,
    subdomain,
    site_url: `http://${subdomain}.localhost:8080`,
    customer_name: "Zoé Payet",
    customer_email: "zoe@example.re",
    company_name: null,
    plan_name: "Business",
    status: "active",
    created_at: "2026-11-22T09:00:00Z",
    magic_link_token: token,
    steps: {},
    koza_option: false,
    koza_status: null,
    custom_domain: null,
    wp_credentials: null,
    logs: [],
    dns_records: [],
    access,
    subscription: subscriptionFixture(),
  } satisfies CustomerOrderView;
}

const SITES: CustomerOrders = {
  total_sites: 2,
  orders: [
    {
      order_id: ORDER_A,
      subdomain: "payet",
      plan_name: "Business",
      status: "active",
      koza_option: false,
      magic_link_token: "boite-a",
      subscription_status: "active",
    },
    {
      order_id: ORDER_B,
      subdomain: "payet-2",
      plan_name: "Business",
      status: "active",
      koza_option: false,
      magic_link_token: "boite-b",
      subscription_status: "past_due",
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("DashboardPage", () => {
  it("asks for the customer's sites only with a token the server said proves the mailbox", async () => {
    let answerB: (() => void) | undefined;
    const lists: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string) => {
        const url = new URL(input, "http://localhost");
        const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
        if (url.pathname === "/api/customer/orders") {
          lists.push(url.searchParams.get("token") ?? "");
          return json(SITES);
        }
        if (url.pathname === `/api/order/${ORDER_A}`)
          return json(view(ORDER_A, "payet", "boite-a", "mailbox"));
        // The success page's token for the second site: it opens that order only, and answers late.
        await new Promise<void>((resolve) => {
          answerB = resolve;
        });
        return json(view(ORDER_B, "payet-2", "page-b", "order"));
      }),
    );
    const router = createMemoryRouter([{ path: "/dashboard/:orderId", element: <DashboardPage /> }], {
      initialEntries: [`/dashboard/${ORDER_A}?token=boite-a`],
    });
    render(<RouterProvider router={router} />);
    const switcher = await screen.findByRole("navigation", { name: "Vos 2 sites" });
    expect(lists).toEqual(["boite-a"]);
    // Each site with its subscription status.
    expect([...switcher.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
      "✓payetBusiness — en ligneAbonnement : actif",
      "✓payet-2Business — en ligneAbonnement : paiement en retard",
    ]);

    // Then, in the same tab, the page of the other site opened with its page token (back/forward).
    await act(() => router.navigate(`/dashboard/${ORDER_B}?token=page-b`));
    expect(screen.getByRole("status").textContent).toBe("Chargement de votre commande…");
    expect(screen.queryByRole("navigation", { name: /sites$/ })).toBeNull();
    await act(async () => answerB?.());
    await vi.waitFor(() =>
      expect(screen.getByRole("link", { name: "Voir mon site" }).getAttribute("href")).toBe(
        "http://payet-2.localhost:8080",
      ),
    );
    expect(screen.queryByRole("navigation", { name: /sites$/ })).toBeNull();
    expect(lists).toEqual(["boite-a"]);
  });
});
