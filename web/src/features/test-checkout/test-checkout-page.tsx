import type { TestCheckoutView } from "@lagon/contracts/checkout-schemas";
import { formatEuros } from "@lagon/contracts/pricing";
import { DEFAULT_TEST_CARD } from "@lagon/contracts/subscriptions";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { ApiError } from "../../lib/fetch-json";
import { getTestCheckout, payTestCheckout } from "./api/test-checkout";
import { TestCardChoice } from "./test-card-choice";
import "./test-checkout.css";

/** The embedded default's hosted checkout: what Stripe's page would show, clearly marked as a test. */
export function TestCheckoutPage() {
  const { sessionId = "" } = useParams();
  const [view, setView] = useState<TestCheckoutView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [card, setCard] = useState<string>(DEFAULT_TEST_CARD);

  useEffect(() => {
    getTestCheckout(sessionId)
      .then(setView)
      .catch((err) =>
        setError(err instanceof ApiError && err.detail ? err.detail : "Session de paiement introuvable."),
      );
  }, [sessionId]);

  async function pay() {
    setPaying(true);
    try {
      const { redirect_url } = await payTestCheckout(sessionId, card);
      window.location.assign(redirect_url);
    } catch (err) {
      setPaying(false);
      setError(err instanceof ApiError && err.detail ? err.detail : "Le paiement a échoué. Réessayez.");
    }
  }

  return (
    <section className="section test-checkout">
      <div className="container test-checkout-card">
        <p className="test-banner" role="note">
          Paiement de test — aucune carte n'est débitée. En production, cette page est celle de Stripe.
        </p>
        <h1>Paiement sécurisé</h1>
        {error ? (
          <p className="test-error" role="alert">
            {error}
          </p>
        ) : null}
        {view ? (
          <>
            <p>
              Commande de <strong>{view.customer_email}</strong>
            </p>
            <table className="test-lines">
              <tbody>
                {view.lines.map((line) => (
                  <tr key={line.label}>
                    <th scope="row">{line.label}</th>
                    <td>{formatEuros(line.amount_cents)}</td>
                  </tr>
                ))}
                {view.discount_cents > 0 ? (
                  <tr>
                    <th scope="row">Réduction {view.discount_label}</th>
                    <td>− {formatEuros(view.discount_cents)}</td>
                  </tr>
                ) : null}
                <tr>
                  <th scope="row">{view.vat_label}</th>
                  <td>{formatEuros(view.vat_cents)}</td>
                </tr>
                <tr className="test-total">
                  <th scope="row">Total à payer aujourd'hui (TTC)</th>
                  <td>{formatEuros(view.total_cents)}</td>
                </tr>
              </tbody>
            </table>
            {view.status === "open" ? (
              <>
                <TestCardChoice name="card" value={card} onChange={setCard} />
                <button
                  type="button"
                  className="button button-accent button-large"
                  onClick={pay}
                  disabled={paying}
                >
                  {paying ? "Paiement en cours..." : `Payer ${formatEuros(view.total_cents)}`}
                </button>
              </>
            ) : (
              <p>
                {view.status === "paid"
                  ? "Cette commande est déjà payée."
                  : "Cette session de paiement a expiré."}
              </p>
            )}
            <p>
              <a href={view.cancel_url}>Annuler et revenir au site</a>
            </p>
          </>
        ) : error ? null : (
          <p className="page-loading">Chargement…</p>
        )}
      </div>
    </section>
  );
}
