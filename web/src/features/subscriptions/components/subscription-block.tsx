import { formatDate } from "@lagon/contracts/french-date";
import type { CustomerOrderView } from "@lagon/contracts/orders-schemas";
import { formatEuros } from "@lagon/contracts/pricing";
import type { SubscriptionActionResult, SubscriptionView } from "@lagon/contracts/subscriptions-schemas";
import { useState } from "react";
import { paths } from "../../../config/paths";
import { publicConfig } from "../../../config/public-config";
import { PlanChange } from "./plan-change";
import { SubscriptionCancellation } from "./subscription-cancellation";
import { useBillingPortal } from "./use-billing-portal";
import "./subscription.css";
import { StatusBadge, statusTone } from "../../../components/ui/status-badge";

/**
 * The site's subscription on its order page (docs/operations/subscriptions.md): status, next
 * renewal, amount, scheduled end, what a failed payment or a suspension means and until when,
 * and the customer's actions: card, plan, cancellation (always reachable while it can be asked).
 */
export function SubscriptionBlock({ order, token }: { order: CustomerOrderView; token: string }) {
  // An action's answer is the subscription now, until the page loads the order afresh.
  const [latest, setLatest] = useState<{ from: SubscriptionView | null; sub: SubscriptionView } | null>(null);
  const [done, setDone] = useState("");
  const sub = latest && latest.from === order.subscription ? latest.sub : order.subscription;
  if (!sub) return null;

  const onDone = (result: SubscriptionActionResult) => {
    setLatest({ from: order.subscription, sub: result.subscription });
    setDone(result.detail);
  };
  const running = sub.status === "active" || sub.status === "past_due";
  const unpaid = (sub.status === "suspended" || sub.status === "archived") && isUnpaid(sub);

  return (
    <section className="dashboard-card subscription" aria-labelledby="subscription-title">
      <h2 id="subscription-title">Votre abonnement</h2>
      <p className="subscription-status">
        Statut : <StatusBadge tone={statusTone(sub.status)}>{sub.status_label}</StatusBadge>
      </p>
      <SubscriptionFacts sub={sub} running={running} />
      <SiteChange sub={sub} />
      <SubscriptionWarning sub={sub} />
      <p className="subscription-done" role="status">
        {done}
      </p>
      {running || unpaid ? <CardButton orderId={order.order_id} token={token} /> : null}
      {sub.status === "active" && !sub.cancel_at && sub.plan_choices.length > 0 ? (
        <PlanChange orderId={order.order_id} token={token} sub={sub} onDone={onDone} />
      ) : null}
      {running ? (
        <SubscriptionCancellation orderId={order.order_id} token={token} sub={sub} onDone={onDone} />
      ) : null}
    </section>
  );
}

/** Suspended or archived for non-payment (a payment brings the site back), not by the agency or a cancellation. */
const isUnpaid = (sub: SubscriptionView) =>
  !sub.cancel_at && (sub.status === "archived" || sub.archive_at !== null);

function SubscriptionFacts({ sub, running }: { sub: SubscriptionView; running: boolean }) {
  return (
    <dl className="subscription-facts">
      <div>
        <dt>Formule</dt>
        <dd>
          {sub.plan_name} — {formatEuros(sub.amount_ttc_cents)} TTC par mois
        </dd>
      </div>
      {running && !sub.cancel_at ? (
        <div>
          <dt>{sub.status === "past_due" ? "Échéance impayée" : "Prochain renouvellement"}</dt>
          <dd>{formatDate(sub.current_period_end)}</dd>
        </div>
      ) : null}
      {sub.cancel_at ? (
        <div>
          <dt>{running ? "Fin de l'abonnement" : "Résilié le"}</dt>
          <dd>{formatDate(sub.cancel_at)}</dd>
        </div>
      ) : null}
      {sub.pending_plan ? (
        <div>
          <dt>Changement programmé</dt>
          <dd>
            Formule {sub.pending_plan.plan_name} ({formatEuros(sub.pending_plan.amount_ttc_cents)} TTC par
            mois) à partir du {formatDate(sub.current_period_end)}
          </dd>
        </div>
      ) : null}
      {sub.card_label ? (
        <div>
          <dt>Carte enregistrée</dt>
          <dd>{sub.card_label}</dd>
        </div>
      ) : null}
    </dl>
  );
}

const SITE_CHANGE_TEXT: Record<NonNullable<SubscriptionView["site_change"]>, string> = {
  restoring:
    "Votre site est en cours de remise en ligne. Cette page se met à jour d'elle-même dès qu'il est prêt.",
  suspending: "Suspension de votre site en cours.",
  archiving: "Archivage de votre site en cours : nous gardons une copie de votre site avant de le retirer.",
};

/** The host at work on the site after a change of status: said until it is done. */
function SiteChange({ sub }: { sub: SubscriptionView }) {
  if (!sub.site_change) return null;
  return (
    <p className="subscription-site-change" role="status">
      {SITE_CHANGE_TEXT[sub.site_change]}
    </p>
  );
}

/** What a failed payment, a suspension, a cancellation or an archive means for the site, with its dates. */
function SubscriptionWarning({ sub }: { sub: SubscriptionView }) {
  const contact = <a href={paths.mailto(publicConfig.CONTACT_EMAIL)}>{publicConfig.CONTACT_EMAIL}</a>;
  const exportNote = "votre administration WordPress reste ouverte pour exporter vos contenus";
  if (sub.status === "past_due") {
    return (
      <div className="dashboard-alert subscription-alert" role="alert">
        <p>Le prélèvement de votre abonnement a échoué.</p>
        <p>
          {sub.past_due_since ? `Depuis le ${formatDate(sub.past_due_since)}, nous` : "Nous"} réessayons
          automatiquement. Votre site reste en ligne pour l'instant : mettez à jour votre carte
          {sub.suspend_at ? (
            <>
              {" "}
              avant le <strong>{formatDate(sub.suspend_at)}</strong>, date à laquelle il sera suspendu sans
              paiement
            </>
          ) : null}
          .
        </p>
      </div>
    );
  }
  if (sub.status === "suspended") {
    return isUnpaid(sub) ? (
      <div className="dashboard-alert subscription-alert" role="alert">
        <p>Votre site est suspendu pour non-paiement.</p>
        <p>
          Vos visiteurs voient une page « Site suspendu » ; {exportNote}. Mettez à jour votre carte : le
          paiement rétablit votre site aussitôt.
          {sub.archive_at ? (
            <>
              {" "}
              Sans paiement, il sera retiré de l'hébergement le <strong>{formatDate(sub.archive_at)}</strong>{" "}
              (nous en gardons une copie).
            </>
          ) : null}
        </p>
      </div>
    ) : (
      <div className="dashboard-alert subscription-alert" role="alert">
        <p>Votre site a été suspendu par notre équipe.</p>
        <p>
          Vos visiteurs voient une page « Site suspendu » ; {exportNote}. Pour en savoir plus, écrivez-nous à{" "}
          {contact}.
        </p>
      </div>
    );
  }
  if (sub.status === "cancelled") {
    return (
      <div className="dashboard-alert subscription-alert">
        <p>Votre abonnement est résilié : votre site est hors ligne.</p>
        <p>
          {sub.archive_at ? (
            <>
              Il sera retiré de l'hébergement le <strong>{formatDate(sub.archive_at)}</strong> ; d'ici là,{" "}
            </>
          ) : (
            "D'ici son archivage, "
          )}
          {exportNote}. Pour reprendre votre abonnement, écrivez-nous à {contact}.
        </p>
      </div>
    );
  }
  if (sub.status === "archived") {
    return (
      <div className="dashboard-alert subscription-alert">
        <p>Votre site est archivé.</p>
        <p>
          Il a été retiré de l'hébergement ; nous en gardons une copie.{" "}
          {isUnpaid(sub) ? (
            "Mettez à jour votre carte : le paiement de la facture en attente restaure votre site."
          ) : (
            <>Pour le restaurer, écrivez-nous à {contact}.</>
          )}
        </p>
      </div>
    );
  }
  return null;
}

function CardButton({ orderId, token }: { orderId: string; token: string }) {
  const portal = useBillingPortal(orderId, token);
  return (
    <div className="subscription-card-action">
      <button type="button" className="button button-primary" onClick={portal.open} disabled={portal.busy}>
        {portal.busy ? "Ouverture…" : "Mettre à jour ma carte"}
      </button>
      <p className="dashboard-help">Votre carte et vos factures, sur une page de gestion sécurisée.</p>
      {portal.error ? (
        <p className="dashboard-error" role="alert">
          {portal.error}
        </p>
      ) : null}
    </div>
  );
}
