import { DOMAIN_STATE_LABEL, type DomainState } from "@lagon/contracts/custom-domain";
import type { CustomDomainView } from "@lagon/contracts/custom-domain-schemas";
import { formatDateTime } from "@lagon/contracts/french-date";

const STAGES: { state: DomainState; label: string }[] = [
  { state: "dns_pending", label: "Vérification de vos enregistrements DNS" },
  { state: "certificate_pending", label: "Création du certificat HTTPS" },
  { state: "active", label: "Site en ligne sur votre domaine" },
];
const ORDER: DomainState[] = ["requested", "dns_pending", "dns_ok", "certificate_pending", "active"];

/** Where the customer's domain stands, in French: its stages, what blocks it and what to do. */
export function DomainStatus({ domain }: { domain: CustomDomainView }) {
  const reached = ORDER.indexOf(domain.state);
  return (
    <div className="domain-status" data-state={domain.state}>
      <p role="status">
        <strong>{domain.domain}</strong> : {DOMAIN_STATE_LABEL[domain.state]}
        {domain.state === "active" && domain.url ? (
          <>
            {" "}
            — <a href={domain.url}>{domain.url}</a>
          </>
        ) : null}
      </p>
      {domain.state === "requested" ? (
        <p>
          Notre équipe achète le domaine et le configure : nous vous prévenons par e-mail dès qu'il est en
          ligne.
        </p>
      ) : domain.state !== "failed" ? (
        <ol className="domain-stages">
          {STAGES.map((stage) => {
            const index = ORDER.indexOf(stage.state);
            const status =
              reached > index || domain.state === "active"
                ? "fait"
                : reached === index || (stage.state === "certificate_pending" && domain.state === "dns_ok")
                  ? "en cours"
                  : "à venir";
            return (
              <li key={stage.state} data-status={status}>
                {stage.label} : {status}
              </li>
            );
          })}
        </ol>
      ) : null}
      {domain.reason ? (
        <p
          className={domain.state === "failed" ? "dashboard-error" : "dashboard-help"}
          role={domain.state === "failed" ? "alert" : undefined}
        >
          {domain.reason}
        </p>
      ) : null}
      {domain.state === "dns_pending" && domain.next_check_at ? (
        <p className="dashboard-help">
          Prochaine vérification automatique : {formatDateTime(domain.next_check_at)}.
        </p>
      ) : null}
    </div>
  );
}
