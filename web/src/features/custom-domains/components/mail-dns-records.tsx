import type { MailDnsCheck, MailDnsRecord } from "@lagon/contracts/custom-domain-schemas";
import { formatDateTime } from "@lagon/contracts/french-date";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/fetch-json";
import { getMailDnsRecords } from "../api/get-mail-dns-records";
import { DnsRecordFields } from "./dns-record-fields";

const STATUS_LABEL: Record<MailDnsRecord["status"], string> = {
  ok: "Correct",
  missing: "À créer",
  wrong: "À corriger",
  unreachable: "Non vérifié",
};

/**
 * The mail records of the customer's live domain (MX, SPF, DKIM, DMARC), each with
 * what the last check found and what to do, in French; "Vérifier à nouveau" checks them again.
 */
export function MailDnsRecords({ orderId, token }: { orderId: string; token: string }) {
  const [check, setCheck] = useState<MailDnsCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const latest = useRef(0);

  const run = useCallback(async () => {
    const request = ++latest.current;
    setBusy(true);
    try {
      const result = await getMailDnsRecords(orderId, token);
      if (request !== latest.current) return;
      setCheck(result);
      setError(null);
    } catch (err) {
      if (request !== latest.current) return;
      // A refusal the server explains (a plan without mail, a host down) is shown, not logged.
      if (err instanceof ApiError && err.detail) return setError(err.detail);
      console.error("Vérification des enregistrements e-mail impossible", err);
      setError("Vérification impossible pour le moment : réessayez dans quelques minutes.");
    } finally {
      if (request === latest.current) setBusy(false);
    }
  }, [orderId, token]);

  useEffect(() => {
    void run();
  }, [run]);

  const done = check?.records.filter((r) => r.status === "ok").length ?? 0;
  return (
    <div className="dns-records">
      <h3>Vos adresses e-mail sur votre domaine</h3>
      <p>
        Votre domaine est en ligne : vous pouvez y créer vos adresses e-mail (bloc « Adresses e-mail »). Pour
        que le courrier arrive et parte sans finir en indésirables, ajoutez ces enregistrements chez votre
        registraire ; vos adresses sur le sous-domaine de votre site continuent de fonctionner. Rien à ajouter
        pour Thunderbird ni Outlook : ils trouvent seuls les réglages de vos adresses sur votre domaine.
      </p>
      {error ? (
        <p className="dashboard-error" role="alert">
          {error}
        </p>
      ) : null}
      {check ? (
        <>
          <p role="status">
            {done === check.records.length
              ? "Tous vos enregistrements e-mail sont corrects."
              : `${done} enregistrement${done > 1 ? "s" : ""} correct${done > 1 ? "s" : ""} sur ${check.records.length}.`}{" "}
            Dernière vérification : {formatDateTime(check.checked_at)}.
          </p>
          <ul className="dns-list">
            {check.records.map((r) => (
              <li key={`${r.label}-${r.name}`} data-status={r.status}>
                <h4>
                  {r.label} : {STATUS_LABEL[r.status]}
                </h4>
                <p className="dashboard-help">{r.purpose}</p>
                <DnsRecordFields
                  type={
                    <>
                      <strong>{r.type}</strong>
                      {r.priority !== null ? ` (priorité ${r.priority})` : null}
                    </>
                  }
                  name={r.name}
                  value={r.value}
                />
                {r.detail ? (
                  <p className={r.status === "wrong" ? "dashboard-error" : "dashboard-help"}>{r.detail}</p>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="dashboard-help">
            La propagation DNS prend de quelques minutes à 48 h : vérifiez à nouveau une fois vos
            enregistrements ajoutés.
          </p>
        </>
      ) : null}
      <button type="button" className="dashboard-small-button" onClick={() => void run()} disabled={busy}>
        {busy ? "Vérification…" : "Vérifier à nouveau"}
      </button>
    </div>
  );
}
