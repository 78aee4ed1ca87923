import { formatDateTime } from "@lagon/contracts/french-date";
import {
  describeItem,
  formatDuration,
  MONITOR_STATUS_LABELS,
  UPDATE_RESULT_LABELS,
} from "@lagon/contracts/maintenance";
import type {
  MonitoringView,
  SiteVersions,
  UpdateItem,
  UpdateView,
} from "@lagon/contracts/maintenance-schemas";
import { useCallback, useState } from "react";
import { StatusBadge, statusTone } from "../../../components/ui/status-badge";
import { explainFailure } from "../../../lib/fetch-json";
import { useApiData } from "../../../lib/use-api-data";
import { usePolling } from "../../../lib/use-polling";
import { getMaintenance } from "../api/get-maintenance";
import { requestUpdate } from "../api/request-update";
import { DiskUsage } from "./disk-usage";
import "./site-maintenance.css";

/** While an update is queued or running, the block asks again this often. */
const POLL_MS = 5000;

type Request =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "sent"; detail: string }
  | { kind: "error"; message: string };

/**
 * "Mises à jour et surveillance" on the order page: whether the site answers and its recent
 * interruptions, its WordPress versions, the last update, and for a Libre site (mises à jour
 * manuelles) the button that asks for the update the template offers.
 */
export function SiteMaintenance({ orderId, token }: { orderId: string; token: string }) {
  const [request, setRequest] = useState<Request>({ kind: "idle" });

  const {
    data: view,
    loadError,
    reload: load,
  } = useApiData(
    useCallback(() => getMaintenance(orderId, token), [orderId, token]),
    "Maintenance du site",
  );

  const pending = view?.pending ?? false;
  usePolling(pending ? load : null, POLL_MS);

  async function askUpdate() {
    setRequest({ kind: "sending" });
    try {
      const result = await requestUpdate(orderId, token);
      setRequest({ kind: "sent", detail: result.detail });
      await load();
    } catch (err) {
      setRequest({
        kind: "error",
        message: explainFailure(
          err,
          "Mise à jour impossible",
          "La demande n'a pas pu être envoyée. Vérifiez votre connexion et réessayez.",
        ),
      });
    }
  }

  return (
    <section className="dashboard-card" aria-labelledby="maintenance-title">
      <h2 id="maintenance-title">Mises à jour et surveillance</h2>
      {loadError ? (
        <p role="alert">Ces informations n'ont pas pu être chargées. Rechargez la page pour réessayer.</p>
      ) : view === null ? (
        <p role="status">Chargement…</p>
      ) : (
        <>
          <Monitoring monitoring={view.monitoring} />
          {view.disk ? <DiskUsage disk={view.disk} /> : null}
          <h3>Mises à jour</h3>
          {view.mode === "automatic" ? (
            <p className="dashboard-help">
              Mises à jour automatiques : WordPress, vos extensions et votre thème sont mis à jour la nuit,
              après une sauvegarde. Si votre site ne répond plus ensuite, il est remis tel qu'il était.
            </p>
          ) : (
            <p className="dashboard-help">
              Mises à jour manuelles : vous choisissez quand mettre à jour. Votre site est sauvegardé juste
              avant ; s'il ne répond plus ensuite, il est remis tel qu'il était.
            </p>
          )}
          {view.versions ? <Versions versions={view.versions} /> : null}
          {view.last_update ? (
            <LastUpdate update={view.last_update} />
          ) : (
            <p>Aucune mise à jour pour l'instant.</p>
          )}
          {pending ? (
            <p role="status" className="maintenance-pending">
              Mise à jour en cours : votre site est sauvegardé puis mis à jour. Cela prend quelques minutes.
            </p>
          ) : view.mode === "manual" && view.available.length > 0 ? (
            <div className="maintenance-available">
              <p>
                <strong>Mise à jour disponible :</strong> {describeItems(view.available)}.
              </p>
              <button
                type="button"
                className="button button-primary"
                disabled={request.kind === "sending"}
                onClick={() => void askUpdate()}
              >
                {request.kind === "sending" ? "Envoi…" : "Mettre à jour maintenant"}
              </button>
            </div>
          ) : view.mode === "manual" && view.versions ? (
            <p>Votre site est à jour.</p>
          ) : null}
          {request.kind === "sent" && !pending ? <p role="status">{request.detail}</p> : null}
          {request.kind === "error" ? (
            <p role="alert" className="status-message is-error">
              {request.message}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

const describeItems = (items: UpdateItem[]) =>
  items.map((item) => `${describeItem(item)} ${item.from} → ${item.to}`).join(", ");

function Monitoring({ monitoring }: { monitoring: MonitoringView }) {
  const since = monitoring.downtimes.find((d) => d.ended_at === null)?.started_at;
  return (
    <>
      <p className="maintenance-status">
        <StatusBadge tone={monitoring.status === "unknown" ? "muted" : statusTone(monitoring.status)}>
          {MONITOR_STATUS_LABELS[monitoring.status]}
        </StatusBadge>{" "}
        {monitoring.status === "down" && since
          ? `depuis le ${formatDateTime(since)} (${monitoring.reason ?? "ne répond pas"}). Notre équipe est prévenue.`
          : monitoring.checked_at
            ? `Votre site est vérifié toutes les quelques minutes ; dernière vérification le ${formatDateTime(monitoring.checked_at)}.`
            : "Votre site sera vérifié toutes les quelques minutes."}
      </p>
      <h3>Interruptions récentes</h3>
      {monitoring.downtimes.length === 0 ? (
        <p className="dashboard-help">Aucune interruption constatée.</p>
      ) : (
        <ul className="maintenance-list">
          {monitoring.downtimes.map((d) => (
            <li key={d.started_at}>
              <strong>{formatDateTime(d.started_at)}</strong>
              {d.ended_at
                ? ` — hors ligne pendant ${formatDuration(Date.parse(d.ended_at) - Date.parse(d.started_at))}`
                : " — en cours"}
              <br />
              <span className="dashboard-help">{d.reason}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Versions({ versions }: { versions: SiteVersions }) {
  const plugins = Object.entries(versions.plugins);
  const themes = Object.entries(versions.themes);
  return (
    <dl className="maintenance-versions">
      <div>
        <dt>WordPress</dt>
        <dd>{versions.core ?? "inconnue"}</dd>
      </div>
      <div>
        <dt>Extensions</dt>
        <dd>{plugins.length ? plugins.map(([slug, v]) => `${slug} ${v}`).join(", ") : "aucune"}</dd>
      </div>
      <div>
        <dt>Thèmes</dt>
        <dd>{themes.length ? themes.map(([slug, v]) => `${slug} ${v}`).join(", ") : "aucun"}</dd>
      </div>
    </dl>
  );
}

function LastUpdate({ update }: { update: UpdateView }) {
  return (
    <p className="maintenance-last">
      Dernière mise à jour : le {formatDateTime(update.started_at)} —{" "}
      <strong className={`maintenance-result is-${update.result}`}>
        {UPDATE_RESULT_LABELS[update.result]}
      </strong>
      {update.items.length ? ` (${describeItems(update.items)})` : ""}.
      {update.result === "rolled-back" || update.result === "failed" ? (
        <>
          <br />
          <span className="dashboard-help">
            {update.result === "rolled-back"
              ? "Votre site ne répondait plus correctement après la mise à jour : il a été remis automatiquement tel qu'il était. Notre équipe est prévenue."
              : "Notre équipe est prévenue et s'en occupe."}
          </span>
        </>
      ) : null}
    </p>
  );
}
