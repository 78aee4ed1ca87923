import type { AdminJobStatus } from "@lagon/contracts/admin-schemas";
import { followJob } from "../../lib/follow-job";
import { getAdminJob } from "./api/get-admin-job";

/** Follows a slow admin action run as a job until it ends (or the page stops waiting). */
export function followAdminJob(path: string, token: string): Promise<AdminJobStatus> {
  return followJob(() => getAdminJob(path, token));
}
