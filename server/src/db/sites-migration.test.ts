import { randomBytes, randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Migration 0026 moves each order's site facts to `sites` (decision 0067). Run on a copy of a
 * database populated as it was before it (migrations up to 0025, orders in every state), on the
 * database this pass runs on: PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
 */
const MIGRATIONS = path.join(import.meta.dirname, "migrations");
const BEFORE = 25;

/** The migrations folder as it was up to `last`: its SQL files and a journal cut there. */
function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lagon-migrations-"));
  cpSync(MIGRATIONS, dir, { recursive: true });
  for (const file of readdirSync(dir))
    if (/^\d{4}_.*\.sql$/.test(file) && Number(file.slice(0, 4)) > last) rmSync(path.join(dir, file));
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

const installed = randomUUID();
const pending = randomUUID();
const hostOnly = randomUUID();
const kit = {
  plan: "business",
  status: "applied",
  detail: "Boutique installée.",
  features: ["Boutique"],
  at: "2026-11-20T10:00:00.000Z",
};

async function populate(query: Query): Promise<void> {
  const order = (id: string, subdomain: string, site: string) =>
    query(
      `insert into orders (id, checkout_session_id, plan_id, subdomain, customer_name, customer_email, country,
         magic_link_token_enc, monthly_price_cents, status${site ? `, ${site.split("=")[0]}` : ""})
       values ($1, $2, 'business', $3, 'Zoé Payet', 'zoe@example.re', 'Réunion', 'sealed', 5425, 'active'${site ? `, ${site.split("=")[1]}` : ""})`,
      [id, `cs_${id}`, subdomain],
    );
  await order(
    installed,
    "boulangerie-payet",
    `wordpress_host, wp_admin_url, wp_username, wp_password_enc, wp_app_password_enc, site_mail_password_enc, site_mail_password_hash, contact_email, kit, screenshot_at=` +
      `'wp-b', 'http://boulangerie-payet.localhost/wp-admin/', 'zoe', 'sealed-wp', 'sealed-app', 'sealed-mail', '$6$hash', 'accueil@payet.re', '${JSON.stringify(kit)}'::jsonb, '2026-11-21T08:00:00Z'`,
  );
  await order(pending, "garage-hoarau", "");
  await order(hostOnly, "coiffure-madinina", `wordpress_host='local'`);
}

async function check(query: Query): Promise<void> {
  const sites = await query("select * from sites order by order_id");
  const byOrder = new Map(sites.rows.map((r) => [r.order_id, r]));
  expect(byOrder.size).toBe(2);
  expect(byOrder.get(installed)).toMatchObject({
    host: "wp-b",
    wp_admin_url: "http://boulangerie-payet.localhost/wp-admin/",
    wp_username: "zoe",
    wp_password_enc: "sealed-wp",
    wp_app_password_enc: "sealed-app",
    mail_password_enc: "sealed-mail",
    mail_password_hash: "$6$hash",
    contact_email: "accueil@payet.re",
    kit,
  });
  expect(new Date(byOrder.get(installed)?.screenshot_at as string).toISOString()).toBe(
    "2026-11-21T08:00:00.000Z",
  );
  expect(byOrder.get(hostOnly)).toMatchObject({ host: "local", wp_username: null, kit: null });
  // The purchase keeps what is its own; the site's columns are gone from it.
  const orders = await query("select id, subdomain, status from orders order by subdomain");
  expect(orders.rows.map((r) => r.subdomain)).toEqual([
    "boulangerie-payet",
    "coiffure-madinina",
    "garage-hoarau",
  ]);
  const columns = await query(
    "select column_name from information_schema.columns where table_name = 'orders' and column_name in ('wordpress_host', 'wp_username', 'kit', 'screenshot_at', 'contact_email')",
  );
  expect(columns.rows).toEqual([]);
  // A site goes with its order.
  await query("delete from orders where id = $1", [installed]);
  expect((await query("select count(*)::int as n from sites")).rows[0]?.n).toBe(1);
}

describe("migration 0026: sites apart from orders", () => {
  const before = migrationsUpTo(BEFORE);
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))("moves every order's site facts on PGlite", async () => {
    const client = await PGlite.create();
    try {
      const db = drizzlePglite(client);
      await migratePglite(db, { migrationsFolder: before });
      const query: Query = async (text, values) => client.query(text, values);
      await populate(query);
      await migratePglite(db, { migrationsFolder: MIGRATIONS });
      await check(query);
    } finally {
      await client.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "moves every order's site facts on PostgreSQL",
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL as string;
      const name = `migration_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
      try {
        const db = drizzleNodePg(pool);
        await migrateNodePg(db, { migrationsFolder: before });
        const query: Query = (text, values) => pool.query(text, values);
        await populate(query);
        await migrateNodePg(db, { migrationsFolder: MIGRATIONS });
        await check(query);
      } finally {
        await pool.end();
        await admin.query(`drop database ${name}`);
        await admin.end();
      }
    },
  );
});
