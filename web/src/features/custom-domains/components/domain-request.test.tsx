import type { CustomerOrderView } from "@lagon/contracts/orders-schemas";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { subscriptionFixture } from "../../../test/subscription-fixture";
import { DomainRequestBlock } from "./domain-request";

const order: CustomerOrderView = {
  _id: "0b7c2d8e-1111-4222-8333-444455556666",
  order_id: "0b7c2d8e-1111-4222-8333-444455556666",
  subdomain: "payet",
  site_url: "http://payet.localhost:8080",
  customer_name: "Zoé Payet",
  customer_email: "zoe@example.re",
  company_name: null,
  plan_name: "Business",
  status: "active",
  created_at: "2026-11-22T09:00:00Z",
  magic_link_token: "jeton",
  steps: {},
  koza_option: false,
  koza_status: null,
  custom_domain: null,
  wp_credentials: null,
  logs: [],
  dns_records: [],
  access: "mailbox",
  subscription: subscriptionFixture(),
};

afterEach(() => vi.unstubAllGlobals());

describe("DomainRequestBlock", () => {
  it("asks yes or no first, then requires the domain name, and notes the team checks availability", () => {
    render(<DomainRequestBlock order={order} token="jeton" />);
    expect(screen.getByText(/Domaines à partir de 15 € par an \(\.com, \.fr, \.re\)/)).toBeTruthy();
    expect(screen.getByText("Relier un domaine que vous possédez déjà est gratuit.")).toBeTruthy();
    expect(screen.getByText(/la propagation DNS prend ensuite 24 à 48 h/)).toBeTruthy();
    expect(screen.queryByLabelText("Nom de domaine *")).toBeNull();
    fireEvent.click(screen.getByLabelText("Non, je souhaite l'acheter"));
    expect((screen.getByLabelText("Nom de domaine *") as HTMLInputElement).required).toBe(true);
    expect((screen.getByLabelText("Message (optionnel)") as HTMLTextAreaElement).required).toBe(false);
    expect(screen.getByText(/Notre équipe valide la disponibilité du domaine/)).toBeTruthy();
  });

  it("shows where the domain stands in French, with the DNS records to set", () => {
    render(
      <DomainRequestBlock
        order={{
          ...order,
          custom_domain: {
            domain: "payet.re",
            state: "dns_pending",
            failure: null,
            reason:
              "Aucune adresse trouvée pour payet.re : créez l'enregistrement ALIAS payet.re → lagon-sites.re chez votre registraire.",
            url: null,
            next_check_at: "2026-11-22T09:00:00Z",
          },
          dns_records: [
            { type: "ALIAS", name: "payet.re", value: "lagon-sites.re" },
            { type: "CNAME", name: "www.payet.re", value: "payet.lagon-sites.re" },
          ],
        }}
        token="jeton"
      />,
    );
    expect(screen.getByRole("status").textContent).toBe("payet.re : En attente de vos enregistrements DNS");
    expect(screen.getByText(/Aucune adresse trouvée pour payet\.re/)).toBeTruthy();
    expect(screen.getByText(/Prochaine vérification automatique : 22 novembre 2026 à 13:00/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Envoyer ma demande" })).toBeNull();
    const records = [...document.querySelectorAll(".dns-list > li")].map((r) => r.textContent);
    expect(records).toEqual([
      expect.stringMatching(/^TypeALIAS .*Nompayet\.reValeurlagon-sites\.re$/),
      expect.stringMatching(/^TypeCNAME .*Nomwww\.payet\.reValeurpayet\.lagon-sites\.re$/),
    ]);
  });

  it("tells a customer buying through the agency there is nothing to configure", () => {
    render(
      <DomainRequestBlock
        order={{
          ...order,
          custom_domain: {
            domain: "payet.re",
            state: "requested",
            failure: null,
            reason: null,
            url: null,
            next_check_at: null,
          },
        }}
        token="x"
      />,
    );
    expect(screen.getByRole("status").textContent).toMatch(/Achat du domaine par notre équipe/);
    expect(screen.getByText(/vous n'avez rien à faire/)).toBeTruthy();
    expect(document.querySelector(".dns-list")).toBeNull();
  });

  it("shows a blocked domain's French reason as an alert, and the live address once active", async () => {
    const reason =
      "L'enregistrement CAA de payet.re n'autorise que sectigo.com à créer les certificats de payet.re.";
    const { unmount } = render(
      <DomainRequestBlock
        order={{
          ...order,
          custom_domain: {
            domain: "payet.re",
            state: "failed",
            failure: "caa",
            reason,
            url: null,
            next_check_at: null,
          },
        }}
        token="x"
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe(reason);
    expect(screen.getByRole("status").textContent).toMatch(/Bloqué/);
    // Fixed at the registrar, the customer sends the request again (or asks for another domain).
    expect(screen.getByRole("heading", { name: "Nouvelle demande" })).toBeTruthy();
    expect(screen.getByText(/renvoyez la demande pour ce domaine/)).toBeTruthy();
    expect(screen.getByLabelText("Oui, je le possède déjà")).toBeTruthy();
    unmount();
    // Live, the block shows the domain's mail records instead of the site's (mail-dns-records.test.tsx).
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () => new Response(JSON.stringify({ detail: "Service e-mail indisponible." }), { status: 503 }),
      ),
    );
    render(
      <DomainRequestBlock
        order={{
          ...order,
          custom_domain: {
            domain: "payet.re",
            state: "active",
            failure: null,
            reason: null,
            url: "https://payet.re",
            next_check_at: null,
          },
        }}
        token="x"
      />,
    );
    expect(screen.getByRole("link", { name: "https://payet.re" })).toBeTruthy();
    expect(document.querySelector(".dns-list")).toBeNull();
    expect(screen.getByRole("heading", { name: "Vos adresses e-mail sur votre domaine" })).toBeTruthy();
    expect((await screen.findByRole("alert")).textContent).toBe("Service e-mail indisponible.");
  });

  it("offers another request after a refusal, but not while a rate limit is waited out", () => {
    const refused = {
      domain: "payet.re",
      state: "failed" as const,
      failure: "refused" as const,
      reason: "Ce nom appartient déjà à une autre entreprise.",
      url: null,
      next_check_at: null,
    };
    const { unmount } = render(
      <DomainRequestBlock
        order={{
          ...order,
          custom_domain: refused,
          dns_records: [{ type: "A", name: "payet.re", value: "203.0.113.10" }],
        }}
        token="x"
      />,
    );
    expect(screen.getByText("Vous pouvez demander un autre nom de domaine.")).toBeTruthy();
    expect(document.querySelector(".dns-list")).toBeNull();
    unmount();
    // Live, the block shows the domain's mail records instead of the site's (mail-dns-records.test.tsx).
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () => new Response(JSON.stringify({ detail: "Service e-mail indisponible." }), { status: 503 }),
      ),
    );
    render(
      <DomainRequestBlock
        order={{
          ...order,
          custom_domain: {
            ...refused,
            failure: "rate_limit",
            reason: "L'autorité de certification limite le nombre de demandes pour ce domaine.",
            next_check_at: "2026-11-22T10:00:00Z",
          },
        }}
        token="x"
      />,
    );
    expect(screen.queryByRole("heading", { name: "Nouvelle demande" })).toBeNull();
  });
});
