import type { AdminJobStarted } from "@lagon/contracts/admin-schemas";
import { apiPaths } from "../../../api/paths";
import { adminPost } from "../../admin/admin-api";

/** `POST /api/admin/backups/restore`: starts the restore as a job. */
export const adminRestoreBackup = (token: string, orderId: string, backupId: string) =>
  adminPost<AdminJobStarted>(apiPaths.adminBackupRestore(), token, {
    order_id: orderId,
    backup_id: backupId,
  });
