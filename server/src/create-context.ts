import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { ResticRepository } from "./backups/restic-repository.ts";
import type { Config } from "./config.ts";
import type { Context } from "./context.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { type AnyJob, startJobQueue } from "./jobs/job-queue.ts";
import { SecretBox } from "./lib/secrets.ts";
import { createMailTransport } from "./mail/mail-transport.ts";
import { seedEmailTemplates } from "./mail/seed-templates.ts";
import { createMailHost } from "./mail-host/create-mail-host.ts";
import { LocalPaymentProvider } from "./payments/local-payment-provider.ts";
import { createWordPressHosts } from "./wordpress/create-wordpress-hosts.ts";
import { alertOnHostEvents } from "./wordpress/host-alerts.ts";

/**
 * Opens the database (or uses the one given, as tests do), seeds it and starts the job queue
 * with the jobs given by the entry point (jobs/all-jobs.ts): the context knows no job, so jobs
 * can use it without a cycle. An API process needs the list too, to send them.
 */
export async function createContext(
  config: Config,
  log: FastifyBaseLogger,
  opts: { jobs: AnyJob[]; database?: Database },
): Promise<Context> {
  const database =
    opts.database ??
    (await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, "pglite") }));
  await seedEmailTemplates(database.db);
  const queue = await startJobQueue(database, opts.jobs, log);
  const wordpress = createWordPressHosts(config);
  const payments = config.STRIPE_SECRET_KEY
    ? // Stripe's SDK (about 20 MB) is loaded only when Stripe is configured.
      new (await import("./payments/stripe-payment-provider.ts")).StripePaymentProvider({
        secretKey: config.STRIPE_SECRET_KEY,
        taxRateId: config.STRIPE_TAX_RATE_ID,
        apiUrl: config.STRIPE_API_URL,
      })
    : new LocalPaymentProvider(database.db, config.PUBLIC_URL);
  await payments.prepare();
  const ctx: Context = {
    config,
    database,
    db: database.db,
    queue,
    mail: createMailTransport({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    secrets: new SecretBox(config.SECRET_KEY),
    payments,
    wordpress,
    mailHost: createMailHost(config, database.db),
    backups: new ResticRepository({
      repository: config.BACKUP_REPOSITORY,
      password: config.BACKUP_PASSWORD,
      cacheDir: path.join(config.DATA_DIR, "cache", "restic"),
    }),
    log,
    async close() {
      await queue.stop();
      await wordpress.stop();
      await ctx.mailHost?.stop();
      await database.close();
    },
  };
  alertOnHostEvents(ctx);
  return ctx;
}
