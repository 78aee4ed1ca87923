import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";

/** GET /api/health: database and job-queue health, 503 when either is down. */
export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  app.get("/api/health", async (request, reply) => {
    const database = await ctx.db
      .execute(sql`select 1`)
      .then(() => ({ ok: true, kind: ctx.database.kind }))
      .catch((err: Error) => {
        request.log.error({ err }, "health: database down");
        return { ok: false, kind: ctx.database.kind };
      });
    const jobs = await ctx.queue.health().catch((err: Error) => {
      request.log.error({ err }, "health: job queue down");
      return { ok: false, queued: 0, active: 0, failed: 0 };
    });
    const ok = database.ok && jobs.ok;
    return reply.status(ok ? 200 : 503).send({ status: ok ? "ok" : "degraded", database, jobs });
  });
}
