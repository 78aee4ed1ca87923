import { DEFAULT_CATEGORY } from "@lagon/contracts/checkout";
import { directoryCountry } from "@lagon/contracts/directory";
import type { DirectorySite } from "@lagon/contracts/directory-schemas";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";
import { orders } from "../db/schema.ts";

/** GET /api/directory: the live sites whose owners opted in to the public directory. */
export async function directoryRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  app.get(
    "/api/directory",
    { config: { rateLimit: { max: 120, timeWindow: "1 minute" } } },
    async (_req, reply) => {
      const rows = await ctx.db
        .select()
        .from(orders)
        .where(and(eq(orders.status, "active"), eq(orders.directoryOptIn, true)))
        .orderBy(desc(orders.activatedAt));
      const sites: DirectorySite[] = rows.map((o) => ({
        subdomain: o.subdomain,
        company_name: o.companyName || o.subdomain,
        city: o.city ?? "",
        category: o.category ?? DEFAULT_CATEGORY,
        country: directoryCountry(o.country),
        url: ctx.wordpress.siteUrl(o.subdomain),
        has_koza: o.kozaStatus === "completed",
        created_at: (o.activatedAt ?? o.createdAt).toISOString(),
      }));
      return reply.header("Cache-Control", "public, max-age=60").send({ sites });
    },
  );
}
