import type { AdminOrder } from "@lagon/contracts/admin-schemas";
import { formatDate } from "@lagon/contracts/french-date";
import { type FormEvent, useState } from "react";
import { AdminDialog, DialogActions, ReasonField } from "../../../components/ui/admin-dialog";
import "./subscription-action-dialog.css";

export type SubscriptionAdminAction = "suspend" | "unsuspend" | "cancel";
export type SubscriptionActionBody = { reason: string } | { when: "now" | "period_end" };

const TITLE: Record<SubscriptionAdminAction, string> = {
  suspend: "Suspendre le site",
  unsuspend: "Lever la suspension",
  cancel: "Résilier l'abonnement",
};

/**
 * What the agency gives before acting on a subscription, in a modal dialog: the reason of a
 * suspension or of its lifting (e-mailed to the customer and audited), or when a cancellation
 * takes effect.
 */
export function SubscriptionActionDialog({
  order,
  action,
  onSubmit,
  onClose,
}: {
  order: AdminOrder;
  action: SubscriptionAdminAction;
  onSubmit: (body: SubscriptionActionBody) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const [when, setWhen] = useState<"now" | "period_end">("period_end");
  const host = new URL(order.site_url).host;
  const periodEnd = order.subscription ? formatDate(order.subscription.current_period_end) : "";

  function submit(event: FormEvent, close: () => void) {
    event.preventDefault();
    if (action !== "cancel" && !reason.trim()) return;
    close();
    onSubmit(action === "cancel" ? { when } : { reason: reason.trim() });
  }

  return (
    <AdminDialog
      titleId="sub-action-title"
      title={TITLE[action]}
      sub={`${order.customer_name} — ${host}`}
      onClose={onClose}
    >
      {(close) => (
        <form onSubmit={(event) => submit(event, close)} className="admin-editor">
          {action === "cancel" ? (
            <fieldset className="admin-choice">
              <legend>Prise d'effet</legend>
              <label>
                <input
                  type="radio"
                  name="when"
                  value="period_end"
                  checked={when === "period_end"}
                  onChange={() => setWhen("period_end")}
                />
                À la fin de la période en cours{periodEnd ? `, le ${periodEnd}` : ""} (sans préavis)
              </label>
              <label>
                <input
                  type="radio"
                  name="when"
                  value="now"
                  checked={when === "now"}
                  onChange={() => setWhen("now")}
                />
                Tout de suite : le site est mis hors ligne immédiatement
              </label>
            </fieldset>
          ) : (
            <ReasonField id="sub-action-reason" value={reason} onChange={setReason} />
          )}
          {action === "suspend" ? (
            <p className="admin-editor-help">
              Les visiteurs voient la page « Site suspendu » (HTTP 503) ; l'administration WordPress reste
              ouverte. Un paiement ne lève pas cette suspension et aucun archivage automatique n'a lieu.
            </p>
          ) : null}
          <DialogActions submitLabel={action === "cancel" ? "Résilier" : TITLE[action]} onCancel={close} />
        </form>
      )}
    </AdminDialog>
  );
}
