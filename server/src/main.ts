import { buildApp } from "./app.ts";
import { startAgencyBlog } from "./blog/ensure-agency-blog.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createContext } from "./context.ts";
import { createLogger } from "./logger.ts";
import { resumeUnfinishedOrders } from "./provisioning/provision-order-job.ts";

/** Starts the API, the worker, or both (ROLE=all, the default). */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config.LOG_LEVEL);
  const ctx = await createContext(config, log);
  const stops: (() => Promise<void>)[] = [];

  if (config.ROLE !== "api") {
    await ctx.wordpress.start();
    await ctx.queue.work(ctx);
    const resumed = await resumeUnfinishedOrders(ctx);
    log.info({ resumed }, "worker started");
    // In the background: creating and seeding the local blog must not hold up the start.
    startAgencyBlog(ctx);
  }
  if (config.ROLE !== "worker") {
    const app = await buildApp(ctx);
    await app.listen({ port: config.PORT, host: config.HOST });
    stops.push(() => app.close());
    if (config.adminTokenGenerated) {
      // Printed once, on the start that generated it; later starts read it from DATA_DIR.
      console.log(`\nAdministration : ${config.PUBLIC_URL}/admin?token=${config.ADMIN_TOKEN}\n`);
    }
    console.log(`Site prêt : ${config.PUBLIC_URL}`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    for (const stop of stops) await stop().catch((err) => log.error({ err }, "stop failed"));
    await ctx.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
