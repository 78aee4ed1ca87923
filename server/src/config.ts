import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PublicConfig } from "@lagon/contracts/public-config";
import { z } from "zod";

const optional = z
  .string()
  .optional()
  .transform((v) => (v === "" ? undefined : v));

const ConfigSchema = PublicConfig.extend({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  ROLE: z.enum(["all", "api", "worker"]).default("all"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  ADMIN_TOKEN: optional.pipe(z.string().min(24).optional()),
  SECRET_KEY: optional.pipe(
    z
      .string()
      .regex(/^[0-9a-f]{64}$/i, "64 caractères hexadécimaux")
      .optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default("Lagon Digital <no-reply@lagon-digital.re>"),
  AGENCY_EMAIL: optional.pipe(z.email().optional()),
  /** Where a customer's own domain points (apex A/AAAA record if an IP, else ALIAS); default BASE_DOMAIN. */
  CUSTOM_DOMAIN_TARGET: optional.pipe(z.union([z.ipv4(), z.ipv6(), z.hostname()]).optional()),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: optional.pipe(z.url().optional()),
  STRIPE_TAX_RATE_ID: optional,
  BLOG_WP_URL: optional.pipe(z.url().optional()),
  KOZA_LLM_URL: optional.pipe(z.url().optional()),
  KOZA_LLM_MODEL: z.string().default("gpt-4o-mini"),
  KOZA_LLM_API_KEY: optional,
  WP_HOST: z.enum(["local", "ssh"]).default("local"),
  WP_PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  WP_CORE_DIR: z.string().default(path.resolve(import.meta.dirname, "../../.wordpress")),
  WP_PUBLIC_SCHEME: z.enum(["http", "https"]).optional(),
  WP_SSH_HOST: optional,
  WP_SSH_PORT: z.coerce.number().int().min(1).max(65535).default(22),
  WP_SSH_USER: z.string().default("wp"),
  WP_SSH_KNOWN_HOSTS: optional,
  WP_SSH_KEY: optional,
  WP_SSH_SITES_DIR: z.string().default("/srv/sites"),
  WP_SSH_CORE_DIR: z.string().default("/srv/wordpress-core"),
  WEB_BUILD_DIR: z.string().default(path.resolve(import.meta.dirname, "../../web/build")),
  SERVE_WEB: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Config = z.infer<typeof ConfigSchema> & {
  ADMIN_TOKEN: string;
  /** True when this start generated the admin token, so it is printed once. */
  adminTokenGenerated: boolean;
  SECRET_KEY: string;
  PUBLIC_URL: string;
  AGENCY_EMAIL: string;
  CUSTOM_DOMAIN_TARGET: string;
};

export class ConfigError extends Error {}

/**
 * Reads and validates the environment once. A bad value stops the boot with a message that
 * names the variable. Secrets that are not given are generated once and kept under DATA_DIR.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Configuration invalide :\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  if (c.WP_HOST === "ssh" && (!c.WP_SSH_HOST || !c.WP_SSH_KEY)) {
    throw new ConfigError("Configuration invalide :\n  WP_SSH_HOST, WP_SSH_KEY: requis avec WP_HOST=ssh");
  }
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError("Configuration invalide :\n  STRIPE_WEBHOOK_SECRET: requis avec STRIPE_SECRET_KEY");
  }
  const localPrices = (
    ["STRIPE_PRICE_STARTER", "STRIPE_PRICE_BUSINESS", "STRIPE_PRICE_LIBRE"] as const
  ).filter((k) => c.STRIPE_SECRET_KEY && c[k].startsWith("price_local_"));
  if (localPrices.length > 0) {
    throw new ConfigError(
      `Configuration invalide :\n  ${localPrices.join(", ")}: requis avec STRIPE_SECRET_KEY`,
    );
  }
  const adminToken = c.ADMIN_TOKEN
    ? { value: c.ADMIN_TOKEN, created: false }
    : persistedSecret(dataDir, "admin-token");
  return {
    ...c,
    DATA_DIR: dataDir,
    ADMIN_TOKEN: adminToken.value,
    adminTokenGenerated: adminToken.created,
    SECRET_KEY: c.SECRET_KEY ?? persistedSecret(dataDir, "secret-key").value,
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    AGENCY_EMAIL: c.AGENCY_EMAIL ?? c.CONTACT_EMAIL,
    CUSTOM_DOMAIN_TARGET: c.CUSTOM_DOMAIN_TARGET ?? c.BASE_DOMAIN,
  };
}

/** A 256-bit secret generated on first start and kept under DATA_DIR/secrets. */
function persistedSecret(dataDir: string, name: string): { value: string; created: boolean } {
  const dir = path.join(dataDir, "secrets");
  const file = path.join(dir, name);
  if (existsSync(file)) return { value: readFileSync(file, "utf8").trim(), created: false };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const value = randomBytes(32).toString("hex");
  writeFileSync(file, value, { mode: 0o600 });
  return { value, created: true };
}
