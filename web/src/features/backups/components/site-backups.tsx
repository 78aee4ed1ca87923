import { BACKUP_KIND_LABELS, formatBytes } from "@lagon/contracts/backups";
import type { BackupView } from "@lagon/contracts/backups-schemas";
import { formatDateTime } from "@lagon/contracts/french-date";
import type { JobStarted } from "@lagon/contracts/jobs-schemas";
import { useCallback, useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { explainFailure } from "../../../lib/fetch-json";
import { followJob } from "../../../lib/follow-job";
import { useApiData } from "../../../lib/use-api-data";
import { getBackups } from "../api/get-backups";
import { getRestoreJob } from "../api/get-restore-job";
import { restoreBackup } from "../api/restore-backup";

type Status =
  | { kind: "idle" }
  | { kind: "confirm"; backup: BackupView }
  | { kind: "restoring"; backup: BackupView }
  | { kind: "done"; backup: BackupView }
  | { kind: "still-running"; backup: BackupView }
  | { kind: "error"; message: string };

/**
 * The site's backups on the order page: the list, and a restore behind a confirmation that says
 * what is lost (everything done on the site since) and what is kept (a backup taken just before).
 * The restore runs as a job: the page follows it until it ends.
 */
export function SiteBackups({ orderId, token }: { orderId: string; token: string }) {
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  const {
    data,
    loadError,
    reload: load,
  } = useApiData(
    useCallback(() => getBackups(orderId, token), [orderId, token]),
    "Liste des sauvegardes",
  );
  const backups = data?.backups ?? null;

  async function restore(backup: BackupView) {
    setStatus({ kind: "restoring", backup });
    let started: JobStarted;
    try {
      started = await restoreBackup(orderId, token, backup.id);
    } catch (err) {
      // A refusal the server explains is shown as is; anything else is unexpected.
      setStatus({
        kind: "error",
        message: explainFailure(
          err,
          "Restauration impossible",
          "La restauration n'a pas pu être lancée. Vérifiez votre connexion et réessayez.",
        ),
      });
      return;
    }
    const end = await followJob(() => getRestoreJob(orderId, token, started.job_id));
    if (end.state === "completed") setStatus({ kind: "done", backup });
    else if (end.state === "failed")
      setStatus({
        kind: "error",
        message: end.detail ?? "La restauration a échoué. Notre équipe est prévenue.",
      });
    else setStatus({ kind: "still-running", backup });
    await load();
  }

  const busy = status.kind === "restoring";
  return (
    <section className="dashboard-card" aria-labelledby="backups-title">
      <h2 id="backups-title">Sauvegardes de votre site</h2>
      <p className="dashboard-help">
        Votre site est sauvegardé chaque nuit : les 7 derniers jours, puis une sauvegarde par semaine pendant
        un mois et une par mois pendant un an.
      </p>
      {status.kind === "done" ? (
        <p role="status" className="domain-done">
          <strong>Site restauré</strong> tel qu'il était le {formatDateTime(status.backup.created_at)}. Le
          site d'avant la restauration est gardé dans la liste (« Avant restauration »).
        </p>
      ) : null}
      {status.kind === "still-running" ? (
        <p role="status">
          La restauration prend plus de temps que prévu : elle continue, rechargez la page dans quelques
          minutes.
        </p>
      ) : null}
      {status.kind === "error" ? (
        <p role="alert" className="status-message is-error">
          {status.message}
        </p>
      ) : null}
      {loadError ? (
        <p role="alert">
          La liste des sauvegardes n'a pas pu être chargée. Rechargez la page pour réessayer.
        </p>
      ) : backups === null ? (
        <p role="status">Chargement des sauvegardes…</p>
      ) : backups.length === 0 ? (
        <p>Aucune sauvegarde pour l'instant : la première est faite la nuit qui suit la mise en ligne.</p>
      ) : (
        <ul className="row-list">
          {backups.map((backup) => (
            <li key={backup.id}>
              <span>
                <strong>{formatDateTime(backup.created_at)}</strong>
                <br />
                <span className="dashboard-help">
                  {BACKUP_KIND_LABELS[backup.kind]} · {formatBytes(backup.size_bytes)}
                </span>
              </span>
              {status.kind === "confirm" && status.backup.id === backup.id ? null : (
                <button
                  type="button"
                  className="dashboard-small-button"
                  disabled={busy}
                  onClick={() => setStatus({ kind: "confirm", backup })}
                >
                  Restaurer
                </button>
              )}
              {status.kind === "confirm" && status.backup.id === backup.id ? (
                <RestoreConfirmation
                  backup={backup}
                  onConfirm={() => void restore(backup)}
                  onCancel={() => setStatus({ kind: "idle" })}
                />
              ) : null}
              {status.kind === "restoring" && status.backup.id === backup.id ? (
                <p role="status" className="backup-confirm">
                  Restauration en cours… cela prend une à deux minutes, ne fermez pas cette page.
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RestoreConfirmation({
  backup,
  onConfirm,
  onCancel,
}: {
  backup: BackupView;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const when = formatDateTime(backup.created_at);
  return (
    <ConfirmDialog
      titleId={`confirm-${backup.id}`}
      title={`Remettre votre site tel qu'il était le ${when} ?`}
      confirmLabel="Oui, restaurer cette sauvegarde"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        Tout ce qui a été fait sur votre site depuis le {when} sera perdu : pages, articles, images,
        commentaires, messages reçus, réglages, extensions et comptes ajoutés ou modifiés depuis.
      </p>
      <p>
        Votre site actuel est sauvegardé juste avant la restauration : vous pourrez y revenir depuis cette
        liste.
      </p>
    </ConfirmDialog>
  );
}
