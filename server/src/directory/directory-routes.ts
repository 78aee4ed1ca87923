import { DirectoryPage, DirectoryQuery } from "@lagon/contracts/directory-schemas";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orders, sites } from "../db/schema.ts";
import { readStoredFile } from "../files/stored-files.ts";
import { notFound } from "../lib/app-error.ts";
import { rawAnswer, route } from "../lib/route.ts";
import { screenshotKey } from "../screenshots/screenshot-address.ts";
import { listDirectory, listed } from "./list-directory.ts";

const ScreenshotParams = z.object({
  file: z.string().regex(/^[a-z0-9-]{1,63}\.webp$/, "Capture d'écran introuvable."),
});

/**
 * GET /api/directory?page=&per_page=&q=&category=&country=: one page of the live sites whose
 * owners opted in to the public directory, once they show content of their own (filled by Koza,
 * or their home page changed: site-filled.ts), with the total matching and the two counters.
 */
export async function directoryRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  route(
    app,
    {
      method: "GET",
      url: "/api/directory",
      access: "public",
      rateLimit: "publicReads",
      query: DirectoryQuery,
      response: { 200: DirectoryPage },
    },
    async (request, reply) =>
      reply.header("Cache-Control", "public, max-age=60").send(await listDirectory(ctx, request.query)),
  );

  /**
   * GET /api/directory/screenshots/<subdomain>.webp: a listed site's screenshot (decision 0041),
   * cached a day by browsers and proxies (its address changes with each new one); 404 while
   * there is none, or once the site leaves the directory.
   */
  route(
    app,
    {
      method: "GET",
      url: "/api/directory/screenshots/:file",
      access: "public",
      rateLimit: "manyReads",
      params: ScreenshotParams,
      response: { 200: rawAnswer("image/webp") },
    },
    async (request, reply) => {
      const subdomain = request.params.file.replace(/\.webp$/, "");
      const [order] = await ctx.db
        .select({ id: orders.id, screenshotAt: sites.screenshotAt })
        .from(orders)
        .innerJoin(sites, eq(sites.orderId, orders.id))
        .where(and(eq(sites.name, subdomain), listed))
        .limit(1);
      if (!order?.screenshotAt) throw notFound("Capture d'écran introuvable.");
      const image = await readStoredFile(ctx, screenshotKey(order.id)).catch(() => null);
      if (!image) throw notFound("Capture d'écran introuvable.");
      return reply
        .header("Content-Type", "image/webp")
        .header("Cache-Control", "public, max-age=86400")
        .header("Last-Modified", order.screenshotAt.toUTCString())
        .send(image);
    },
  );
}
