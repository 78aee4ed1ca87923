import { Health } from "@lagon/contracts/answers-schemas";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";
import { STALLED_AFTER_SECONDS } from "../jobs/job-queue.ts";
import { route } from "../lib/route.ts";

/**
 * GET /api/health: the database, the job queue, the WordPress host and the mail host this process runs; 503
 * with the reason (French) while any of them is down, so a load balancer or a monitor sees it.
 */
export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  const spec = { method: "GET", url: "/api/health", access: "public", rateLimit: "default" } as const;
  route(app, { ...spec, response: { 200: Health, 503: Health } }, async (request, reply) => {
    const reasons: string[] = [];
    const database = await ctx.db
      .execute(sql`select 1`)
      .then(() => ({ ok: true, kind: ctx.database.kind }))
      .catch((err: Error) => {
        request.log.error({ err }, "health: database down");
        return { ok: false, kind: ctx.database.kind };
      });
    if (!database.ok) reasons.push("base de données injoignable");
    const jobs = await ctx.queue.health().catch((err: Error) => {
      request.log.error({ err }, "health: job queue down");
      return { ok: false, queued: 0, active: 0, failed: 0, stalled: 0 };
    });
    if (jobs.stalled > 0) {
      reasons.push(
        `${jobs.stalled} tâche(s) en attente depuis plus de ${STALLED_AFTER_SECONDS / 60} minutes : aucun worker ne les traite`,
      );
    } else if (!jobs.ok) {
      reasons.push("file de tâches injoignable");
    }
    const wordpress = await ctx.wordpress.health();
    if (wordpress && !wordpress.ok) reasons.push(`sites WordPress : ${wordpress.reason}`);
    // The mail host this process started (the embedded one, or an SSH host every process shares).
    const mail = ctx.mailHost?.isStarted() ? await ctx.mailHost.health() : undefined;
    if (mail && !mail.ok) reasons.push(`e-mail : ${mail.reason}`);
    const ok = reasons.length === 0;
    return reply.status(ok ? 200 : 503).send({
      status: ok ? "ok" : "degraded",
      ...(ok ? {} : { reason: reasons.join(" ; ") }),
      database,
      jobs,
      ...(wordpress ? { wordpress } : {}),
      ...(mail ? { mail } : {}),
    });
  });
}
