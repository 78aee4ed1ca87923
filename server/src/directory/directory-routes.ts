import { DirectoryQuery } from "@lagon/contracts/directory-schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Context } from "../context.ts";
import { listDirectory } from "./list-directory.ts";

/**
 * GET /api/directory?page=&per_page=&q=&category=&country=: one page of the live sites whose
 * owners opted in to the public directory, once they show content of their own (filled by Koza,
 * or their home page changed: site-filled.ts), with the total matching and the two counters.
 */
export async function directoryRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/directory",
    {
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { querystring: DirectoryQuery },
    },
    async (request, reply) =>
      reply.header("Cache-Control", "public, max-age=60").send(await listDirectory(ctx, request.query)),
  );
}
