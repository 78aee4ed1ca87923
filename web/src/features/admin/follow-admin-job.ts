import type { AdminJobStatus } from "@lagon/contracts/admin-schemas";
import { followJob } from "../../lib/follow-job";
import { adminFetch } from "./admin-api";

/** Follows a slow admin action run as a job until it ends (or the page stops waiting). */
export function followAdminJob(path: string, token: string): Promise<AdminJobStatus> {
  return followJob(() => adminFetch<AdminJobStatus>(path, token));
}
