import type { AdminOrder } from "@lagon/contracts/admin-schemas";
import { type FormEvent, useState } from "react";
import { AdminDialog, DialogActions, ReasonField } from "../../../components/ui/admin-dialog";

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
  const [reason, setReason] = useState("");

  function submit(event: FormEvent, close: () => void) {
    event.preventDefault();
    if (!reason.trim()) return;
    close();
    onSubmit(reason.trim());
  }

  return (
    <AdminDialog
      titleId="domain-refuse-title"
      title={`Refuser le domaine ${order.custom_domain?.domain ?? ""}`}
      sub={`${order.customer_name} — ${new URL(order.site_url).host}`}
      onClose={onClose}
    >
      {(close) => (
        <form onSubmit={(event) => submit(event, close)} className="admin-editor">
          <ReasonField id="domain-refuse-reason" value={reason} onChange={setReason} />
          <p className="admin-editor-help">
            Le client lit cette raison sur sa page et peut demander un autre domaine. Un domaine déjà en ligne
            est retiré : le site répond de nouveau sur son sous-domaine.
          </p>
          <DialogActions submitLabel="Refuser le domaine" onCancel={close} />
        </form>
      )}
    </AdminDialog>
  );
}
