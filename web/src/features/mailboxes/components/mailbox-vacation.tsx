import { formatDate } from "@lagon/contracts/french-date";
import { type MailboxVacation, VACATION_LIMITS } from "@lagon/contracts/mailboxes";
import type { MailboxView } from "@lagon/contracts/mailboxes-schemas";
import { type FormEvent, useState } from "react";
import { explainFailure } from "../../../lib/fetch-json";
import type { MailAccess } from "../api/mail-access";
import { setMailboxVacation } from "../api/set-mailbox-vacation";

const DEFAULT_SUBJECT = "Absence";
const DEFAULT_MESSAGE =
  "Bonjour,\n\nJe suis absent(e) en ce moment et lirai votre message à mon retour.\n\nBien cordialement,";

/** "du 24 décembre 2026 au 2 janvier 2027", "à partir du …", "jusqu'au …" or "" (La Réunion's days). */
export function vacationPeriod({ start, end }: Pick<MailboxVacation, "start" | "end">): string {
  const day = (d: string) => formatDate(`${d}T12:00:00+04:00`);
  if (start && end) return `du ${day(start)} au ${day(end)}`;
  if (start) return `à partir du ${day(start)}`;
  if (end) return `jusqu'au ${day(end)}`;
  return "";
}

/** What a mailbox's line says of its out-of-office reply. */
export function vacationSummary(vacation: MailboxVacation | null): string {
  if (!vacation?.enabled) return "Réponse automatique désactivée";
  const period = vacationPeriod(vacation);
  return `Réponse automatique activée${period ? ` ${period}` : ""}`;
}

/**
 * The out-of-office reply of one mailbox: on or off, its subject, its message and optional first
 * and last days. The server writes the reply from these (one answer per sender per day).
 */
export function MailboxVacationForm({
  access,
  mailbox,
  onSaved,
  onClose,
}: {
  access: MailAccess;
  mailbox: MailboxView;
  onSaved: (saved: MailboxView) => Promise<void>;
  onClose: () => void;
}) {
  const saved = mailbox.vacation;
  const [enabled, setEnabled] = useState(saved ? saved.enabled : true);
  const [subject, setSubject] = useState(saved?.subject ?? DEFAULT_SUBJECT);
  const [message, setMessage] = useState(saved?.message ?? DEFAULT_MESSAGE);
  const [start, setStart] = useState(saved?.start ?? "");
  const [end, setEnd] = useState(saved?.end ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `vacation-${name}-${mailbox.address.replace(/[^a-z0-9]/g, "-")}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await setMailboxVacation(access, mailbox.address, {
        enabled,
        subject,
        message,
        start,
        end,
      });
      await onSaved(result);
    } catch (err) {
      setError(
        explainFailure(
          err,
          "Réponse automatique non enregistrée",
          "La réponse automatique n'a pas pu être enregistrée. Réessayez.",
        ),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="backup-confirm domain-form"
      onSubmit={submit}
      noValidate
      aria-label={`Réponse automatique de ${mailbox.address}`}
    >
      <p>
        <strong>Réponse automatique de {mailbox.address}</strong>
      </p>
      <label className="inline">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        Répondre automatiquement aux messages reçus
      </label>
      <label htmlFor={id("subject")}>Objet</label>
      <input
        id={id("subject")}
        value={subject}
        maxLength={VACATION_LIMITS.subject}
        onChange={(event) => setSubject(event.target.value)}
      />
      <label htmlFor={id("message")}>Message</label>
      <textarea
        id={id("message")}
        value={message}
        rows={6}
        maxLength={VACATION_LIMITS.message}
        onChange={(event) => setMessage(event.target.value)}
      />
      <div className="vacation-days">
        <span>
          <label htmlFor={id("start")}>Du (facultatif)</label>
          <input
            id={id("start")}
            type="date"
            value={start}
            onChange={(event) => setStart(event.target.value)}
          />
        </span>
        <span>
          <label htmlFor={id("end")}>Au (facultatif)</label>
          <input id={id("end")} type="date" value={end} onChange={(event) => setEnd(event.target.value)} />
        </span>
      </div>
      <p className="dashboard-help">
        Chaque expéditeur reçoit cette réponse une fois par jour au plus. Les dates sont celles de La Réunion.
      </p>
      {error ? (
        <p role="alert" className="status-message is-error">
          {error}
        </p>
      ) : null}
      <p className="dashboard-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          Enregistrer
        </button>
        <button type="button" className="dashboard-small-button" onClick={onClose}>
          Fermer
        </button>
      </p>
    </form>
  );
}
