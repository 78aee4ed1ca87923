import { z } from "zod";
import { BACKUP_KINDS } from "./backups.ts";

/** restic snapshot ids: 64 hexadecimal characters. */
export const BackupId = z.string().regex(/^[0-9a-f]{64}$/, "Identifiant de sauvegarde invalide.");

export const BackupView = z.object({
  id: BackupId,
  created_at: z.string(),
  size_bytes: z.number().int().nonnegative(),
  kind: z.enum(BACKUP_KINDS),
});
export type BackupView = z.infer<typeof BackupView>;

/** GET /api/order/{id}/backups?token= */
export const BackupList = z.object({ backups: z.array(BackupView) });
export type BackupList = z.infer<typeof BackupList>;

/** POST /api/order/{id}/backups/{backupId}/restore */
export const RestoreParams = z.object({ orderId: z.string(), backupId: BackupId });
export const RestoreBody = z.object({ token: z.string().optional() });
export const RestoreResult = z.object({
  restored: BackupView,
  /** Taken just before: what the site was, should the customer change their mind (null: no site was there). */
  safety_backup: BackupView.nullable(),
});
export type RestoreResult = z.infer<typeof RestoreResult>;

/** POST /api/admin/backup-now?token= answers once the backup is complete. */
export const BackupNowResult = z.object({ backup_id: BackupId });
export type BackupNowResult = z.infer<typeof BackupNowResult>;

/** POST /api/admin/backups/restore?token= */
export const AdminRestoreBody = z.object({
  order_id: z.uuid("Identifiant de commande invalide."),
  backup_id: BackupId,
});

/** GET /api/admin/orders/{id}/download?token=[&backup_id=]: the live site, or one of its backups. */
export const AdminDownloadQuery = z.object({
  token: z.string().optional(),
  backup_id: BackupId.optional(),
});
