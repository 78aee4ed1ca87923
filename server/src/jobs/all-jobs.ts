import { reinstallWordpressJob } from "../admin/reinstall-wordpress.ts";
import { generateKozaSiteJob } from "../koza/generate-koza-site-job.ts";
import { sendLostLinksJob } from "../lost-link/send-lost-links-job.ts";
import { sendEmailJob } from "../mail/send-email-job.ts";
import { provisionOrderJob } from "../provisioning/provision-order-job.ts";
import type { AnyJob } from "./job-queue.ts";

/** Every job: given to the context by each entry point (main.ts, seed, benches, tests). */
export const allJobs: AnyJob[] = [
  sendEmailJob,
  provisionOrderJob,
  generateKozaSiteJob,
  sendLostLinksJob,
  reinstallWordpressJob,
];
