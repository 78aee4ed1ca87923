import { allJobs } from "../src/jobs/all-jobs.ts";

/**
 * The product's jobs as the tests run them:
 * - the same attempts, with no wait between a failed attempt and the next. A test that makes a
 *   job fail waits on its last attempt, not on pg-boss's backoff (provisioning alone: 2 + 4 + 8 +
 *   16 s, doubled at random); every attempt still runs;
 * - none on a schedule: a job runs when the test sends it or calls its handler, never because
 *   the clock reached minute 41 (the sites' upgrades), a fifth minute (WordPress's cron on every
 *   site) or 22:00 UTC (every site's backup) while the test looked at the same sites.
 */
export const TEST_JOBS = allJobs.map((job) => ({ ...job, retryDelaySeconds: 0, cron: undefined }));
