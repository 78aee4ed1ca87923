import { contactEmailRefusal, SITE_MAIL_MESSAGES } from "@lagon/contracts/site-mail";
import { type FormEvent, useCallback, useState } from "react";
import { explainFailure } from "../../../lib/fetch-json";
import { useApiData } from "../../../lib/use-api-data";
import { getSiteMail } from "../api/get-site-mail";
import { setContactEmail } from "../api/set-contact-email";

type Status = { kind: "idle" } | { kind: "busy" } | { kind: "saved" } | { kind: "error"; message: string };

/**
 * The order page's "Formulaire de contact": where the site's Contact page form delivers (the
 * order's e-mail unless the customer chose another address), and whether the site can send mail.
 */
export function ContactFormBlock({ orderId, token }: { orderId: string; token: string }) {
  const { data, loadError, reload } = useApiData(
    useCallback(() => getSiteMail(orderId, token), [orderId, token]),
    "Réglages du formulaire de contact",
  );
  const [address, setAddress] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  function save(event: FormEvent) {
    event.preventDefault();
    const wanted = (address ?? data?.contact_email ?? "").trim().toLowerCase();
    // The server's own rule (contracts/site-mail.ts), said before the request.
    const refusal = contactEmailRefusal(wanted);
    if (refusal) {
      setStatus({ kind: "error", message: refusal });
      return;
    }
    setStatus({ kind: "busy" });
    setContactEmail(orderId, token, { contact_email: wanted })
      .then(async () => {
        setAddress(null);
        await reload();
        setStatus({ kind: "saved" });
      })
      .catch((err) => {
        setStatus({
          kind: "error",
          message: explainFailure(
            err,
            "Adresse du formulaire de contact non enregistrée",
            "L'adresse n'a pas pu être enregistrée. Vérifiez votre connexion et réessayez.",
          ),
        });
      });
  }

  return (
    <section className="dashboard-card" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Formulaire de contact</h2>
      {loadError ? (
        <p role="alert">
          Les réglages du formulaire n'ont pas pu être chargés. Rechargez la page pour réessayer.
        </p>
      ) : data === null ? (
        <p role="status">Chargement…</p>
      ) : (
        <>
          <p className="dashboard-help">
            La page Contact de votre site propose un formulaire, protégé contre les robots. Les messages
            arrivent à <strong>{data.contact_email}</strong>
            {data.is_default ? " (l'adresse de votre commande)" : ""}.
          </p>
          {data.unavailable_reason ? <p>{data.unavailable_reason}</p> : null}
          {status.kind === "saved" ? (
            <p role="status" className="domain-done">
              {SITE_MAIL_MESSAGES.saved}
            </p>
          ) : null}
          {status.kind === "error" ? (
            <p id="contact-email-error" role="alert" className="status-message is-error">
              {status.message}
            </p>
          ) : null}
          <form onSubmit={save} noValidate>
            <label htmlFor="contact-email">Adresse qui reçoit les messages</label>
            <p className="dashboard-actions">
              <input
                id="contact-email"
                name="contact_email"
                type="email"
                value={address ?? data.contact_email}
                onChange={(event) => setAddress(event.target.value)}
                autoComplete="email"
                spellCheck={false}
                aria-invalid={status.kind === "error" ? true : undefined}
                aria-describedby={status.kind === "error" ? "contact-email-error" : undefined}
              />
              <button type="submit" className="button button-primary" disabled={status.kind === "busy"}>
                Enregistrer
              </button>
            </p>
          </form>
        </>
      )}
    </section>
  );
}
