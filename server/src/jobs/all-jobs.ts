import { reinstallWordpressJob } from "../admin/reinstall-wordpress.ts";
import { backupAllSitesJob } from "../backups/backup-all-sites-job.ts";
import { checkMissedBackupsJob, restoreDrillJob } from "../backups/backup-checks-jobs.ts";
import { backupSiteJob, restoreBackupJob } from "../backups/backup-jobs.ts";
import { bookingRemindersJob } from "../booking/booking-reminders.ts";
import { checkDomainJob, sweepDomainChecksJob } from "../custom-domain/check-domain-job.ts";
import { recordFilledSitesJob } from "../directory/record-filled-sites-job.ts";
import { applyKitJob } from "../kits/apply-kit-job.ts";
import { generateKozaSiteJob } from "../koza/generate-koza-site-job.ts";
import { sendLostLinksJob } from "../lost-link/send-lost-links-job.ts";
import { sendEmailJob } from "../mail/send-email-job.ts";
import { diskAlertsJob } from "../maintenance/disk-alerts.ts";
import { monitorSitesJob } from "../maintenance/site-monitor.ts";
import { updateSiteJob, updateSitesJob } from "../maintenance/update-jobs.ts";
import { provisionOrderJob } from "../provisioning/provision-order-job.ts";
import { screenshotSiteJob, screenshotSitesJob } from "../screenshots/screenshot-jobs.ts";
import { upgradeSitesJob } from "../sites/site-upgrades.ts";
import { subscriptionLifecycleJob } from "../subscriptions/lifecycle-job.ts";
import { siteStateJob } from "../subscriptions/site-state-job.ts";
import { stripeReconcileJob } from "../subscriptions/stripe-reconcile-job.ts";
import { readAllSiteVisitsJob, readSiteVisitsJob } from "../visits/visits-jobs.ts";
import { runSiteCronJob } from "../wordpress/site-cron-job.ts";
import type { AnyJob } from "./job-queue.ts";

/** Every job: given to the context by each entry point (main.ts, seed, benches, tests). */
export const allJobs: AnyJob[] = [
  sendEmailJob,
  provisionOrderJob,
  applyKitJob,
  generateKozaSiteJob,
  sendLostLinksJob,
  subscriptionLifecycleJob,
  siteStateJob,
  stripeReconcileJob,
  checkDomainJob,
  sweepDomainChecksJob,
  recordFilledSitesJob,
  backupAllSitesJob,
  checkMissedBackupsJob,
  restoreDrillJob,
  reinstallWordpressJob,
  backupSiteJob,
  restoreBackupJob,
  updateSitesJob,
  updateSiteJob,
  monitorSitesJob,
  diskAlertsJob,
  screenshotSiteJob,
  screenshotSitesJob,
  runSiteCronJob,
  readSiteVisitsJob,
  readAllSiteVisitsJob,
  bookingRemindersJob,
  upgradeSitesJob,
];
