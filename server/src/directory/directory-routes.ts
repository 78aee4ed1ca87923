import { DEFAULT_CATEGORY } from "@lagon/contracts/checkout";
import { directoryCountry } from "@lagon/contracts/directory";
import type { DirectorySite } from "@lagon/contracts/directory-schemas";
import { and, desc, eq, isNotNull, or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";
import { orders } from "../db/schema.ts";

/**
 * GET /api/directory: the live sites whose owners opted in to the public directory, once they
 * show content of their own (filled by Koza, or their home page changed: site-filled.ts).
 */
export async function directoryRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  app.get(
    "/api/directory",
    { config: { rateLimit: { max: 120, timeWindow: "1 minute" } } },
    async (_req, reply) => {
      const rows = await ctx.db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.status, "active"),
            eq(orders.directoryOptIn, true),
            or(eq(orders.kozaStatus, "completed"), isNotNull(orders.siteFilledAt)),
          ),
        )
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
