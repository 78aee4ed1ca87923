import { formatBytes } from "@lagon/contracts/backups";
import { formatDateTime } from "@lagon/contracts/french-date";
import type { MaintenanceView } from "@lagon/contracts/maintenance-schemas";

/** The site's disk and its plan's allowance, as read every hour. */
export function DiskUsage({ disk }: { disk: NonNullable<MaintenanceView["disk"]> }) {
  const percent = Math.min(100, Math.floor((disk.used_bytes / disk.limit_bytes) * 100));
  return (
    <>
      <h3>Espace disque</h3>
      <p>
        {formatBytes(disk.used_bytes)} utilisés sur {formatBytes(disk.limit_bytes)} ({percent} %), mesuré le{" "}
        {formatDateTime(disk.measured_at)}.
      </p>
      {disk.used_bytes >= disk.limit_bytes ? (
        <p role="alert" className="status-message is-error">
          Votre site occupe tout l'espace de sa formule : il reste en ligne et garde tous ses fichiers, mais
          ne peut plus rien enregistrer de nouveau (médias, extensions, commandes) tant que vous n'avez pas
          libéré de la place ou choisi une formule plus grande.
        </p>
      ) : percent >= 90 ? (
        <p role="alert" className="status-message is-error">
          Votre espace disque est presque plein : supprimez les médias et extensions inutiles, ou
          contactez-nous pour une formule plus grande.
        </p>
      ) : null}
    </>
  );
}
