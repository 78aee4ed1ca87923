import { z } from "zod";

/**
 * Slow work on a site (a backup, a restore, a reinstall) runs as a job: the request answers 202
 * with the job's id, and the page follows it at the address the action documents.
 */
export const JobStarted = z.object({ success: z.literal(true), detail: z.string(), job_id: z.string() });
export type JobStarted = z.infer<typeof JobStarted>;

/** Where a job stands. */
export const JobStatus = z.object({
  state: z.enum(["waiting", "running", "completed", "failed"]),
  /** Why it failed, in French. */
  detail: z.string().optional(),
});
export type JobStatus = z.infer<typeof JobStatus>;

export const JobIdParams = z.object({ jobId: z.uuid("Identifiant de tâche invalide.") });
