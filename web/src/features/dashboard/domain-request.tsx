import type { OrderView } from "@lagon/contracts/orders";
import { type FormEvent, useState } from "react";
import { ApiError, fetchJson } from "../../lib/fetch-json";

/** The custom-domain block: the request form, or its 'received' / 'sent' views. */
export function DomainRequestBlock({
  order,
  token,
  dnsTarget,
}: {
  order: OrderView;
  token: string;
  dnsTarget: string;
}) {
  const [own, setOwn] = useState<"yes" | "no" | "">("");
  const [domain, setDomain] = useState("");
  const [message, setMessage] = useState("");
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await fetchJson(
        `/api/order/${encodeURIComponent(order.order_id)}/domain?token=${encodeURIComponent(token)}`,
        {
          method: "POST",
          body: JSON.stringify({ hasOwnDomain: own, domainName: domain, message }),
        },
      );
      setSent(true);
    } catch (err) {
      console.error("Demande de domaine refusée", err);
      setError(err instanceof ApiError && err.detail ? err.detail : "La demande n'a pas pu être envoyée.");
    }
  }

  const requested = order.custom_domain;
  return (
    <section className="dashboard-card" aria-labelledby="domain-title">
      <h2 id="domain-title">Votre propre nom de domaine</h2>
      {requested ? (
        <>
          <p>
            <strong>Demande reçue</strong> pour <strong>{requested.domain}</strong> (
            {statusLabel(requested.status)}). Notre équipe vous contacte sous 24h.
          </p>
          <DnsRecords domain={requested.domain} target={dnsTarget} />
        </>
      ) : sent ? (
        <p role="status">
          <strong>Demande envoyée !</strong> Notre équipe vérifie la disponibilité de {domain} et vous
          contacte sous 24h.
        </p>
      ) : (
        <form onSubmit={submit} className="domain-form">
          <p>
            Remplacez votre adresse {order.subdomain} par votre propre domaine. Domaines à partir de 15 € par
            an (.com, .fr, .re) ; relier un domaine que vous possédez déjà est gratuit. La propagation DNS
            prend ensuite 24 à 48 h.
          </p>
          <fieldset>
            <legend>Possédez-vous déjà ce domaine ?</legend>
            <label className="inline">
              <input
                type="radio"
                name="own"
                value="yes"
                checked={own === "yes"}
                onChange={() => setOwn("yes")}
              />{" "}
              Oui
            </label>
            <label className="inline">
              <input
                type="radio"
                name="own"
                value="no"
                checked={own === "no"}
                onChange={() => setOwn("no")}
              />{" "}
              Non, je souhaite l'acheter
            </label>
          </fieldset>
          {own ? (
            <>
              <label htmlFor="domain-name">Nom de domaine *</label>
              <input
                id="domain-name"
                required
                value={domain}
                onChange={(e) => setDomain(e.target.value)}
                placeholder="mon-entreprise.re"
              />
              <label htmlFor="domain-message">Message (optionnel)</label>
              <textarea
                id="domain-message"
                rows={3}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
              />
              <p className="field-help">
                Notre équipe vérifie la disponibilité du domaine avant toute démarche.
              </p>
              {error ? (
                <p className="dashboard-error" role="alert">
                  {error}
                </p>
              ) : null}
              <button type="submit" className="button button-primary">
                Envoyer ma demande
              </button>
            </>
          ) : null}
        </form>
      )}
    </section>
  );
}

function statusLabel(status: string): string {
  return { pending: "en cours de traitement", active: "actif", rejected: "refusée" }[status] ?? status;
}

/** What the customer sets at their registrar so the domain points to their site. */
function DnsRecords({ domain, target }: { domain: string; target: string }) {
  return (
    <details className="dns-records">
      <summary>Les enregistrements DNS à configurer chez votre registraire</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Nom</th>
            <th scope="col">Valeur</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>CNAME</td>
            <td>www.{domain}</td>
            <td>{target}</td>
          </tr>
          <tr>
            <td>ALIAS / ANAME</td>
            <td>{domain}</td>
            <td>{target}</td>
          </tr>
        </tbody>
      </table>
    </details>
  );
}
