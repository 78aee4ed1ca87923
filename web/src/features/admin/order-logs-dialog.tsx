import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import type { AdminOrder, EmailLogEntry } from "@lagon/contracts/admin-schemas";
import { formatDateTime } from "@lagon/contracts/french-date";
import { useEffect, useState } from "react";
import { AdminDialog, DialogCloseButton } from "../../components/ui/admin-dialog";
import { EMAIL_STATUS_LABEL, LOG_ACTION_LABEL, LOG_LEVEL_LABEL, label } from "./admin-labels";
import { getOrderEmails } from "./api/get-order-emails";
import "./order-logs-dialog.css";

/** The order's logs (count and entries) and its e-mail log, in a modal dialog. */
export function OrderLogsDialog({
  order,
  token,
  onClose,
}: {
  order: AdminOrder;
  token: string;
  onClose: () => void;
}) {
  const [emails, setEmails] = useState<EmailLogEntry[] | "failed" | null>(null);
  const { logs } = order;

  useEffect(() => {
    getOrderEmails(order.order_id, token)
      .then((r) => setEmails(r.emails))
      .catch((err) => {
        console.error("Journal des e-mails indisponible", err);
        setEmails("failed");
      });
  }, [order.order_id, token]);

  return (
    <AdminDialog
      titleId="logs-title"
      title={`Logs de la commande (${logs.length})`}
      sub={`${order.customer_name} — ${order.order_id.slice(0, 8)}`}
      onClose={onClose}
    >
      {logs.length === 0 ? (
        <p>{ADMIN_MESSAGES.noLogs}</p>
      ) : (
        <ol className="admin-logs">
          {logs.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: logs are append-only, a position never changes
            <li key={i} className={`log-${l.level}`}>
              <time dateTime={l.timestamp}>{formatDateTime(l.timestamp)}</time>{" "}
              <strong>[{label(LOG_LEVEL_LABEL, l.level)}]</strong> {label(LOG_ACTION_LABEL, l.action)} —{" "}
              {l.details}
            </li>
          ))}
        </ol>
      )}
      <h3>E-mails envoyés</h3>
      {emails === null ? (
        <p>Chargement…</p>
      ) : emails === "failed" ? (
        <p>Journal des e-mails indisponible.</p>
      ) : emails.length === 0 ? (
        <p>Aucun e-mail pour cette commande.</p>
      ) : (
        <ul className="admin-logs admin-emails">
          {emails.map((e) => (
            <li key={e.id} className={e.status === "failed" ? "log-error" : undefined}>
              <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time> — « {e.subject} » à{" "}
              {e.recipient} ({e.template}) : <strong>{label(EMAIL_STATUS_LABEL, e.status)}</strong>
              {e.sent_at ? ` le ${formatDateTime(e.sent_at)}` : ""}
              {e.error ? ` — ${e.error}` : ""}
              <details>
                <summary>Contenu (liens masqués)</summary>
                <pre className="admin-email-body">{e.html}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
      <DialogCloseButton />
    </AdminDialog>
  );
}
