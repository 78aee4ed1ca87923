import type { FastifyBaseLogger } from "fastify";
import type { ResticRepository } from "./backups/restic-repository.ts";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/database.ts";
import type { JobQueue } from "./jobs/job-queue.ts";
import type { SecretBox } from "./lib/secrets.ts";
import type { MailTransport } from "./mail/mail-transport.ts";
import type { MailHost } from "./mail-host/mail-host.ts";
import type { PaymentProvider } from "./payments/payment-provider.ts";
import type { WordPressHosts } from "./wordpress/wordpress-hosts.ts";

/**
 * The product's connections to the outside world, shared by routes and jobs. Built by
 * `createContext` (create-context.ts); this module holds the type only, so reading it imports nothing.
 */
export interface Context {
  config: Config;
  database: Database;
  db: Db;
  queue: JobQueue;
  mail: MailTransport;
  secrets: SecretBox;
  /** Card payments: Stripe when configured, else the local test checkout. */
  payments: PaymentProvider;
  /**
   * Where customers' WordPress sites live: `ctx.wordpress.hostFor(order)` is a site's host.
   * Started by main.ts (or a test that needs sites).
   */
  wordpress: WordPressHosts;
  /**
   * Customers' mailboxes (MAIL_HOST): null when off. Started by main.ts (or a test that needs
   * mail), stopped with the context.
   */
  mailHost: MailHost | null;
  /** The sites' backups: a restic repository (BACKUP_REPOSITORY). */
  backups: ResticRepository;
  log: FastifyBaseLogger;
  close(): Promise<void>;
}
