import { defineConfig } from "vitest/config";

/**
 * The suites that run a second time on a real PostgreSQL server (decision 0046, which says when
 * to add one): where the two databases differ for the product. PGlite is PostgreSQL itself, one connection in one process:
 * its SQL is the same, but nothing ever runs at the same time as anything else, and it is reached
 * through another driver. So this pass keeps what concurrency, locks, pg-boss across connections,
 * the node-postgres driver or a `database.kind` branch can change; the rest runs on PGlite only.
 * `*.pg.test.ts` (several processes on one database) run in this pass only.
 */
const POSTGRES_SUITES = [
  "test/**/*.pg.test.ts",
  // Leases, the dead-lease sweep and job concurrency on pg-boss.
  "src/jobs/order-lease.test.ts",
  // E-mail jobs on pg-boss over a pool of connections: retries, the same Message-ID each attempt.
  "src/mail/send-email-job.test.ts",
  // Concurrent payments, fulfilments, webhook deliveries, subdomain holds and order polls.
  "src/checkout/checkout-routes.test.ts",
  "src/checkout/stripe-checkout.test.ts",
  "src/checkout/order-status.test.ts",
  // Invoice numbers without gap under concurrent issues; lifecycle passes run at once.
  "src/invoices/issue-invoice.test.ts",
  "src/invoices/subscription-invoices.test.ts",
  // Compare-and-set on microsecond timestamps (PostgreSQL keeps them), concurrent deliveries.
  "src/subscriptions/stripe-subscriptions.test.ts",
  // Migrations 0026, 0030, 0031 and 0034 (orders to sites) on a populated copy, on production's PostgreSQL version.
  "src/db/sites-migration.test.ts",
  // No double booking: concurrent visitors for one slot, serialised by a row lock.
  "src/booking/booking-routes.test.ts",
  // The blog's set-up claim raced by several workers (PGlite's process takes over instead).
  "src/blog/blog-setup-claim.test.ts",
];

/**
 * PGlite suites the test command runs beside the browser lanes, after the PostgreSQL pass, rather
 * than in its PGlite pass (decision 0094): about 4 minutes of one worker, where the lanes leave
 * the CPU partly idle. None compares times (site-confinement's neighbour under a fork bomb stays
 * in the PGlite pass, whose load is even). `PGLITE_PART=main` leaves them out, `PGLITE_PART=beside` runs them alone;
 * unset, every suite runs, as for a developer.
 */
const BESIDE_LANES_SUITES = [
  "src/startup/ready-line.test.ts",
  "src/startup/stop-while-starting.test.ts",
  "src/screenshots/site-screenshot.test.ts",
  "src/backups/restore-drill.test.ts",
  "src/wordpress/site-runtime.test.ts",
  "src/admin/reinstall-keeps-work.test.ts",
  "src/koza/generate-koza-site.test.ts",
  "src/directory/site-filled.test.ts",
  "src/mail-host/local-webmail.test.ts",
  "src/mail-host/ssh-mail-host.test.ts",
  "src/mailboxes/mail-aliases.test.ts",
  "src/site-mail/site-mail.test.ts",
];

function suites(): { include: string[]; exclude: string[] } {
  // On PostgreSQL (TEST_DATABASE_URL set): the list above; `*.pglite.test.ts` never (they run the
  // embedded database in child processes). On PGlite: every suite but `*.pg.test.ts`, in parts.
  if (process.env.TEST_DATABASE_URL) return { include: POSTGRES_SUITES, exclude: [] };
  const part = process.env.PGLITE_PART;
  return {
    include: part === "beside" ? BESIDE_LANES_SUITES : ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: ["**/*.pg.test.ts", ...(part === "main" ? BESIDE_LANES_SUITES : [])],
  };
}

export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: "server",
    environment: "node",
    include: suites().include,
    exclude: ["**/node_modules/**", ...suites().exclude],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ["./test/fail-on-console-error.ts"],
    // The migrated database, made once for the run: each test file's database is a copy of it.
    globalSetup: ["./test/database-image.ts"],
  },
});
