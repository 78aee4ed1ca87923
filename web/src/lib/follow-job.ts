import type { JobStatus } from "@lagon/contracts/jobs-schemas";

const POLL_MS = 2000;
/** Past this, the page stops waiting and says the job carries on (its outcome goes to the logs). */
const GIVE_UP_MS = 15 * 60_000;

/**
 * Follows slow work run as a job (a restore, a backup, a reinstall) until it ends, or until the
 * page stops waiting ("running"). `read` asks where it stands; a read that fails is tried again.
 */
export async function followJob(read: () => Promise<JobStatus>): Promise<JobStatus> {
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    const status = await read().catch(() => null);
    if (status?.state === "completed" || status?.state === "failed") return status;
    if (Date.now() >= deadline) return { state: "running" };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
