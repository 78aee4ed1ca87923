import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Context } from "../context.ts";

/** What the product keeps of the local blog: its REST access and whether the articles are in. */
export interface BlogCredentials {
  adminUser: string;
  /** Application password of the admin, for the REST API. */
  appPassword: string;
  /** True once every seed article has been published: later starts leave the blog alone. */
  seeded: boolean;
}

const secretsDir = (ctx: Pick<Context, "config">) => path.join(ctx.config.DATA_DIR, "secrets");
const credentialsFile = (ctx: Pick<Context, "config">) => path.join(secretsDir(ctx), "blog-wordpress");

/** Where the wp-admin password of the local blog is written, readable by this user only. */
export const adminPasswordFile = (ctx: Pick<Context, "config">) =>
  path.join(secretsDir(ctx), "blog-admin-password");

/** The stored credentials (encrypted with SECRET_KEY), or undefined when there are none. */
export function readBlogCredentials(ctx: Pick<Context, "config" | "secrets">): BlogCredentials | undefined {
  const file = credentialsFile(ctx);
  if (!existsSync(file)) return undefined;
  return JSON.parse(ctx.secrets.open(readFileSync(file, "utf8").trim())) as BlogCredentials;
}

export function writeBlogCredentials(
  ctx: Pick<Context, "config" | "secrets">,
  credentials: BlogCredentials,
): void {
  mkdirSync(secretsDir(ctx), { recursive: true, mode: 0o700 });
  writeFileSync(credentialsFile(ctx), ctx.secrets.seal(JSON.stringify(credentials)), { mode: 0o600 });
}

export function writeAdminPassword(ctx: Pick<Context, "config">, password: string): void {
  mkdirSync(secretsDir(ctx), { recursive: true, mode: 0o700 });
  writeFileSync(adminPasswordFile(ctx), `${password}\n`, { mode: 0o600 });
}
