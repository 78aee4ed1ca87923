import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/test-context.ts";
import type { Database } from "../db/database.ts";
import { appSettings } from "../db/schema.ts";
import { claimBlogSetup } from "./blog-credentials.ts";

/**
 * The agency blog's set-up claim (ensure-agency-blog.ts): of several workers starting at once on
 * one database, one installs the blog; another may once the claim's time has passed. It runs on
 * PostgreSQL too (server/vitest.config.ts), where the claims really race.
 */
describe("the agency blog's set-up claim", () => {
  let database: Database;
  let ctx: { db: Database["db"] };
  beforeAll(async () => {
    database = await openTestDatabase();
    ctx = { db: database.db };
  });
  afterAll(() => database?.close());

  it("goes to one of several workers claiming at once, and to another once released", async () => {
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimBlogSetup(ctx)));
    const held = claims.filter((release) => release !== null);
    expect(held).toHaveLength(1);
    expect(await claimBlogSetup(ctx)).toBeNull();
    await held[0]?.();
    const next = await claimBlogSetup(ctx);
    expect(next).not.toBeNull();
    await next?.();
  });

  it("is taken over once its time has passed, or at once by the embedded database's process", async () => {
    expect(await claimBlogSetup(ctx)).not.toBeNull();
    expect(await claimBlogSetup(ctx)).toBeNull();
    // PGlite is one process's alone: a claim found there is from a process that died.
    expect(await claimBlogSetup(ctx, true)).not.toBeNull();
    // A worker that died holding it: its half hour has passed.
    await ctx.db
      .update(appSettings)
      .set({ value: sql`(now() - interval '1 second')::text` })
      .where(eq(appSettings.name, "blog-setup"));
    const release = await claimBlogSetup(ctx);
    expect(release).not.toBeNull();
    await release?.();
    expect(await ctx.db.select().from(appSettings).where(eq(appSettings.name, "blog-setup"))).toEqual([]);
  });
});
