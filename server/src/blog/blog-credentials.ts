import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { appSettings } from "../db/schema.ts";

/** What the product keeps of the local blog: its REST access and whether the articles are in. */
export interface BlogCredentials {
  adminUser: string;
  /** Application password of the admin, for the REST API. */
  appPassword: string;
  /** True once every seed article has been published: later starts leave the blog alone. */
  seeded: boolean;
}

/** The row of app_settings holding them, sealed with SECRET_KEY: every process reads it. */
const SETTING = "blog-wordpress";

/** Where the wp-admin password of the local blog is written, readable by this user only. */
export const adminPasswordFile = (ctx: Pick<Context, "config">) =>
  path.join(ctx.config.DATA_DIR, "secrets", "blog-admin-password");

/** The stored credentials (encrypted with SECRET_KEY), or undefined when there are none. */
export async function readBlogCredentials(
  ctx: Pick<Context, "db" | "secrets">,
): Promise<BlogCredentials | undefined> {
  const [row] = await ctx.db.select().from(appSettings).where(eq(appSettings.name, SETTING));
  return row ? (JSON.parse(ctx.secrets.open(row.value)) as BlogCredentials) : undefined;
}

export async function writeBlogCredentials(
  ctx: Pick<Context, "db" | "secrets">,
  credentials: BlogCredentials,
): Promise<void> {
  const value = ctx.secrets.seal(JSON.stringify(credentials));
  await ctx.db
    .insert(appSettings)
    .values({ name: SETTING, value })
    .onConflictDoUpdate({ target: appSettings.name, set: { value } });
}

/**
 * For the operator, on the machine of the worker that installed the blog: the wp-admin
 * password, which no process needs afterwards (the REST access above is what they use).
 */
export function writeAdminPassword(ctx: Pick<Context, "config">, password: string): void {
  mkdirSync(path.dirname(adminPasswordFile(ctx)), { recursive: true, mode: 0o700 });
  writeFileSync(adminPasswordFile(ctx), `${password}\n`, { mode: 0o600 });
}

/** How long one worker may take to install and fill the blog before another may try. */
const SETUP_MINUTES = 30;
const SETUP = "blog-setup";

/**
 * Takes the right to install or fill the blog, so that of several workers starting at once only
 * one does it; another may take over once SETUP_MINUTES have passed (its holder died). Returns
 * the release function, or null when another worker holds it. `takeOver` ignores a claim left.
 */
export async function claimBlogSetup(
  ctx: Pick<Context, "db">,
  takeOver = false,
): Promise<(() => Promise<void>) | null> {
  const until = sql`(now() + make_interval(mins => ${SETUP_MINUTES}))::text`;
  const claimed = await ctx.db
    .insert(appSettings)
    .values({ name: SETUP, value: until })
    .onConflictDoUpdate({
      target: appSettings.name,
      set: { value: until },
      setWhere: takeOver ? undefined : sql`${appSettings.value}::timestamptz < now()`,
    })
    .returning({ name: appSettings.name });
  if (claimed.length === 0) return null;
  return async () => {
    await ctx.db.delete(appSettings).where(eq(appSettings.name, SETUP));
  };
}
