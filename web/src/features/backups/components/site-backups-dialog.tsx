import type { AdminOrder } from "@lagon/contracts/admin-schemas";
import { BACKUP_KIND_LABELS, formatBytes } from "@lagon/contracts/backups";
import type { BackupView } from "@lagon/contracts/backups-schemas";
import { formatDateTime } from "@lagon/contracts/french-date";
import { useCallback, useEffect, useState } from "react";
import { apiPaths, withToken } from "../../../api/paths";
import { AdminDialog, DialogCloseButton } from "../../../components/ui/admin-dialog";
import { ApiError } from "../../../lib/fetch-json";
import { followAdminJob } from "../../admin/follow-admin-job";
import { adminRestoreBackup } from "../api/admin-restore-backup";
import { getAdminBackups } from "../api/get-admin-backups";
import "./site-backups-dialog.css";

type Status = { tone: "busy" | "success" | "error"; text: string } | null;

/**
 * A site's backups for the agency, in a modal dialog: the list, a restore of any of them (after a
 * confirmation that says what is lost), and the download of the site or of a backup as .tar.gz.
 */
export function SiteBackupsDialog({
  order,
  token,
  onClose,
}: {
  order: AdminOrder;
  token: string;
  onClose: () => void;
}) {
  const [backups, setBackups] = useState<BackupView[] | "failed" | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const host = new URL(order.site_url).host;
  const download = (backupId?: string) =>
    `${withToken(apiPaths.adminOrderDownload(order.order_id), token)}${backupId ? `&backup_id=${backupId}` : ""}`;

  const load = useCallback(async () => {
    try {
      const list = await getAdminBackups(order.order_id, token);
      setBackups(list.backups);
    } catch (err) {
      console.error("Sauvegardes indisponibles", err);
      setBackups("failed");
    }
  }, [order.order_id, token]);

  useEffect(() => {
    void load();
  }, [load]);

  async function restore(backup: BackupView) {
    const when = formatDateTime(backup.created_at);
    const question = `Remettre ${host} tel qu'il était le ${when} ?\n\nTout ce qui a été fait sur le site depuis sera perdu (pages, articles, médias, réglages, comptes). Le site actuel est sauvegardé juste avant (« Avant restauration ») : la restauration pourra être annulée depuis cette liste.`;
    if (!window.confirm(question)) return;
    setStatus({ tone: "busy", text: `Restauration de la sauvegarde du ${when}…` });
    const failed = (detail?: string): Status => ({
      tone: "error",
      text: `Erreur: ${detail ?? "la restauration n'a pas abouti."}`,
    });
    try {
      const started = await adminRestoreBackup(token, order.order_id, backup.id);
      const end = await followAdminJob(
        apiPaths.adminJob(apiPaths.adminBackupRestore(), started.job_id),
        token,
      );
      if (end.state === "completed")
        setStatus({ tone: "success", text: `Site restauré tel qu'il était le ${when}.` });
      else if (end.state === "failed") setStatus(failed(end.detail));
      else
        setStatus({
          tone: "success",
          text: "La restauration continue : son résultat apparaîtra dans les logs de la commande.",
        });
    } catch (err) {
      setStatus(failed(err instanceof ApiError ? err.detail : undefined));
    }
    await load();
  }

  const busy = status?.tone === "busy";
  return (
    <AdminDialog
      titleId="backups-dialog-title"
      title="Sauvegardes du site"
      sub={`${order.customer_name} — ${host}`}
      onClose={onClose}
    >
      <p className="admin-actions">
        <a href={download()} download>
          Télécharger le site actuel (.tar.gz)
        </a>
      </p>
      {status ? (
        <p
          role={status.tone === "error" ? "alert" : "status"}
          className={`admin-backup-status is-${status.tone}`}
        >
          {status.text}
        </p>
      ) : null}
      {backups === null ? (
        <p>Chargement…</p>
      ) : backups === "failed" ? (
        <p>Liste des sauvegardes indisponible.</p>
      ) : backups.length === 0 ? (
        <p>Aucune sauvegarde pour ce site.</p>
      ) : (
        <ul className="admin-backups">
          {backups.map((b) => (
            <li key={b.id}>
              <span>
                <strong>{formatDateTime(b.created_at)}</strong> — {BACKUP_KIND_LABELS[b.kind]} ·{" "}
                {formatBytes(b.size_bytes)}
              </span>
              <span className="admin-actions">
                <button type="button" aria-disabled={busy} onClick={() => (busy ? null : void restore(b))}>
                  Restaurer
                </button>
                <a href={download(b.id)} download>
                  Télécharger
                </a>
              </span>
            </li>
          ))}
        </ul>
      )}
      <DialogCloseButton />
    </AdminDialog>
  );
}
