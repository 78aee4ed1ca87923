import type { JobStarted } from "@lagon/contracts/jobs-schemas";
import { apiPaths } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `POST /api/order/{id}/backups/{backupId}/restore`: starts the restore as a job. */
export const restoreBackup = (orderId: string, token: string, backupId: string) =>
  fetchJson<JobStarted>(apiPaths.backupRestore(orderId, backupId), {
    method: "POST",
    body: JSON.stringify({ token }),
  });
