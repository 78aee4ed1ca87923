import { z } from "zod";
import { TokenQuery } from "./access-schemas.ts";
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

/**
 * POST /api/order/{id}/backups/{backupId}/restore answers 202 with a JobStarted (jobs-schemas.ts);
 * GET /api/order/{id}/backups/restore/{jobId}?token= tells where the restore stands (JobStatus).
 * The admin's POST /api/admin/backup-now?token= and POST /api/admin/backups/restore?token= answer
 * the same, followed at GET /api/admin/backup-now/{jobId} and /api/admin/backups/restore/{jobId}.
 */
export const RestoreParams = z.object({ orderId: z.string(), backupId: BackupId });
export const RestoreBody = TokenQuery;

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
