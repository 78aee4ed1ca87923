import { formatDateTime } from "@lagon/contracts/french-date";
import type { TestClockView } from "@lagon/contracts/subscriptions-schemas";
import { type FormEvent, useEffect, useState } from "react";
import { ApiError } from "../../../lib/fetch-json";
import type { Notice } from "../../admin/admin-notice";
import { advanceTestClock } from "../api/advance-test-clock";
import { getTestClock } from "../api/get-test-clock";
import "./admin-test-clock.css";

/**
 * The billing test clock (offline payments only, docs/operations/subscriptions.md): its date,
 * and "advance N days", which runs renewals, retries, reminders, suspensions and archival as if
 * the days had passed. With Stripe the API answers 404 and nothing shows.
 */
export function AdminTestClock({
  token,
  onAdvanced,
}: {
  token: string;
  onAdvanced: (notice: Notice) => void;
}) {
  const [clock, setClock] = useState<TestClockView | null>(null);
  const [days, setDays] = useState("1");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    getTestClock(token)
      .then(setClock)
      .catch((err) => {
        if (!(err instanceof ApiError && err.status === 404))
          console.error("Horloge de test indisponible", err);
      });
  }, [token]);

  if (!clock) return null;

  async function advance(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const next = await advanceTestClock(token, Number(days));
      setClock(next);
      onAdvanced({ tone: "success", text: `Horloge avancée au ${formatDateTime(next.now)}.` });
    } catch (err) {
      setError(err instanceof ApiError && err.detail ? err.detail : "L'horloge n'a pas pu avancer.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-clock" aria-labelledby="clock-title">
      <h2 id="clock-title">Horloge de facturation (test)</h2>
      <p>
        Date simulée : <strong>{formatDateTime(clock.now)}</strong>{" "}
        <span className="admin-clock-offset">
          (
          {clock.offset_days === 0
            ? "heure réelle"
            : `+${clock.offset_days} jour${clock.offset_days > 1 ? "s" : ""}`}
          )
        </span>
      </p>
      <form className="admin-clock-form" onSubmit={advance}>
        <label htmlFor="clock-days">Avancer de (jours)</label>
        <input
          id="clock-days"
          type="number"
          inputMode="numeric"
          min={1}
          max={400}
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
          aria-describedby="clock-help"
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" className="button button-primary" aria-disabled={busy}>
          {busy ? "Avancement…" : "Avancer l'horloge"}
        </button>
      </form>
      <p id="clock-help" className="admin-clock-help">
        Renouvellements, nouvelles tentatives, rappels, suspensions et archivages s'exécutent jour par jour,
        avec leurs e-mails. Sans Stripe seulement.
      </p>
      {error ? (
        <p className="admin-clock-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
