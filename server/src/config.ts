import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PublicConfig } from "@lagon/contracts/public-config";
import { z } from "zod";
import { tokenEntropyBits } from "./lib/token-entropy.ts";
import { TrustProxySetting } from "./plugins/trust-proxy.ts";

const optional = z
  .string()
  .optional()
  .transform((v) => (v === "" ? undefined : v));

/** The production host's helper, through the sudo rule of docs/operations/wordpress-host.md. */
export const DEFAULT_WP_SSH_HELPER = "sudo -n /usr/local/lib/lagon/site-host.sh";

/** The mail host's helper, through the sudo rule of docs/operations/mail-host.md. */
export const DEFAULT_MAIL_SSH_HELPER = "sudo -n /usr/local/lib/lagon-mail/mail-host.sh";

/**
 * One WordPress host of WP_SSH_HOSTS. Each setting left out is the single-host variable's
 * (WP_SSH_PORT, WP_SSH_USER, WP_SSH_KEY, …) but `connectHost`, the host's own address;
 * `name` (default: `host`) is what orders record.
 */
const WpSshHostEntry = z
  .object({
    name: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.:_-]{0,62}$/i, "lettres, chiffres, « . », « : », « _ » ou « - »")
      .optional(),
    host: z.string().min(1),
    port: z.number().int().min(1).max(65535).optional(),
    user: z.string().min(1).optional(),
    key: z.string().min(1).optional(),
    knownHosts: z.string().min(1).optional(),
    helper: z.string().min(1).optional(),
    connectHost: z.string().min(1).optional(),
    publicPort: z.number().int().min(1).max(65535).optional(),
    /** False: the host keeps its sites but takes no new one. */
    newSites: z.boolean().default(true),
  })
  .strict();

/** A WordPress host over SSH with every setting resolved. */
export interface WpSshHostConfig {
  name: string;
  host: string;
  port: number;
  user: string;
  key: string;
  knownHosts: string | undefined;
  helper: string;
  connectHost: string | undefined;
  publicPort: number | undefined;
  newSites: boolean;
}

const ConfigSchema = PublicConfig.extend({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  ROLE: z.enum(["all", "api", "worker"]).default("all"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  TRUST_PROXY: TrustProxySetting,
  /** Client addresses no rate limit applies to (the agency's monitoring, its office), comma-separated. */
  RATE_LIMIT_ALLOW_LIST: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6()]))),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  ADMIN_TOKEN: optional.pipe(
    z
      .string()
      .refine(
        (t) => tokenEntropyBits(t) >= 128,
        "trop prévisible : il faut au moins 128 bits d'aléa, par exemple 64 caractères hexadécimaux tirés au hasard (openssl rand -hex 32)",
      )
      .optional(),
  ),
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
  /** DNS servers the custom-domain checks ask (`ip` or `ip:port`, comma-separated); default the system's. */
  DNS_RESOLVER: optional.pipe(
    z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-f:]+\](:\d{1,5})?|[0-9a-f:]+)$/i,
              "adresse IP, avec un port facultatif (1.1.1.1 ou 127.0.0.1:8053)",
            ),
        ),
      )
      .optional(),
  ),
  /** The ACME authority that signs custom domains' certificates. */
  ACME_DIRECTORY_URL: z.url().default("https://acme-v02.api.letsencrypt.org/directory"),
  /** PEM file the authority's own HTTPS certificate is checked against (test authorities such as Pebble). */
  ACME_DIRECTORY_CA: optional,
  /** The authority's CAA identity: a CAA record naming only other issuers blocks the domain. */
  ACME_CAA_IDENTITY: z.string().default("letsencrypt.org"),
  /** Seconds between the DNS checks of a domain waiting for its records; after the last, it fails. */
  CUSTOM_DOMAIN_RECHECK_SECONDS: z
    .string()
    .default("60,300,900,1800,3600,7200,14400,28800,43200,86400,86400")
    .transform((v) => v.split(",").map((s) => Number(s.trim())))
    .pipe(z.array(z.number().int().min(1)).min(1)),
  STRIPE_SECRET_KEY: optional,
  /** `on`: without Stripe, the local test checkout may be served on a public PUBLIC_URL too. */
  LOCAL_TEST_PAYMENTS: optional.pipe(z.enum(["on", "off"]).optional()),
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: optional.pipe(z.url().optional()),
  STRIPE_TAX_RATE_ID: optional,
  /** Days a past-due subscription keeps its site up while payment is retried (>= Stripe's retries). */
  BILLING_GRACE_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /** Days a suspended or cancelled site waits before it is archived and removed from the host. */
  BILLING_ARCHIVE_AFTER_DAYS: z.coerce.number().int().min(8).max(365).default(30),
  /** Days an archived site's final copy is kept. */
  BILLING_ARCHIVE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** The seller's identity on invoices, beside COMPANY_NAME, COMPANY_LEGAL_FORM, COMPANY_SIRET, COMPANY_ADDRESS. */
  COMPANY_CAPITAL: z.string().min(1).default("1 000 €"),
  COMPANY_RCS: z.string().min(1).default("RCS Saint-Denis de La Réunion"),
  /** Default: the French VAT number computed from the SIREN of COMPANY_SIRET. */
  COMPANY_VAT_NUMBER: optional.pipe(
    z
      .string()
      .regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, "numéro de TVA intracommunautaire, par exemple FR40123456789")
      .optional(),
  ),
  /** "true" once the agency opted to pay VAT on debits (mention required on invoices). */
  COMPANY_VAT_ON_DEBITS: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  BLOG_WP_URL: optional.pipe(z.url().optional()),
  KOZA_LLM_URL: optional.pipe(z.url().optional()),
  KOZA_LLM_MODEL: z.string().default("gpt-4o-mini"),
  KOZA_LLM_API_KEY: optional,
  /** OpenAI-compatible images API for Koza's photos; unset = the embedded illustrations. */
  KOZA_IMAGE_URL: optional.pipe(z.url().optional()),
  KOZA_IMAGE_MODEL: z.string().default("gpt-image-1"),
  KOZA_IMAGE_SIZE: z
    .string()
    .regex(/^\d{3,4}x\d{3,4}$/, "taille d'image, par exemple 1536x1024")
    .default("1536x1024"),
  KOZA_IMAGE_API_KEY: optional,
  WP_HOST: z.enum(["local", "ssh"]).default("local"),
  WP_PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** HTTPS port of the local nginx for custom domains (on 127.0.0.1). */
  WP_TLS_PORT: z.coerce.number().int().min(1).max(65535).default(8443),
  WP_CORE_DIR: z.string().default(path.resolve(import.meta.dirname, "../../.wordpress")),
  WP_PUBLIC_SCHEME: z.enum(["http", "https"]).optional(),
  /** Where plugins come from (decision 0058): unset = the WordPress.org directory, a mirror URL or a folder. */
  WP_PLUGIN_SOURCE: z
    .string()
    .refine((v) => v === "wordpress.org" || /^https?:\/\/[^\s]+$/.test(v) || path.isAbsolute(v), {
      message: "WP_PLUGIN_SOURCE : « wordpress.org », une adresse http(s) de miroir ou un dossier absolu",
    })
    .optional(),
  WP_SSH_HOST: optional,
  WP_SSH_PORT: z.coerce.number().int().min(1).max(65535).default(22),
  WP_SSH_USER: z.string().default("lagon"),
  WP_SSH_KNOWN_HOSTS: optional,
  WP_SSH_KEY: optional,
  /**
   * Several WordPress hosts (WP_HOST=ssh): a JSON list of {name, host, port, user, key,
   * knownHosts, helper, connectHost, publicPort, newSites}. The first one holds the sites of
   * orders that recorded no host. Without it, WP_SSH_HOST is the one host.
   */
  WP_SSH_HOSTS: optional.pipe(
    z
      .string()
      .transform((v, ctx) => {
        try {
          return JSON.parse(v) as unknown;
        } catch {
          ctx.addIssue({ code: "custom", message: "liste JSON illisible" });
          return z.NEVER;
        }
      })
      .pipe(z.array(WpSshHostEntry).min(1, "au moins un hôte"))
      .optional(),
  ),
  /**
   * Where the product reaches the host's sites instead of their public name (WP_HOST=ssh): the
   * host's private address, so that workers need neither public DNS nor a way out to talk to it.
   */
  WP_SSH_CONNECT_HOST: optional,
  /** The sites' public port when it is not the scheme's default (a test host on loopback). */
  WP_PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * Customers' SFTP (Libre, decision 0059): the port their clients connect to (local: the
   * product's sshd on 127.0.0.1, default 2222; SSH hosts: the host's sshd, default 22), or `off`.
   */
  SFTP_PORT: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .union([z.literal("off"), z.coerce.number().int().min(1).max(65535)], {
        error: "numéro de port ou off",
      })
      .optional(),
  ),
  /**
   * The embedded host's disk quota per site (decision 0071): `auto` where the machine allows it
   * (a btrfs image, loop devices), `on` refuses to start without it, `off` none.
   */
  SITE_QUOTA: z.enum(["auto", "on", "off"]).default("auto"),
  /**
   * The embedded host's cap on each site's disk allowance, in MiB: a site gets its plan's
   * (SITE_DISK_MB of @lagon/contracts/plans, decision 0095), never more than this (default: the
   * largest plan's). An SSH host's cap is SITE_DISK_MB in its site-host.conf.
   */
  SITE_DISK_MB: z.coerce.number().int().min(16).max(10_485_760).optional(),
  /** The host name customers' SFTP clients connect to (local: localhost; SSH hosts: their name). */
  SFTP_HOST: optional,
  /**
   * The mail host: `local` (Postfix and Dovecot started by this process), `ssh` (a host of its
   * own changed through its root helper over SSH, decision 0099) or `off` (no mailboxes).
   */
  MAIL_HOST: z.enum(["local", "ssh", "off"]).default("local"),
  /** The SSH mail host (MAIL_HOST=ssh): where the product logs in, as whom, with which key. */
  MAIL_SSH_HOST: optional,
  MAIL_SSH_PORT: z.coerce.number().int().min(1).max(65535).default(22),
  MAIL_SSH_USER: z.string().default("lagon"),
  MAIL_SSH_KEY: optional.pipe(
    z
      .string()
      .refine((v) => path.isAbsolute(v), "chemin absolu")
      .optional(),
  ),
  /** known_hosts file holding the mail host's SSH key (checked strictly); default: the user's own. */
  MAIL_SSH_KNOWN_HOSTS: optional.pipe(
    z
      .string()
      .refine((v) => path.isAbsolute(v), "chemin absolu")
      .optional(),
  ),
  /** How the product runs the host's root-owned copy of mail-host.sh. */
  MAIL_SSH_HELPER: z.string().default(DEFAULT_MAIL_SSH_HELPER),
  /**
   * Where mail programs and the sites reach the SSH mail host (default mail.<BASE_DOMAIN>), and
   * its ports: SMTP from other servers, submission and IMAP (both STARTTLS, decision 0083).
   */
  MAIL_PUBLIC_HOST: optional,
  MAIL_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(25),
  MAIL_SUBMISSION_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  MAIL_IMAP_PORT: z.coerce.number().int().min(1).max(65535).default(143),
  /** The SSH mail host's certificate is checked against this file (PEM) when no public CA signed it. */
  MAIL_TLS_CA: optional.pipe(
    z
      .string()
      .refine((v) => path.isAbsolute(v), "chemin absolu")
      .optional(),
  ),
  /** Loopback ports of the local mail host: SMTP base+25, submission base+87, IMAP base+43, internal base+24/26/27/28. */
  MAIL_PORT_BASE: z.coerce.number().int().min(1024).max(65400).default(2500),
  /**
   * Where buyers open the webmail. MAIL_HOST=local: Roundcube on 127.0.0.1:MAIL_PORT_BASE+80, default
   * http://webmail.<BASE_DOMAIN>:<that port>/; MAIL_HOST=ssh: the host's own, default https://webmail.<BASE_DOMAIN>/.
   */
  WEBMAIL_URL: optional.pipe(z.url().optional()),
  /** Outbound mail of the local mail host through this relay, "[host]:port" (default: the recipients' MX). */
  MAIL_RELAY_HOST: optional.pipe(
    z
      .string()
      .regex(/^\[[a-z0-9.-]+\]:\d{1,5}$|^[a-z0-9.-]+(:\d{1,5})?$/i, "hôte ou [hôte]:port")
      .optional(),
  ),
  /**
   * A login for MAIL_RELAY_HOST: the user, and a root-only file (0600 or 0400) whose first line is
   * its password (decision 0112; never in this configuration, never on a command line).
   */
  MAIL_RELAY_USER: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._@+=-]{1,255}$/, "lettres, chiffres et . _ @ + = -")
      .optional(),
  ),
  MAIL_RELAY_PASSWORD_FILE: optional.pipe(
    z
      .string()
      .refine((v) => path.isAbsolute(v), "chemin absolu")
      .optional(),
  ),
  /**
   * The mail host's TLS certificate (full chain, PEM) and its key, for mail.<BASE_DOMAIN>; unset:
   * a self-signed one made at start (decision 0083). Both or neither.
   */
  MAIL_TLS_CERT: optional.pipe(
    z
      .string()
      .refine((v) => path.isAbsolute(v), "chemin absolu")
      .optional(),
  ),
  MAIL_TLS_KEY: optional.pipe(
    z
      .string()
      .refine((v) => path.isAbsolute(v), "chemin absolu")
      .optional(),
  ),
  /** restic repository of the sites' backups: a folder, sftp:…, s3:… (default DATA_DIR/backups). */
  BACKUP_REPOSITORY: optional,
  /** The repository's password; default derived from SECRET_KEY. */
  BACKUP_PASSWORD: optional.pipe(z.string().min(16, "au moins 16 caractères").optional()),
  /**
   * When every site is backed up (cron, La Réunion's time, or "off": no nightly backup, so none
   * is ever missed; a test stack that only backs up on request).
   */
  BACKUP_SCHEDULE: z
    .string()
    .regex(
      /^\s*(off|\S+(\s+\S+){4})\s*$/,
      "expression cron à 5 champs, par exemple « 0 2 * * * », ou « off »",
    )
    .default("0 2 * * *")
    .transform((v) => v.trim()),
  /** How often sites waiting for their own content are looked at for the directory (cron). */
  DIRECTORY_CHECK_SCHEDULE: z
    .string()
    .regex(/^\s*\S+(\s+\S+){4}\s*$/, "expression cron à 5 champs, par exemple « */15 * * * * »")
    .default("*/15 * * * *"),
  /** When Starter and Business sites are updated to the core template's versions (cron, or "off"). */
  MAINTENANCE_SCHEDULE: z
    .string()
    .regex(
      /^\s*(off|\S+(\s+\S+){4})\s*$/,
      "expression cron à 5 champs, par exemple « 0 4 * * * », ou « off »",
    )
    .default("0 4 * * *")
    .transform((v) => v.trim()),
  /** How often every live site is checked (cron, or "off"). */
  MONITOR_SCHEDULE: z
    .string()
    .regex(
      /^\s*(off|\S+(\s+\S+){4})\s*$/,
      "expression cron à 5 champs, par exemple « */5 * * * * », ou « off »",
    )
    .default("*/5 * * * *")
    .transform((v) => v.trim()),
  /** How often every site's disk usage is read, to tell a site near its allowance (cron, or "off"). */
  DISK_ALERT_SCHEDULE: z
    .string()
    .regex(
      /^\s*(off|\S+(\s+\S+){4})\s*$/,
      "expression cron à 5 champs, par exemple « 17 * * * * », ou « off »",
    )
    .default("17 * * * *")
    .transform((v) => v.trim()),
  /** When every directory-listed site's screenshot is taken again (cron, La Réunion's time, or "off"). */
  SCREENSHOT_SCHEDULE: z
    .string()
    .regex(
      /^\s*(off|\S+(\s+\S+){4})\s*$/,
      "expression cron à 5 champs, par exemple « 0 5 * * 1 », ou « off »",
    )
    .default("0 5 * * 1")
    .transform((v) => v.trim()),
  /** When every Business site's visit log is read (cron, La Réunion's time, or "off"); old logs pruned. */
  VISITS_SCHEDULE: z
    .string()
    .regex(
      /^\s*(off|\S+(\s+\S+){4})\s*$/,
      "expression cron à 5 champs, par exemple « 5 * * * * », ou « off »",
    )
    .default("5 * * * *")
    .transform((v) => v.trim()),
  /** The Chromium that takes the directory's screenshots (Debian's package). */
  CHROMIUM_PATH: z.string().default("/usr/bin/chromium"),
  /** Memory all the screenshot browser's processes together may use (MB) before it is killed. */
  SCREENSHOT_MEMORY_MB: z.coerce.number().int().min(200).max(16_384).default(1024),
  /** When the restore drill runs (cron, La Réunion's time, or "off"): weekly by default. */
  BACKUP_DRILL_SCHEDULE: z
    .string()
    .regex(
      /^\s*(off|\S+(\s+\S+){4})\s*$/,
      "expression cron à 5 champs, par exemple « 0 4 * * 0 », ou « off »",
    )
    .default("0 4 * * 0")
    .transform((v) => v.trim()),
  /** How many sites each drill restores (in turn, so every site comes up over the weeks); 0 turns it off. */
  BACKUP_DRILL_SITES: z.coerce.number().int().min(0).max(1000).default(3),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(1000).default(4),
  BACKUP_KEEP_MONTHLY: z.coerce.number().int().min(0).max(1000).default(12),
  /** How the product runs the host's root-owned copy of site-host.sh. */
  WP_SSH_HELPER: z.string().default(DEFAULT_WP_SSH_HELPER),
  WEB_BUILD_DIR: z.string().default(path.resolve(import.meta.dirname, "../../web/build")),
  SERVE_WEB: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Config = z.infer<typeof ConfigSchema> & {
  ADMIN_TOKEN: string;
  /** True when this start generated the admin token, so it is printed once. */
  /** Where the admin token is kept when it was not given in ADMIN_TOKEN (generated on first start). */
  adminTokenFile: string | undefined;
  SECRET_KEY: string;
  BACKUP_REPOSITORY: string;
  BACKUP_PASSWORD: string;
  PUBLIC_URL: string;
  AGENCY_EMAIL: string;
  CUSTOM_DOMAIN_TARGET: string;
  /** The SSH WordPress hosts (WP_HOST=ssh; empty with the embedded host), in their order. */
  wpSshHosts: WpSshHostConfig[];
};

export class ConfigError extends Error {}

/** One line naming every bad setting: `Configuration invalide : PORT : … ; ADMIN_TOKEN : …`. */
const invalid = (...issues: string[]) => new ConfigError(`Configuration invalide : ${issues.join(" ; ")}`);

/**
 * Reads and validates the environment once. A bad value stops the boot with a message that
 * names the variable. Secrets that are not given are generated once and kept under DATA_DIR.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw invalid(...parsed.error.issues.map((i) => `${i.path.join(".")} : ${i.message}`));
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const wpSshHosts = c.WP_HOST === "ssh" ? sshHosts(c) : [];
  // Processes of one PostgreSQL database, often on several machines, must share both secrets: a
  // key or a token generated in each one's data folder would differ from one to the next.
  const shared = ([c.SECRET_KEY ? "" : "SECRET_KEY", c.ADMIN_TOKEN ? "" : "ADMIN_TOKEN"] as const).filter(
    Boolean,
  );
  if (c.DATABASE_URL && c.ROLE !== "all" && shared.length > 0) {
    throw invalid(
      `${shared.join(", ")} : requis quand l'API et les workers tournent séparément (ROLE=${c.ROLE})`,
    );
  }
  if (c.MAIL_HOST === "ssh") {
    const missing = [
      c.MAIL_SSH_HOST ? "" : "MAIL_SSH_HOST : requis avec MAIL_HOST=ssh (l'adresse de l'hôte e-mail)",
      c.MAIL_SSH_KEY
        ? ""
        : "MAIL_SSH_KEY : requis avec MAIL_HOST=ssh (la clé privée qui ouvre l'hôte e-mail)",
    ].filter(Boolean);
    if (missing.length > 0) throw invalid(...missing);
  }
  if (!c.MAIL_RELAY_USER !== !c.MAIL_RELAY_PASSWORD_FILE) {
    throw invalid("MAIL_RELAY_USER, MAIL_RELAY_PASSWORD_FILE : les deux ou aucun");
  }
  if (c.MAIL_RELAY_USER && !c.MAIL_RELAY_HOST) {
    throw invalid("MAIL_RELAY_USER : requis avec MAIL_RELAY_HOST (le relais qui demande ce compte)");
  }
  if (!c.MAIL_TLS_CERT !== !c.MAIL_TLS_KEY) {
    throw invalid("MAIL_TLS_CERT, MAIL_TLS_KEY : les deux ou aucun");
  }
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    throw invalid("STRIPE_WEBHOOK_SECRET : requis avec STRIPE_SECRET_KEY");
  }
  const localPrices = (
    ["STRIPE_PRICE_STARTER", "STRIPE_PRICE_BUSINESS", "STRIPE_PRICE_LIBRE"] as const
  ).filter((k) => c.STRIPE_SECRET_KEY && c[k].startsWith("price_local_"));
  if (localPrices.length > 0) {
    throw invalid(`${localPrices.join(", ")} : requis avec STRIPE_SECRET_KEY`);
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, "");
  // Without Stripe, anyone who reaches the site pays with a test card: a public address would give
  // sites away, unless the operator says it is a demonstration.
  if (!c.STRIPE_SECRET_KEY && c.LOCAL_TEST_PAYMENTS !== "on" && !isLoopbackUrl(publicUrl)) {
    throw invalid(
      `PUBLIC_URL : ${new URL(publicUrl).host} n'est pas une adresse locale, et sans STRIPE_SECRET_KEY le paiement de test local y donnerait des sites sans payer ; configurez Stripe, ou mettez LOCAL_TEST_PAYMENTS=on si cette démonstration publique est voulue`,
    );
  }
  const adminToken = c.ADMIN_TOKEN
    ? { value: c.ADMIN_TOKEN, file: undefined }
    : persistedSecret(dataDir, "admin-token", {
        isValid: (t) => tokenEntropyBits(t) >= 128,
        problem: "jeton trop prévisible (supprimez ce fichier pour en générer un neuf)",
      });
  const secretKey = c.SECRET_KEY
    ? { value: c.SECRET_KEY }
    : persistedSecret(dataDir, "secret-key", {
        isValid: (k) => /^[0-9a-f]{64}$/i.test(k),
        problem: "clé illisible (64 caractères hexadécimaux attendus ; restaurez-la depuis une sauvegarde)",
      });
  return {
    ...c,
    DATA_DIR: dataDir,
    ADMIN_TOKEN: adminToken.value,
    adminTokenFile: adminToken.file,
    SECRET_KEY: secretKey.value,
    BACKUP_REPOSITORY: c.BACKUP_REPOSITORY ?? path.join(dataDir, "backups"),
    // Nothing more to keep safe than the key that already seals the database.
    BACKUP_PASSWORD:
      c.BACKUP_PASSWORD ??
      createHmac("sha256", secretKey.value).update("lagon restic repository").digest("hex"),
    PUBLIC_URL: publicUrl,
    AGENCY_EMAIL: c.AGENCY_EMAIL ?? c.CONTACT_EMAIL,
    CUSTOM_DOMAIN_TARGET: c.CUSTOM_DOMAIN_TARGET ?? c.BASE_DOMAIN,
    wpSshHosts,
  };
}

/** Whether a URL's host is this machine: localhost, `*.localhost`, 127.0.0.0/8 or ::1. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (/^127(\.\d{1,3}){3}$/.test(host)) return true;
  // The URL parser writes IPv6 hosts in brackets and in their shortest form, IPv4-mapped ones in hex.
  return host === "[::1]" || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}

/** WP_SSH_HOSTS, or WP_SSH_HOST as a list of one, each setting resolved and checked. */
function sshHosts(c: z.infer<typeof ConfigSchema>): WpSshHostConfig[] {
  if (!c.WP_SSH_HOSTS && !c.WP_SSH_HOST)
    throw invalid("WP_SSH_HOST ou WP_SSH_HOSTS : requis avec WP_HOST=ssh");
  // A host's own address is never another's: WP_SSH_CONNECT_HOST is the single host's only.
  const entries = c.WP_SSH_HOSTS ?? [
    { host: c.WP_SSH_HOST as string, connectHost: c.WP_SSH_CONNECT_HOST, newSites: true },
  ];
  const hosts = entries.map((e) => ({
    name: e.name ?? e.host,
    host: e.host,
    port: e.port ?? c.WP_SSH_PORT,
    user: e.user ?? c.WP_SSH_USER,
    key: e.key ?? c.WP_SSH_KEY ?? "",
    knownHosts: e.knownHosts ?? c.WP_SSH_KNOWN_HOSTS,
    helper: e.helper ?? c.WP_SSH_HELPER,
    connectHost: e.connectHost,
    publicPort: e.publicPort ?? c.WP_PUBLIC_PORT,
    newSites: e.newSites,
  }));
  const issues = [
    ...hosts.filter((h) => !h.key).map((h) => `WP_SSH_KEY : requis pour l'hôte WordPress ${h.name}`),
    ...hosts
      .filter((h, i) => hosts.findIndex((o) => o.name === h.name) !== i)
      .map((h) => `WP_SSH_HOSTS : le nom ${h.name} est donné à deux hôtes`),
    ...(hosts.some((h) => h.newSites)
      ? []
      : ["WP_SSH_HOSTS : aucun hôte ne prend de nouveaux sites (newSites)"]),
  ];
  if (issues.length > 0) throw invalid(...issues);
  return hosts;
}

/**
 * A 256-bit secret generated on first start and kept under DATA_DIR/secrets. A file changed by
 * hand into something unusable stops the boot instead of being silently replaced.
 */
function persistedSecret(
  dataDir: string,
  name: string,
  check: { isValid: (value: string) => boolean; problem: string },
): { value: string; file: string } {
  const dir = path.join(dataDir, "secrets");
  const file = path.join(dir, name);
  if (existsSync(file)) {
    const value = readFileSync(file, "utf8").trim();
    if (!check.isValid(value)) throw invalid(`${file} : ${check.problem}`);
    return { value, file };
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const value = randomBytes(32).toString("hex");
  writeFileSync(file, value, { mode: 0o600 });
  return { value, file };
}
