import type { EmailLogEntry } from "@lagon/contracts/admin";
import { formatDateTime } from "@lagon/contracts/french-date";
import type { LogEntry } from "@lagon/contracts/orders";
import { useEffect, useRef, useState } from "react";
import { adminFetch } from "./admin-api";

const EMAIL_STATUS: Record<string, string> = {
  queued: "en file",
  sent: "envoyé",
  recorded: "enregistré (pas de SMTP)",
  failed: "échec",
};

/** The order's logs (count and entries) and its e-mail log, in a modal dialog. */
export function OrderLogsDialog({
  orderId,
  logs,
  token,
  onClose,
}: {
  orderId: string;
  logs: LogEntry[];
  token: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [emails, setEmails] = useState<EmailLogEntry[] | null>(null);
  useEffect(() => {
    ref.current?.showModal();
    adminFetch<{ emails: EmailLogEntry[] }>(`/api/admin/orders/${orderId}/emails`, token)
      .then((r) => setEmails(r.emails))
      .catch((err) => console.error("Journal des e-mails indisponible", err));
  }, [orderId, token]);
  return (
    <dialog ref={ref} className="admin-dialog" aria-labelledby="logs-title" onClose={onClose}>
      <h2 id="logs-title">Logs de la commande ({logs.length})</h2>
      {logs.length === 0 ? (
        <p>Aucun log disponible pour cette commande</p>
      ) : (
        <ol className="admin-logs">
          {logs.map((l) => (
            <li key={`${l.timestamp}-${l.action}-${l.details}`} className={`log-${l.level}`}>
              <time dateTime={l.timestamp}>{formatDateTime(l.timestamp)}</time> <strong>[{l.level}]</strong>{" "}
              {l.action} — {l.details}
            </li>
          ))}
        </ol>
      )}
      <h3>E-mails envoyés</h3>
      {emails === null ? (
        <p>Chargement…</p>
      ) : emails.length === 0 ? (
        <p>Aucun e-mail pour cette commande.</p>
      ) : (
        <ul className="admin-logs">
          {emails.map((e) => (
            <li key={e.id}>
              <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time> — {e.subject} →{" "}
              {e.recipient} ({EMAIL_STATUS[e.status] ?? e.status}
              {e.error ? ` : ${e.error}` : ""})
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button-primary" onClick={() => ref.current?.close()}>
        Fermer
      </button>
    </dialog>
  );
}
