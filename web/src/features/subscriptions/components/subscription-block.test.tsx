import { mailPlanChangeNotice, mailPlanChangeRefusal } from "@lagon/contracts/mailboxes";
import type { CustomerOrderView } from "@lagon/contracts/orders-schemas";
import { featuresLost } from "@lagon/contracts/plan-kits";
import type { SubscriptionView } from "@lagon/contracts/subscriptions-schemas";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { subscriptionFixture } from "../../../test/subscription-fixture";
import { SubscriptionBlock } from "./subscription-block";

type Choice = SubscriptionView["plan_choices"][number];

const ORDER_ID = "0b7c2d8e-1111-4222-8333-444455556666";

function orderWith(subscription: SubscriptionView | null): CustomerOrderView {
  return {
    _id: ORDER_ID,
    order_id: ORDER_ID,
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
    subscription,
  };
}

const block = (sub: SubscriptionView | null) =>
  render(<SubscriptionBlock order={orderWith(sub)} token="jeton" />);
/** The block's text, with the no-break spaces of French amounts as plain ones. */
const text = () =>
  (document.querySelector(".subscription")?.textContent ?? "").replace(/[\u00a0\u202f]/g, " ");

/** Answers each POST with `answer(path, body)` and records it. */
function stubApi(answer: (path: string, body: Record<string, string>) => { status: number; body: unknown }) {
  const calls: { path: string; body: Record<string, string> }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, "http://localhost").pathname;
      const body = JSON.parse(String(init?.body ?? "{}"));
      calls.push({ path, body });
      const res = answer(path, body);
      return new Response(JSON.stringify(res.body), { status: res.status });
    }),
  );
  return calls;
}

const GO = 1024 ** 3;

/** The mailbox list the plan form reads (`GET …/mailboxes`): these mailboxes, of `quota` each. */
const mailboxList = (used: Record<string, number | null>, quota = 10 * GO) => ({
  domain: "payet.lagon.re",
  domains: ["payet.lagon.re"],
  allowance: 10,
  quota_bytes: 10 * GO,
  mailboxes: Object.entries(used).map(([address, used_bytes]) => ({
    address,
    vacation: null,
    used_bytes,
    quota_bytes: quota,
    created_at: "2026-11-22T09:00:00Z",
  })),
  aliases: [],
  settings: null,
  unavailable_reason: null,
  outside_plan: null,
});

beforeEach(() => {
  // The plan form reads the mailboxes' use when a choice has smaller ones: none by default.
  stubApi(() => ({ status: 200, body: mailboxList({}) }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("SubscriptionBlock", () => {
  it("shows the status in French, the next renewal, the amount TTC and the card", () => {
    block(subscriptionFixture());
    expect(screen.getByRole("heading", { name: "Votre abonnement" })).toBeTruthy();
    expect(text()).toContain("Statut : Actif");
    expect(text()).toContain("Business — 54,25 € TTC par mois");
    expect(text()).toContain("Prochain renouvellement22 décembre 2026");
    expect(text()).toContain("Carte enregistrée•••• 4242");
    expect(screen.getByRole("button", { name: "Mettre à jour ma carte" })).toBeTruthy();
  });

  it("shows nothing for an order without a subscription", () => {
    block(null);
    expect(document.querySelector(".subscription")).toBeNull();
  });

  it("cancels in two clicks after showing the effective date and the notice, then undoes it", async () => {
    const scheduled = subscriptionFixture({ cancel_at: "2027-01-22T09:00:00.000Z" });
    const calls = stubApi((path) =>
      path.endsWith("/subscription/cancel")
        ? { status: 200, body: { detail: "Résiliation programmée.", subscription: scheduled } }
        : {
            status: 200,
            body: {
              detail: "Résiliation annulée : votre abonnement continue.",
              subscription: subscriptionFixture(),
            },
          },
    );
    block(subscriptionFixture());
    // The notice is stated before anything is clicked.
    expect(text()).toMatch(/Résiliable en ligne à tout moment, avec un préavis de 30 jours/);
    fireEvent.click(screen.getByRole("button", { name: "Résilier mon abonnement" }));
    const date = screen.getByRole("heading", {
      name: "Si vous confirmez aujourd'hui, votre abonnement prendra fin le 22 janvier 2027.",
    });
    expect(document.activeElement).toBe(date);
    expect(text()).toMatch(/Ce jour-là, votre site est mis hors ligne/);
    expect(calls).toHaveLength(0);

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirmer la résiliation" }));
    });
    expect(calls).toEqual([{ path: `/api/order/${ORDER_ID}/subscription/cancel`, body: { token: "jeton" } }]);
    expect(screen.getByRole("status").textContent).toBe("Résiliation programmée.");
    expect(text()).toContain("Fin de l'abonnement22 janvier 2027");
    expect(text()).not.toContain("Prochain renouvellement");
    expect(text()).toMatch(/Votre abonnement prend fin le 22 janvier 2027\. Votre site reste en ligne/);
    expect(document.activeElement?.textContent).toMatch(/^Résiliation programmée/);
    expect(screen.queryByRole("button", { name: "Changer de formule" })).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Annuler la résiliation" }));
    });
    expect(calls[1]?.path).toBe(`/api/order/${ORDER_ID}/subscription/undo-cancel`);
    expect(screen.getByRole("status").textContent).toBe("Résiliation annulée : votre abonnement continue.");
    expect(screen.getByRole("button", { name: "Résilier mon abonnement" })).toBeTruthy();
    expect(document.activeElement?.textContent).toMatch(/^Résiliation/);
  });

  it("keeps the subscription when the customer changes their mind, and shows a refusal in French", async () => {
    stubApi(() => ({ status: 409, body: { detail: "La résiliation est déjà programmée." } }));
    block(subscriptionFixture());
    fireEvent.click(screen.getByRole("button", { name: "Résilier mon abonnement" }));
    fireEvent.click(screen.getByRole("button", { name: "Garder mon abonnement" }));
    expect(screen.queryByRole("button", { name: "Confirmer la résiliation" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Résilier mon abonnement" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirmer la résiliation" }));
    });
    expect(screen.getByRole("alert").textContent).toBe("La résiliation est déjà programmée.");
    // The refusal is logged for the developer console; the setup fails any other console.error.
    expect(vi.mocked(console.error)).toHaveBeenCalledWith("Résiliation refusée", expect.any(Error));
    vi.mocked(console.error).mockClear();
  });

  it("says the site is coming back after a payment until the host is done, and nothing once it is", () => {
    const { rerender } = block(subscriptionFixture({ site_change: "restoring" }));
    expect(text()).toContain(
      "Votre site est en cours de remise en ligne. Cette page se met à jour d'elle-même dès qu'il est prêt.",
    );
    rerender(<SubscriptionBlock order={orderWith(subscriptionFixture())} token="jeton" />);
    expect(text()).not.toContain("remise en ligne");
  });

  it("says an upgrade is immediate with what it costs today, and a downgrade waits for the period end", async () => {
    const calls = stubApi(() => ({
      status: 200,
      body: {
        detail: "Formule changée.",
        subscription: subscriptionFixture({ plan_id: "business", plan_name: "Business", plan_choices: [] }),
      },
    }));
    block(
      subscriptionFixture({
        plan_id: "starter",
        plan_name: "Starter",
        amount_ttc_cents: 2170,
        plan_choices: [
          {
            plan_id: "business",
            plan_name: "Business",
            amount_ttc_cents: 5425,
            change: "upgrade",
            charge_now_cents: 1953,
            stops: [],
            mail: null,
            mail_refusal: null,
          },
          {
            plan_id: "libre",
            plan_name: "Libre",
            amount_ttc_cents: 1628,
            change: "downgrade",
            charge_now_cents: 0,
            stops: [],
            mail: null,
            mail_refusal: null,
          },
        ],
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Changer de formule" }));
    expect(text()).toMatch(
      /Immédiat : 19,53 € TTC prélevés aujourd'hui \(la différence au prorata jusqu'au 22 décembre 2026\), puis 54,25 € TTC par mois\./,
    );
    expect(text()).toMatch(/À la fin de la période en cours, le 22 décembre 2026 : rien à payer aujourd'hui/);
    fireEvent.click(screen.getByLabelText(/^Libre/));
    expect(screen.getByRole("button", { name: "Programmer le passage à Libre" })).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/^Business/));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: /^Passer à Business et payer 19,53\s€$/ }));
    });
    expect(calls).toEqual([
      {
        path: `/api/order/${ORDER_ID}/subscription/change-plan`,
        body: { token: "jeton", plan_id: "business" },
      },
    ]);
    expect(screen.getByRole("status").textContent).toBe("Formule changée.");
    expect(text()).toContain("Business — 54,25 € TTC par mois");
  });

  it("lists, in French, what a downgrade from Business turns off, and keeps the data", () => {
    block(subscriptionFixture());
    fireEvent.click(screen.getByRole("button", { name: "Changer de formule" }));
    expect(screen.queryByRole("note")).toBeNull();
    fireEvent.click(screen.getByLabelText(/^Starter/));
    const note = screen.getByRole("note");
    expect(note.textContent).toContain(
      "En passant à Starter, ces fonctions de votre site s'arrêtent le 22 décembre 2026 :",
    );
    expect([...note.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Boutique en ligne WooCommerce (catalogue, panier, paiement, commandes)",
      "Réservation en ligne (la page Réservation du site, l'agenda, les e-mails et le flux de calendrier)",
      "Statistiques de visite (le comptage des visites et ses graphiques)",
    ]);
    expect(note.textContent).toContain(
      "Vos données sont gardées (produits, commandes et pages de la boutique, rendez-vous déjà pris, chiffres de visite) et reviennent si vous reprenez la formule Business.",
    );
    // The warning is read before the button that confirms.
    const confirm = screen.getByRole("button", { name: "Programmer le passage à Starter" });
    expect(note.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/^Libre/));
    expect(screen.getByRole("note").textContent).toContain("En passant à Libre, ces fonctions");
  });

  it("names, before a downgrade, what happens to the mailboxes, and waits while some must go first", () => {
    const boxes = ["contact", "devis", "zoe"].map((l) => ({ address: `${l}@payet.fr`, usedBytes: null }));
    const [starter, libre] = subscriptionFixture().plan_choices as [Choice, Choice];
    block(
      subscriptionFixture({
        plan_choices: [
          {
            ...starter,
            mail: mailPlanChangeNotice("business", "starter", 3, "le 22 décembre 2026"),
            mail_refusal: mailPlanChangeRefusal("starter", boxes, []),
          },
          {
            ...libre,
            mail: mailPlanChangeNotice("business", "libre", 3, "le 22 décembre 2026"),
            mail_refusal: mailPlanChangeRefusal("libre", boxes, ["info@payet.fr"]),
          },
        ],
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Changer de formule" }));
    fireEvent.click(screen.getByLabelText(/^Starter/));
    expect(screen.getByRole("note").textContent).toContain(
      "La formule Starter comprend 5 adresses e-mail de 5 Go (au lieu de 10 de 10 Go) : vos 3 adresses e-mail sont gardées, avec leurs messages, et chacune passe à 5 Go le 22 décembre 2026.",
    );
    expect(
      (screen.getByRole("button", { name: "Programmer le passage à Starter" }) as HTMLButtonElement).disabled,
    ).toBe(false);
    fireEvent.click(screen.getByLabelText(/^Libre/));
    expect(screen.getByRole("note").textContent).toContain(
      "La formule Libre ne comprend pas d'adresse e-mail : vos 3 adresses e-mail et leurs messages devraient être supprimés.",
    );
    // Said on the choice itself, before it is even picked.
    expect(screen.getByLabelText(/^Libre/).closest("label")?.textContent).toContain(
      "Impossible pour l'instant. La formule Libre ne comprend pas d'adresse e-mail : supprimez d'abord ces adresses (bloc « Adresses e-mail »), après avoir récupéré les messages à garder : contact@payet.fr, devis@payet.fr, info@payet.fr et zoe@payet.fr.",
    );
    expect(
      (screen.getByRole("button", { name: "Programmer le passage à Libre" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("says on a choice, before any confirmation, which mailboxes store too much for it, from the mailbox list", async () => {
    const calls = stubApi(() => ({
      status: 200,
      body: mailboxList({ "contact@payet.fr": 6.2 * GO, "devis@payet.fr": 1 * GO, "rh@payet.fr": null }),
    }));
    const boxes = ["contact", "devis", "rh"].map((l) => ({ address: `${l}@payet.fr`, usedBytes: null }));
    const [starter, libre] = subscriptionFixture().plan_choices as [Choice, Choice];
    block(
      subscriptionFixture({
        plan_choices: [
          // The server's view knows the counts only: Starter is not refused there.
          { ...starter, mail: null, mail_refusal: mailPlanChangeRefusal("starter", boxes, []) },
          { ...libre, mail: null, mail_refusal: mailPlanChangeRefusal("libre", boxes, []) },
        ],
      }),
    );
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Changer de formule" }));
    const starterChoice = () => screen.getByLabelText(/^Starter/).closest("label")?.textContent;
    expect(
      await screen.findByText(
        "Impossible pour l'instant. Avec la formule Starter, chaque adresse e-mail a 5 Go : cette adresse en stocke davantage, videz-la d'abord (supprimez ou déplacez des messages) : contact@payet.fr (6,2 Go).",
      ),
    ).toBeTruthy();
    expect(starterChoice()).toContain("contact@payet.fr (6,2 Go)");
    expect(calls.map((c) => c.path)).toEqual([`/api/order/${ORDER_ID}/mailboxes`]);
    fireEvent.click(screen.getByLabelText(/^Starter/));
    expect(
      (screen.getByRole("button", { name: "Programmer le passage à Starter" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("lets a choice through when every mailbox fits its storage", async () => {
    const calls = stubApi(() => ({
      status: 200,
      body: mailboxList({ "contact@payet.fr": 4.9 * GO, "rh@payet.fr": null }),
    }));
    block(subscriptionFixture());
    fireEvent.click(screen.getByRole("button", { name: "Changer de formule" }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    fireEvent.click(screen.getByLabelText(/^Starter/));
    expect(screen.queryByText(/Impossible pour l'instant/)).toBeNull();
    expect(
      (screen.getByRole("button", { name: "Programmer le passage à Starter" }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it("says, before leaving Libre, that SFTP and the plain site stop and that the files stay", () => {
    block(
      subscriptionFixture({
        plan_id: "libre",
        plan_name: "Libre",
        amount_ttc_cents: 1628,
        plan_choices: [
          {
            plan_id: "starter",
            plan_name: "Starter",
            amount_ttc_cents: 2170,
            change: "upgrade",
            charge_now_cents: 542,
            stops: featuresLost("libre", "starter"),
            mail: null,
            mail_refusal: null,
          },
        ],
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Changer de formule" }));
    fireEvent.click(screen.getByLabelText(/^Starter/));
    const note = screen.getByRole("note");
    expect(note.textContent).toContain("En passant à Starter, ces fonctions de votre site s'arrêtent :");
    expect([...note.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Accès SFTP aux fichiers du site (la connexion est refusée ; mot de passe et clés gardés)",
      "Site libre (fichiers statiques ou PHP) : l'adresse du site sert de nouveau WordPress",
    ]);
    expect(note.textContent).toContain(
      "Vos données sont gardées (vos fichiers, dont le site libre de /wp-content/www, votre mot de passe et vos clés SFTP) et reviennent si vous reprenez la formule Libre.",
    );
  });

  it("shows a waiting downgrade and offers to keep the current plan", () => {
    block(
      subscriptionFixture({
        pending_plan: { plan_id: "libre", plan_name: "Libre", amount_ttc_cents: 1628 },
        plan_choices: [
          {
            plan_id: "starter",
            plan_name: "Starter",
            amount_ttc_cents: 2170,
            change: "downgrade",
            charge_now_cents: 0,
            stops: [],
            mail: null,
            mail_refusal: null,
          },
          {
            plan_id: "business",
            plan_name: "Business",
            amount_ttc_cents: 5425,
            change: "keep",
            charge_now_cents: 0,
            stops: [],
            mail: null,
            mail_refusal: null,
          },
          {
            plan_id: "libre",
            plan_name: "Libre",
            amount_ttc_cents: 1628,
            change: "downgrade",
            charge_now_cents: 0,
            stops: [],
            mail: null,
            mail_refusal: null,
          },
        ],
      }),
    );
    expect(text()).toContain(
      "Changement programméFormule Libre (16,28 € TTC par mois) à partir du 22 décembre 2026",
    );
    fireEvent.click(screen.getByRole("button", { name: "Changer de formule" }));
    expect(screen.getAllByRole("radio").map((r) => (r as HTMLInputElement).value)).toEqual([
      "starter",
      "business",
    ]);
    fireEvent.click(screen.getByLabelText(/^Garder Business/));
    expect(screen.getByRole("button", { name: "Garder la formule Business" })).toBeTruthy();
  });

  it("warns of a failed payment with the suspension date, and keeps cancellation reachable", () => {
    block(
      subscriptionFixture({
        status: "past_due",
        status_label: "Paiement en retard",
        past_due_since: "2026-12-22T09:00:00.000Z",
        suspend_at: "2027-01-05T09:00:00.000Z",
        plan_choices: [],
      }),
    );
    expect(screen.getByRole("alert").textContent).toMatch(
      /^Le prélèvement de votre abonnement a échoué\.Depuis le 22 décembre 2026, nous réessayons automatiquement\. .*avant le 5 janvier 2027, date à laquelle il sera suspendu sans paiement\.$/,
    );
    expect(text()).toContain("Échéance impayée22 décembre 2026");
    expect(screen.getByRole("button", { name: "Mettre à jour ma carte" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Résilier mon abonnement" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Changer de formule" })).toBeNull();
  });

  it("tells a suspended site's owner why, what still works, and what comes next", () => {
    const suspended: Partial<SubscriptionView> = {
      status: "suspended",
      status_label: "Suspendu",
      plan_choices: [],
    };
    const { unmount } = block(subscriptionFixture({ ...suspended, archive_at: "2027-02-04T09:00:00.000Z" }));
    expect(screen.getByRole("alert").textContent).toMatch(
      /^Votre site est suspendu pour non-paiement\..*administration WordPress reste ouverte.*le paiement rétablit votre site aussitôt\. Sans paiement, il sera retiré de l'hébergement le 4 février 2027/,
    );
    expect(screen.getByRole("button", { name: "Mettre à jour ma carte" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Résilier mon abonnement" })).toBeNull();
    unmount();

    // Suspended by the agency: a payment does not lift it, so no card button.
    block(subscriptionFixture({ ...suspended, archive_at: null }));
    expect(screen.getByRole("alert").textContent).toMatch(/^Votre site a été suspendu par notre équipe\./);
    expect(screen.queryByRole("button", { name: "Mettre à jour ma carte" })).toBeNull();
  });

  it("tells a cancelled site's owner when it was cancelled and when it leaves the host", () => {
    block(
      subscriptionFixture({
        status: "cancelled",
        status_label: "Résilié",
        cancel_at: "2027-01-22T09:00:00.000Z",
        archive_at: "2027-02-21T09:00:00.000Z",
        plan_choices: [],
      }),
    );
    expect(text()).toContain("Résilié le22 janvier 2027");
    expect(text()).toMatch(/Il sera retiré de l'hébergement le 21 février 2027/);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
