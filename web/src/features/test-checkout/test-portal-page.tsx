import { formatDate } from "@lagon/contracts/french-date";
import { formatEuros } from "@lagon/contracts/pricing";
import { DEFAULT_TEST_CARD } from "@lagon/contracts/subscriptions";
import type { PortalCardResult, TestPortalView } from "@lagon/contracts/subscriptions-schemas";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useParams } from "react-router";
import { ApiError } from "../../lib/fetch-json";
import { getTestPortal, updateTestPortalCard } from "./api/test-checkout";
import { TestCardChoice } from "./test-card-choice";
import "./test-checkout.css";

/** What the saved card's charge of the open invoice means, after the server's own sentence. */
const RETRY_OUTCOME: Record<PortalCardResult["retry"], string> = {
  paid: "Votre abonnement est à jour et votre site en ligne.",
  declined: "La facture reste à payer : essayez une autre carte.",
  none: "Aucune facture n'était en attente : elle servira aux prochains prélèvements.",
};

/**
 * The embedded default's customer portal (Stripe's Customer Portal in production): the
 * subscription's invoices, and a new card, which pays the open invoice at once. The session id
 * in the address is the credential; it expires after an hour.
 */
export function TestPortalPage() {
  const { portalSessionId = "" } = useParams();
  const [view, setView] = useState<TestPortalView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [card, setCard] = useState<string>(DEFAULT_TEST_CARD);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PortalCardResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    () =>
      getTestPortal(portalSessionId)
        .then(setView)
        .catch((err) =>
          setLoadError(
            err instanceof ApiError && err.detail ? err.detail : "Page de gestion introuvable ou expirée.",
          ),
        ),
    [portalSessionId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  async function saveCard(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await updateTestPortalCard(portalSessionId, card));
      await load();
    } catch (err) {
      console.error("Carte refusée", err);
      setError(
        err instanceof ApiError && err.detail
          ? err.detail
          : "La carte n'a pas pu être enregistrée. Réessayez.",
      );
    } finally {
      setBusy(false);
    }
  }

  const sub = view?.subscription;
  return (
    <section className="section test-checkout">
      <div className="container test-checkout-card test-portal">
        <p className="test-banner" role="note">
          Gestion de test — aucune carte n'est débitée. En production, cette page est le portail client de
          Stripe.
        </p>
        <h1>Votre carte et vos factures</h1>
        {loadError ? (
          <p className="test-error" role="alert">
            {loadError}
          </p>
        ) : null}
        {view && sub ? (
          <>
            <p>
              Site <strong>{view.subdomain}</strong> — {view.customer_email}
            </p>
            <dl className="portal-facts">
              <div>
                <dt>Abonnement</dt>
                <dd>
                  {sub.plan_name}, {formatEuros(sub.amount_ttc_cents)} TTC par mois —{" "}
                  <strong>{sub.status_label}</strong>
                </dd>
              </div>
              <div>
                <dt>Carte enregistrée</dt>
                <dd>{view.card_label ?? "aucune"}</dd>
              </div>
            </dl>

            <h2>Remplacer la carte</h2>
            <form onSubmit={saveCard}>
              <TestCardChoice
                name="portal-card"
                value={card}
                onChange={setCard}
                legend="Nouvelle carte de test"
              />
              <p className="portal-help">
                Une facture en attente est aussitôt présentée à la nouvelle carte.
              </p>
              <button type="submit" className="button button-accent" disabled={busy}>
                {busy ? "Enregistrement…" : "Enregistrer cette carte"}
              </button>
            </form>
            <div role="status" className="portal-result">
              {result ? (
                <p className={result.retry === "declined" ? "test-error" : "portal-ok"}>
                  {result.detail} {RETRY_OUTCOME[result.retry]}
                </p>
              ) : null}
            </div>
            {error ? (
              <p className="test-error" role="alert">
                {error}
              </p>
            ) : null}

            <h2>Factures</h2>
            {view.invoices.length === 0 ? (
              <p>Aucune facture.</p>
            ) : (
              <ul className="portal-invoices">
                {view.invoices.map((i) => (
                  <li key={i.id}>
                    <span className="portal-invoice-label">{i.label}</span>
                    <span className="portal-invoice-amount">{formatEuros(i.amount_ttc_cents)} TTC</span>
                    <span className={`portal-invoice-status is-${i.status}`}>
                      {i.status_label}
                      {i.status === "paid" && i.paid_at ? ` le ${formatDate(i.paid_at)}` : ""}
                      {i.status === "open" && i.attempts > 0
                        ? ` (${i.attempts} tentative${i.attempts > 1 ? "s" : ""} refusée${i.attempts > 1 ? "s" : ""})`
                        : ""}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <p>
              <a className="button button-primary" href={view.return_url}>
                Retour à votre commande
              </a>
            </p>
          </>
        ) : loadError ? null : (
          <p className="page-loading">Chargement…</p>
        )}
      </div>
    </section>
  );
}
