import type { AdminOrder } from "@lagon/contracts/admin-schemas";
import { type FormEvent, useEffect, useRef, useState } from "react";

/** The agency refuses a custom-domain request: the reason, e-mailed to the customer, in a modal dialog. */
export function DomainRefuseDialog({
  order,
  onSubmit,
  onClose,
}: {
  order: AdminOrder;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState("");

  useEffect(() => {
    ref.current?.showModal();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return;
    ref.current?.close();
    onSubmit(reason.trim());
  }

  return (
    <dialog ref={ref} className="admin-dialog" aria-labelledby="domain-refuse-title" onClose={onClose}>
      <h2 id="domain-refuse-title">
        Refuser le domaine {order.custom_domain?.domain}
        <span className="admin-dialog-sub">
          {order.customer_name} — {new URL(order.site_url).host}
        </span>
      </h2>
      <form onSubmit={submit} className="admin-editor">
        <label htmlFor="domain-refuse-reason">Raison (envoyée au client par e-mail)</label>
        <textarea
          id="domain-refuse-reason"
          rows={3}
          maxLength={500}
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <p className="admin-editor-help">
          Le client lit cette raison sur sa page et peut demander un autre domaine. Un domaine déjà en ligne
          est retiré : le site répond de nouveau sur son sous-domaine.
        </p>
        <div className="admin-actions admin-dialog-actions">
          <button type="submit" className="is-primary">
            Refuser le domaine
          </button>
          <button type="button" onClick={() => ref.current?.close()}>
            Annuler
          </button>
        </div>
      </form>
    </dialog>
  );
}
