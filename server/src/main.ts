import { buildApp } from "./app.ts";
import { startAgencyBlog } from "./blog/ensure-agency-blog.ts";
import { type Config, loadConfig } from "./config.ts";
import type { Context } from "./context.ts";
import { createContext } from "./create-context.ts";
import { allJobs } from "./jobs/all-jobs.ts";
import { startWorker } from "./jobs/start-worker.ts";
import { createLogger } from "./logger.ts";
import { restoreMailHost } from "./mailboxes/order-mailboxes.ts";
import { checkProviderPrices } from "./payments/check-provider-prices.ts";
import { checkSecretKey } from "./startup/check-secret-key.ts";
import { lockDataDir } from "./startup/data-dir-lock.ts";
import { startupErrorLine, startupStep } from "./startup/startup-error.ts";

/**
 * Starts the API, the worker, or both (ROLE=all, the default). A failed start ends with one
 * French line on stderr and exit code 1.
 */
async function main(): Promise<void> {
  // What the product writes in its data folder (uploads, database, secrets) is closed to others:
  // the sites' users cross that folder on the way to their own (docs/security.md).
  process.umask(0o027);
  let config: Config | undefined;
  try {
    config = await startupStep("config", () => loadConfig());
    await start(config);
  } catch (err) {
    console.error(startupErrorLine(err, config));
    process.exit(1);
  }
}

/**
 * Starts every part in order; on a failure, stops what did start (the PHP server among them).
 * A signal at any point, during the start too, stops what has started and ends the process: an
 * interrupted first start leaves no mail daemon, PHP server or mounted disk behind.
 */
async function start(config: Config): Promise<void> {
  const log = createLogger(config.LOG_LEVEL);
  const stops: (() => Promise<void>)[] = [];
  let lock: Awaited<ReturnType<typeof lockDataDir>> | undefined;
  let ctx: Context | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    for (const stop of stops) await stop().catch((err) => log.error({ err }, "stop failed"));
    await ctx?.close().catch((err) => log.error({ err }, "stop failed"));
    await lock?.release();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  // The embedded database is one process's: a second server on the same folder would diverge.
  lock = config.DATABASE_URL
    ? undefined
    : await startupStep("lock", () => lockDataDir(config.DATA_DIR, config.SECRET_KEY));
  ctx = await startupStep("database", () => createContext(config, log, { jobs: allJobs }));
  const started = ctx;
  let blogSettled: Promise<void> = Promise.resolve();
  try {
    await startupStep("secret-key", () => checkSecretKey(started));
    await startupStep("prices", () => checkProviderPrices(started));
    if (config.ROLE !== "api") {
      // The mail host starts beside the WordPress host (about a second), not after it.
      const mailStarted = startupStep("mail", async () => {
        const begun = Date.now();
        if (!started.mailHost) return;
        await started.mailHost.start();
        // The database is the reference: a host that lost its state gets its mailboxes back.
        const mailboxes = await restoreMailHost(started);
        log.info({ ms: Date.now() - begun, mailboxes, ...started.mailHost.endpoints() }, "mail host started");
      });
      const wordpressStarted = startupStep("wordpress", () => started.wordpress.start());
      await Promise.allSettled([mailStarted, wordpressStarted]);
      await wordpressStarted;
      await mailStarted;
      await startupStep("worker", async () => {
        const worker = await startWorker(started);
        stops.push(async () => worker.stop());
        log.info({ resumed: worker.resumed }, "worker started");
      });
      // In the background: creating and seeding the local blog must not hold up the start.
      blogSettled = startAgencyBlog(started);
    }
    if (config.ROLE === "api" && started.mailHost) {
      // A shared mail host (MAIL_HOST=ssh): the API checks it answers with this product's helper;
      // the workers keep it in step with the database.
      const mailHost = started.mailHost;
      await startupStep("mail", () => mailHost.start());
    }
    if (config.ROLE !== "worker") {
      const app = await buildApp(started);
      stops.push(() => app.close());
      await startupStep("listen", () => app.listen({ port: config.PORT, host: config.HOST }));
      console.log(`\nAdministration : ${config.PUBLIC_URL}/admin?token=<jeton>`);
      console.log(
        config.adminTokenFile
          ? `Le jeton d'administration est dans ${config.adminTokenFile} (lisible par ce seul utilisateur).\n`
          : "Le jeton d'administration est celui de la variable ADMIN_TOKEN.\n",
      );
    }
  } catch (err) {
    // Stopping already: what failed is the start being taken down, not a fault to report.
    if (stopping) return;
    for (const stop of stops) await stop().catch(() => {});
    await started.close().catch(() => {});
    throw err;
  }

  if (config.ROLE !== "worker") {
    // Ready means every page answers: on the first start, the local blog is still being made.
    const slow = setTimeout(() => console.log("Préparation du blog local (premier démarrage)…"), 2_000);
    await blogSettled;
    clearTimeout(slow);
    if (!stopping) console.log(`Site prêt : ${config.PUBLIC_URL}`);
  }
}

void main();
