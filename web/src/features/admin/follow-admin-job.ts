import type { AdminJobStatus } from "@lagon/contracts/admin-schemas";
import { adminFetch } from "./admin-api";

const POLL_MS = 2000;
/** Past this, the page stops waiting and says the job carries on (its outcome goes to the logs). */
const GIVE_UP_MS = 15 * 60_000;

/** Follows a slow admin action run as a job until it ends (or the page stops waiting). */
export async function followAdminJob(path: string, token: string): Promise<AdminJobStatus> {
  const deadline = Date.now() + GIVE_UP_MS;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const status = await adminFetch<AdminJobStatus>(path, token).catch(() => null);
    if (status?.state === "completed" || status?.state === "failed") return status;
  }
  return { state: "running" };
}
