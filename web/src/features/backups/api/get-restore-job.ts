import type { JobStatus } from "@lagon/contracts/jobs-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `GET /api/order/{id}/backups/restore/{jobId}`: where the customer's restore stands. */
export const getRestoreJob = (orderId: string, token: string, jobId: string) =>
  fetchJson<JobStatus>(withToken(apiPaths.backupRestoreJob(orderId, jobId), token));
