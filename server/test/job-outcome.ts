import type { JobStatus } from "@lagon/contracts/jobs-schemas";
import { waitFor } from "./smtp-sink.ts";

/** Waits for a job to end and answers how it ended (completed, or failed with its detail). */
export function jobOutcome(read: () => Promise<JobStatus>, timeoutMs = 180_000): Promise<JobStatus> {
  return waitFor(async () => {
    const status = await read();
    return status.state === "completed" || status.state === "failed" ? status : undefined;
  }, timeoutMs);
}
