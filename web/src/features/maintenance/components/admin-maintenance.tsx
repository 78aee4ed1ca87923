import { formatDateTime } from "@lagon/contracts/french-date";
import {
  describeItem,
  formatDuration,
  MONITOR_STATUS_LABELS,
  UPDATE_RESULT_LABELS,
  UPDATE_TRIGGER_LABELS,
} from "@lagon/contracts/maintenance";
import type { AdminMaintenance, SiteVersions, UpdateItem } from "@lagon/contracts/maintenance-schemas";
import { StatusBadge, statusTone } from "../../../components/ui/status-badge";
import "./admin-maintenance.css";

const items = (list: UpdateItem[]) => list.map((i) => `${describeItem(i)} ${i.from} → ${i.to}`).join(", ");

const listVersions = (record: Record<string, string>) =>
  Object.entries(record)
    .map(([slug, v]) => `${slug} ${v}`)
    .join(", ") || "aucun";

/** A site's versions, update history and monitoring, folded under one line of the admin card. */
export function AdminMaintenanceBlock({ maintenance: m }: { maintenance: AdminMaintenance }) {
  const open = m.monitoring.downtimes.find((d) => d.ended_at === null);
  const summary = [
    MONITOR_STATUS_LABELS[m.monitoring.status],
    m.versions?.core ? `WordPress ${m.versions.core}` : null,
    m.available.length ? `${m.available.length} mise(s) à jour disponible(s)` : m.versions ? "à jour" : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <details className="admin-maintenance">
      <summary>
        Maintenance :{" "}
        <StatusBadge tone={statusTone(m.monitoring.status)} className="admin-badge">
          {summary}
        </StatusBadge>
      </summary>
      <div className="admin-maintenance-body">
        <h3>Surveillance</h3>
        <p>
          {open
            ? `Hors ligne depuis le ${formatDateTime(open.started_at)} : ${m.monitoring.reason ?? open.reason}.`
            : m.monitoring.checked_at
              ? `Dernière vérification le ${formatDateTime(m.monitoring.checked_at)}.`
              : "Pas encore vérifié."}
        </p>
        {m.monitoring.downtimes.length ? (
          <ul>
            {m.monitoring.downtimes.map((d) => (
              <li key={d.started_at}>
                {formatDateTime(d.started_at)}
                {d.ended_at
                  ? ` → ${formatDateTime(d.ended_at)} (${formatDuration(Date.parse(d.ended_at) - Date.parse(d.started_at))})`
                  : " → en cours"}{" "}
                : {d.reason}
              </li>
            ))}
          </ul>
        ) : (
          <p>Aucune interruption.</p>
        )}
        <h3>Versions</h3>
        {m.versions ? (
          <VersionList versions={m.versions} readAt={m.versions_read_at} />
        ) : (
          <p>Pas encore lues.</p>
        )}
        {m.available.length ? <p>Disponible : {items(m.available)}.</p> : null}
        <h3>Historique des mises à jour</h3>
        {m.updates.length ? (
          <ul>
            {m.updates.map((u) => (
              <li key={u.id}>
                {formatDateTime(u.started_at)} ({UPDATE_TRIGGER_LABELS[u.trigger]}) :{" "}
                <strong className={`maintenance-result is-${u.result}`}>
                  {UPDATE_RESULT_LABELS[u.result]}
                </strong>{" "}
                — {items(u.items)}
                {u.detail ? <span className="admin-subscription-note"> {u.detail}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>Aucune mise à jour.</p>
        )}
      </div>
    </details>
  );
}

function VersionList({ versions, readAt }: { versions: SiteVersions; readAt: string | null }) {
  return (
    <p>
      WordPress {versions.core ?? "?"} · extensions : {listVersions(versions.plugins)} · thèmes :{" "}
      {listVersions(versions.themes)}
      {readAt ? <span className="admin-subscription-note"> (lues le {formatDateTime(readAt)})</span> : null}
    </p>
  );
}
