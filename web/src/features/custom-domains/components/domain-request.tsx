import type { DnsRecord } from "@lagon/contracts/custom-domain-schemas";
import type { CustomerOrderView } from "@lagon/contracts/orders-schemas";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../../lib/fetch-json";
import { requestDomain } from "../api/request-domain";
import { DnsRecordFields } from "./dns-record-fields";
import { DomainStatus } from "./domain-status";
import { MailDnsRecords } from "./mail-dns-records";
import "./domain-request.css";

type Sent = { domain: string; records: DnsRecord[] };

/**
 * The custom-domain block: the request form, then the 'request sent' view after a submit, or the
 * 'request received' view once the order has a custom domain, with the form again when that
 * domain is blocked or refused (a new request replaces it). A refused request shows the
 * server's French detail under the form (docs/decisions/0010-domain-request-shows-error.md).
 */
export function DomainRequestBlock({ order, token }: { order: CustomerOrderView; token: string }) {
  const [sent, setSent] = useState<Sent | null>(null);
  return (
    <section className="dashboard-card" aria-labelledby="domain-title">
      <h2 id="domain-title">Votre propre nom de domaine</h2>
      {sent ? (
        <>
          <p role="status" className="domain-done">
            <strong>Demande envoyée !</strong> Notre équipe vérifie la disponibilité de{" "}
            <strong>{sent.domain}</strong> et vous contacte sous 24h.
          </p>
          <DnsRecords records={sent.records} />
        </>
      ) : order.custom_domain ? (
        <>
          <DomainStatus domain={order.custom_domain} />
          {order.custom_domain.state === "active" ? (
            <MailDnsRecords orderId={order.order_id} token={token} />
          ) : order.custom_domain.failure === "refused" ? null : (
            <DnsRecords records={order.dns_records} />
          )}
          {order.custom_domain.state === "failed" && order.custom_domain.next_check_at === null ? (
            <div className="domain-again">
              <h3>Nouvelle demande</h3>
              <p>
                {order.custom_domain.failure === "refused"
                  ? "Vous pouvez demander un autre nom de domaine."
                  : "Une fois la correction faite chez votre registraire, renvoyez la demande pour ce domaine : la vérification reprend aussitôt. Vous pouvez aussi demander un autre nom de domaine."}
              </p>
              <DomainRequestForm order={order} token={token} onSent={setSent} />
            </div>
          ) : null}
        </>
      ) : (
        <DomainRequestForm order={order} token={token} onSent={setSent} />
      )}
    </section>
  );
}

function DomainRequestForm({
  order,
  token,
  onSent,
}: {
  order: CustomerOrderView;
  token: string;
  onSent: (sent: Sent) => void;
}) {
  const [own, setOwn] = useState<"yes" | "no" | "">("");
  const [domain, setDomain] = useState("");
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const result = await requestDomain(order.order_id, token, {
        hasOwnDomain: own,
        domainName: domain,
        message,
      });
      onSent({ domain: result.domain, records: result.dns_records });
    } catch (err) {
      console.error("Demande de domaine refusée", err);
      setError(
        err instanceof ApiError && err.detail
          ? err.detail
          : "La demande n'a pas pu être envoyée. Vérifiez votre connexion et réessayez.",
      );
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="domain-form">
      <p>
        Remplacez l'adresse <strong>{new URL(order.site_url).hostname}</strong> par votre propre nom de
        domaine.
      </p>
      <ul className="domain-facts">
        <li>Domaines à partir de 15 € par an (.com, .fr, .re).</li>
        <li>Relier un domaine que vous possédez déjà est gratuit.</li>
        <li>Notre équipe vous contacte sous 24h ; la propagation DNS prend ensuite 24 à 48 h.</li>
      </ul>
      <fieldset>
        <legend>Possédez-vous déjà ce nom de domaine ?</legend>
        <label className="inline">
          <input type="radio" name="own" value="yes" checked={own === "yes"} onChange={() => setOwn("yes")} />
          Oui, je le possède déjà
        </label>
        <label className="inline">
          <input type="radio" name="own" value="no" checked={own === "no"} onChange={() => setOwn("no")} />
          Non, je souhaite l'acheter
        </label>
      </fieldset>
      {own ? (
        <>
          <label htmlFor="domain-name">Nom de domaine *</label>
          <input
            id="domain-name"
            required
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            inputMode="url"
            maxLength={253}
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            placeholder="mon-entreprise.re"
            aria-describedby={own === "yes" ? "domain-help" : undefined}
            aria-invalid={error ? true : undefined}
          />
          {own === "yes" ? (
            <p id="domain-help" className="dashboard-help">
              Après votre demande, nous vous indiquons les enregistrements DNS à configurer chez votre
              registraire.
            </p>
          ) : null}
          <label htmlFor="domain-message">Message (optionnel)</label>
          <textarea
            id="domain-message"
            rows={3}
            maxLength={2000}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          <p className="dashboard-help">
            Notre équipe valide la disponibilité du domaine et vous contacte sous 24h.
          </p>
          {error ? (
            <p className="dashboard-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? "Envoi…" : "Envoyer ma demande"}
          </button>
        </>
      ) : null}
    </form>
  );
}

const RECORD_HELP: Record<DnsRecord["type"], string> = {
  A: "adresse IPv4",
  AAAA: "adresse IPv6",
  ALIAS: "ou ANAME selon votre registraire",
  CNAME: "alias",
};

/** What the customer sets at their registrar so their own domain reaches their site. */
function DnsRecords({ records }: { records: DnsRecord[] }) {
  if (records.length === 0) {
    return <p>Nous nous occupons de l'achat et de la configuration du domaine : vous n'avez rien à faire.</p>;
  }
  return (
    <div className="dns-records">
      <h3>Les enregistrements DNS à configurer chez votre registraire</h3>
      <ul className="dns-list">
        {records.map((r) => (
          <li key={`${r.type}-${r.name}`}>
            <DnsRecordFields
              type={
                <>
                  <strong>{r.type}</strong> <span className="dns-type-help">({RECORD_HELP[r.type]})</span>
                </>
              }
              name={r.name}
              value={r.value}
            />
          </li>
        ))}
      </ul>
      <p className="dashboard-help">
        Supprimez d'abord les anciens enregistrements A ou CNAME de ces noms. La propagation DNS prend 24 à 48
        h ; nous activons ensuite votre domaine et son certificat SSL.
      </p>
    </div>
  );
}
