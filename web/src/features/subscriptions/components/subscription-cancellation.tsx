import { CANCELLATION_NOTICE_DAYS } from "@lagon/contracts/billing-dates";
import { formatDate } from "@lagon/contracts/french-date";
import type { SubscriptionActionResult, SubscriptionView } from "@lagon/contracts/subscriptions-schemas";
import { useEffect, useRef, useState } from "react";
import { failureText } from "../../../lib/fetch-json";
import { postSubscriptionAction } from "../api/post-subscription-action";

/**
 * Cancellation online (Code de la consommation L215-1-1): always offered while the subscription
 * runs, with its notice stated; "Résilier mon abonnement" shows the date it would take effect and
 * what follows, and "Confirmer la résiliation" asks for it. Once scheduled, it can be undone
 * until that date.
 */
export function SubscriptionCancellation({
  orderId,
  token,
  sub,
  onDone,
}: {
  orderId: string;
  token: string;
  sub: SubscriptionView;
  onDone: (result: SubscriptionActionResult) => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const panel = useRef<HTMLHeadingElement>(null);
  // After a cancellation or its undoing, the part that replaced the button takes the focus.
  const root = useRef<HTMLDivElement>(null);
  const [actions, setActions] = useState(0);

  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);
  useEffect(() => {
    if (actions > 0) root.current?.focus();
  }, [actions]);

  async function run(action: "cancel" | "undo-cancel") {
    setBusy(true);
    setError(null);
    try {
      const result = await postSubscriptionAction(orderId, token, action);
      setOpen(false);
      setActions((n) => n + 1);
      onDone(result);
    } catch (err) {
      console.error("Résiliation refusée", err);
      setError(failureText(err, "La demande n'a pas abouti. Vérifiez votre connexion et réessayez."));
    } finally {
      setBusy(false);
    }
  }

  const errorLine = error ? (
    <p className="dashboard-error" role="alert">
      {error}
    </p>
  ) : null;

  if (sub.cancel_at) {
    return (
      <div className="subscription-cancel is-scheduled" ref={root} tabIndex={-1}>
        <h3>Résiliation programmée</h3>
        <p>
          Votre abonnement prend fin le <strong>{formatDate(sub.cancel_at)}</strong>. Votre site reste en
          ligne jusqu'à cette date, puis il est mis hors ligne. Vous pouvez changer d'avis jusque-là.
        </p>
        {errorLine}
        <button
          type="button"
          className="button dashboard-small-button"
          onClick={() => run("undo-cancel")}
          disabled={busy}
        >
          {busy ? "Annulation…" : "Annuler la résiliation"}
        </button>
      </div>
    );
  }

  return (
    <div className="subscription-cancel" ref={root} tabIndex={-1}>
      <h3>Résiliation</h3>
      <p className="dashboard-help">
        Résiliable en ligne à tout moment, avec un préavis de {CANCELLATION_NOTICE_DAYS} jours : la
        résiliation prend effet à la fin de la période de facturation qui contient la date du jour plus{" "}
        {CANCELLATION_NOTICE_DAYS} jours.
      </p>
      {open ? (
        <div className="subscription-confirm">
          <h4 ref={panel} tabIndex={-1}>
            Si vous confirmez aujourd'hui, votre abonnement prendra fin le{" "}
            {formatDate(sub.cancel_effective_if_now)}.
          </h4>
          <ul>
            <li>
              Jusqu'à cette date, votre site reste en ligne et l'abonnement est facturé normalement (préavis
              de {CANCELLATION_NOTICE_DAYS} jours).
            </li>
            {sub.status === "past_due" ? (
              <li>
                Le prélèvement en retard reste dû : sans paiement, le site sera suspendu
                {sub.suspend_at ? ` le ${formatDate(sub.suspend_at)}` : " avant cette date"}.
              </li>
            ) : null}
            <li>
              Ce jour-là, votre site est mis hors ligne : vos visiteurs voient une page « Site suspendu ».
              Votre administration WordPress reste ouverte quelque temps pour exporter vos contenus, puis le
              site est retiré de l'hébergement.
            </li>
            <li>
              Vous recevez une confirmation par e-mail et pouvez annuler la résiliation jusqu'à cette date.
            </li>
          </ul>
          {errorLine}
          <div className="dashboard-actions">
            <button
              type="button"
              className="button button-accent"
              onClick={() => run("cancel")}
              disabled={busy}
            >
              {busy ? "Envoi…" : "Confirmer la résiliation"}
            </button>
            <button
              type="button"
              className="button dashboard-small-button"
              onClick={() => {
                setOpen(false);
                setError(null);
              }}
            >
              Garder mon abonnement
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button dashboard-small-button" onClick={() => setOpen(true)}>
          Résilier mon abonnement
        </button>
      )}
    </div>
  );
}
