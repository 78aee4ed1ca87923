import { DOMAIN_STATE_LABEL } from "@lagon/contracts/custom-domain";
import type { AdminCustomDomain } from "@lagon/contracts/custom-domain-schemas";
import { formatDate, formatDateTime } from "@lagon/contracts/french-date";
import { StatusBadge, statusTone } from "../../../components/ui/status-badge";
import "./admin-domain-block.css";

export type DomainAction = "domain-recheck" | "domain-bought" | "domain-refuse" | "domain-remove";

export const isDomainAction = (action: string | null): action is DomainAction =>
  action?.startsWith("domain-") ?? false;

/** The admin endpoint of each action: /api/admin/custom-domains/<order>/<name>. */
export const DOMAIN_ENDPOINT: Record<DomainAction, string> = {
  "domain-recheck": "recheck",
  "domain-bought": "mark-bought",
  "domain-refuse": "refuse",
  "domain-remove": "remove",
};

const BUSY_LABEL: Record<DomainAction, string> = {
  "domain-recheck": "Vérification…",
  "domain-bought": "Enregistrement…",
  "domain-refuse": "Refus…",
  "domain-remove": "Retrait…",
};

/**
 * An order's custom domain as the agency follows it: its state and why, its certificate, every
 * check the worker made, and what the agency can do (mark bought, check again, refuse, remove).
 */
export function AdminDomainBlock({
  domain,
  titleId,
  busy,
  locked,
  onAction,
}: {
  domain: AdminCustomDomain;
  titleId: string;
  busy: DomainAction | null;
  locked: boolean;
  onAction: (action: DomainAction) => void;
}) {
  const refused = domain.failure === "refused";
  // A live domain is checked again only while its renewal fails (each check renews it).
  const checkable =
    domain.state !== "requested" &&
    !refused &&
    (domain.state !== "active" || domain.checks.at(-1)?.ok === false);
  const button = (action: DomainAction, text: string, primary = false) => (
    <button
      type="button"
      className={primary ? "is-primary" : undefined}
      aria-disabled={locked}
      onClick={() => onAction(action)}
    >
      {busy === action ? BUSY_LABEL[action] : text}
    </button>
  );
  return (
    <section className="admin-domain" aria-labelledby={titleId}>
      <div className="admin-domain-head">
        <h3 id={titleId}>
          Domaine personnalisé :{" "}
          {domain.url ? (
            <a href={domain.url} target="_blank" rel="noopener noreferrer">
              {domain.domain}
            </a>
          ) : (
            domain.domain
          )}
        </h3>
        <StatusBadge tone={statusTone(domain.state)} className="admin-badge">
          {DOMAIN_STATE_LABEL[domain.state]}
        </StatusBadge>
      </div>
      <ul className="admin-domain-facts">
        <li>
          {domain.has_own_domain ? "Domaine déjà possédé par le client" : "Domaine à acheter par l'agence"}
        </li>
        {domain.certificate_expires_at ? (
          <li>
            Certificat HTTPS valable jusqu'au{" "}
            <time dateTime={domain.certificate_expires_at}>{formatDate(domain.certificate_expires_at)}</time>
          </li>
        ) : null}
        {domain.next_check_at ? (
          <li>
            {domain.state === "active" ? "Renouvellement prévu le " : "Prochaine vérification le "}
            <time dateTime={domain.next_check_at}>{formatDateTime(domain.next_check_at)}</time>
          </li>
        ) : null}
      </ul>
      {domain.reason ? (
        <p className={domain.state === "failed" ? "admin-domain-reason is-failed" : "admin-domain-reason"}>
          {refused ? "Refusé : " : ""}
          {domain.reason}
        </p>
      ) : null}
      <details className="admin-domain-log">
        <summary>Journal des vérifications ({domain.checks.length})</summary>
        {domain.checks.length === 0 ? (
          <p>Aucune vérification pour l'instant.</p>
        ) : (
          <ol className="admin-logs" aria-label="Vérifications">
            {domain.checks.map((c) => (
              <li key={`${c.at}-${c.details}`} className={c.ok ? undefined : "log-warning"}>
                <time dateTime={c.at}>{formatDateTime(c.at)}</time> —{" "}
                <strong>{DOMAIN_STATE_LABEL[c.state]}</strong>
                {c.ok ? "" : " (échec)"} : {c.details}
              </li>
            ))}
          </ol>
        )}
      </details>
      <div className="admin-actions">
        {domain.state === "requested" ? button("domain-bought", "Marquer comme acheté", true) : null}
        {checkable ? button("domain-recheck", "Vérifier maintenant") : null}
        {refused ? null : button("domain-refuse", "Refuser…")}
        {button("domain-remove", "Retirer le domaine")}
      </div>
    </section>
  );
}
