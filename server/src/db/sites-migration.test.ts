import { randomBytes, randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { adminSearchText, directorySearchText } from "../orders/orders-table.ts";
import { orders as ordersTable, sites as sitesTable } from "./schema.ts";

/**
 * The migrations that move an order's site facts to `sites` (0026, decision 0067; 0030, decision
 * 0078; 0031, decision 0082; 0034, decision 0104; 0035, decision 0109). Each is run on a copy of a database populated as it was before it (orders in every
 * state), on the database this pass runs on: PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
 */
const MIGRATIONS = path.join(import.meta.dirname, "migrations");

/** The migrations folder as it was up to number `last`: its SQL files and a journal cut there. */
function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lagon-migrations-"));
  cpSync(MIGRATIONS, dir, { recursive: true });
  for (const file of readdirSync(dir))
    if (/^\d{4}_.*\.sql$/.test(file) && Number(file.slice(0, 4)) > last) rmSync(path.join(dir, file));
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => Number(e.tag.slice(0, 4)) <= last);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** One migration under test: what the database held before it, what it must hold after. */
interface MigrationCase {
  /** The number of the last migration before it (cases are given in the order of their migrations). */
  before: number;
  populate: (query: Query) => Promise<void>;
  check: (query: Query) => Promise<void>;
}

/**
 * Tests migrations on one database (one initdb, one run of each migration), in their order: each
 * case writes once the database is migrated up to its `before`, and reads the result once its own
 * migration (`before` + 1) ran, not later ones (a later migration may change what it made, as
 * 0031 drops the index 0030 remade). Then the rest run. On a fresh PGlite, or a fresh PostgreSQL
 * database.
 */
function testMigrations(title: string, cases: MigrationCase[]): void {
  const folders = cases.map((c) => [migrationsUpTo(c.before), migrationsUpTo(c.before + 1)] as const);
  afterAll(() => {
    for (const folder of folders.flat()) rmSync(folder, { recursive: true, force: true });
  });
  const run = async (migrate: (migrationsFolder: string) => Promise<void>, query: Query) => {
    for (const [i, c] of cases.entries()) {
      const [before, after] = folders[i] as readonly [string, string];
      await migrate(before);
      await c.populate(query);
      await migrate(after);
      await c.check(query);
    }
    await migrate(MIGRATIONS);
  };

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(`${title} on PGlite`, async () => {
    const client = await PGlite.create();
    try {
      const db = drizzlePglite(client);
      await run(
        (migrationsFolder) => migratePglite(db, { migrationsFolder }),
        async (text, values) => client.query(text, values),
      );
    } finally {
      await client.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(`${title} on PostgreSQL`, async () => {
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
      await run(
        (migrationsFolder) => migrateNodePg(db, { migrationsFolder }),
        (text, values) => pool.query(text, values),
      );
    } finally {
      await pool.end();
      await admin.query(`drop database ${name}`);
      await admin.end();
    }
  });
}

/** Inserts a paid order; `site`: its further columns and their SQL values, as `a, b=x, y`. */
const insertOrder = (query: Query, id: string, subdomain: string, site = "") =>
  query(
    `insert into orders (id, checkout_session_id, plan_id, subdomain, customer_name, customer_email, country,
       magic_link_token_enc, monthly_price_cents, status${site ? `, ${site.split("=")[0]}` : ""})
     values ($1, $2, 'business', $3, 'Zoé Payet', 'zoe@example.re', 'Réunion', 'sealed', 5425, 'active'${site ? `, ${site.split("=")[1]}` : ""})`,
    [id, `cs_${id}`, subdomain],
  );

/**
 * Checks that a migration made these `sites` rows (`columns` of them; undefined: no row), dates
 * (`…_at`, `…_until`) as ISO strings whichever driver read them, and dropped these `orders` columns.
 */
async function expectMoved(
  query: Query,
  columns: string,
  expected: [string, Record<string, unknown> | undefined][],
  dropped: string[],
): Promise<void> {
  const { rows } = await query(`select order_id, ${columns} from sites where order_id = any($1)`, [
    expected.map(([id]) => id),
  ]);
  const iso = ([key, value]: [string, unknown]) =>
    [
      key,
      /_(at|until)$/.test(key) && value !== null ? new Date(value as string).toISOString() : value,
    ] as const;
  const byOrder = new Map(rows.map((r) => [r.order_id, Object.fromEntries(Object.entries(r).map(iso))]));
  for (const [id, row] of expected) {
    if (row) expect(byOrder.get(id)).toMatchObject(row);
    else expect(byOrder.has(id)).toBe(false);
  }
  const left = await query(
    "select column_name from information_schema.columns where table_name = 'orders' and column_name = any($1)",
    [dropped],
  );
  expect(left.rows).toEqual([]);
}

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

/** Migration 0026 (decision 0067): the site's host, WordPress administrator, mail login, kit. */
const sitesApart: MigrationCase = { before: 25, populate, check };

async function populate(query: Query): Promise<void> {
  const order = (id: string, subdomain: string, site: string) => insertOrder(query, id, subdomain, site);
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
  const ids = [installed, pending, hostOnly];
  const sites = await query("select * from sites where order_id = any($1)", [ids]);
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
  const orders = await query("select subdomain from orders where id = any($1) order by subdomain", [ids]);
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
  expect(
    (await query("select count(*)::int as n from sites where order_id = any($1)", [ids])).rows[0]?.n,
  ).toBe(1);
}

const filled = randomUUID();
const leased = randomUUID();
const filledAndLeased = randomUUID();
const plain = randomUUID();

/** Migration 0030 (decision 0078): the site's fill date and job lease, a row made where none was. */
const leaseAndFill: MigrationCase = {
  before: 29,
  populate: async (query) => {
    await insertOrder(query, filled, "fleuriste-grondin", `site_filled_at='2026-11-22T09:00:00Z'`);
    await query("insert into sites (order_id, host) values ($1, 'wp-b')", [filled]);
    await insertOrder(
      query,
      leased,
      "menuiserie-hoarau",
      `provisioning_lease_until, lease_holder='2030-01-01T00:00:00Z', 'provision-order:job-1:abc123'`,
    );
    await insertOrder(
      query,
      filledAndLeased,
      "salon-madinina",
      `site_filled_at, provisioning_lease_until, lease_holder='2026-11-23T10:00:00Z', '2030-01-02T00:00:00Z', 'generate-koza-site:job-2:def456'`,
    );
    await insertOrder(query, plain, "epicerie-creole");
  },
  check: async (query) => {
    await expectMoved(
      query,
      "host, filled_at, lease_until, lease_holder",
      [
        [
          filled,
          { host: "wp-b", filled_at: "2026-11-22T09:00:00.000Z", lease_until: null, lease_holder: null },
        ],
        [
          leased,
          {
            host: null,
            filled_at: null,
            lease_until: "2030-01-01T00:00:00.000Z",
            lease_holder: "provision-order:job-1:abc123",
          },
        ],
        [
          filledAndLeased,
          {
            filled_at: "2026-11-23T10:00:00.000Z",
            lease_until: "2030-01-02T00:00:00.000Z",
            lease_holder: "generate-koza-site:job-2:def456",
          },
        ],
        [plain, undefined],
      ],
      ["site_filled_at", "provisioning_lease_until", "lease_holder"],
    );
    // The directory's partial index is back, on what stays on orders.
    const index = await query("select indexdef from pg_indexes where indexname = 'orders_directory_idx'");
    expect(index.rows[0]?.indexdef).toMatch(/WHERE \(\(status = 'active'::text\) AND directory_opt_in\)$/);
  },
};

const kozaDone = randomUUID();
const kozaWaiting = randomUUID();
const liveOnly = randomUUID();
const never = randomUUID();

/** Migration 0031 (decision 0082): Koza's state and the go-live date, the directory's index on sites. */
const kozaAndLive: MigrationCase = {
  before: 30,
  populate: async (query) => {
    await insertOrder(
      query,
      kozaDone,
      "traiteur-grondin",
      `koza_option, koza_status, activated_at=true, 'completed', '2026-11-24T07:00:00Z'`,
    );
    await query("insert into sites (order_id, host, filled_at) values ($1, 'wp-b', '2026-11-24T08:00:00Z')", [
      kozaDone,
    ]);
    await insertOrder(query, kozaWaiting, "plombier-hoarau", `koza_option, koza_status=true, 'regenerate'`);
    await insertOrder(query, liveOnly, "glacier-payet", `activated_at='2026-11-25T06:30:00Z'`);
    await insertOrder(query, never, "librairie-fontaine");
  },
  check: async (query) => {
    await expectMoved(
      query,
      "host, filled_at, koza_status, activated_at",
      [
        [
          kozaDone,
          {
            host: "wp-b",
            filled_at: "2026-11-24T08:00:00.000Z",
            koza_status: "completed",
            activated_at: "2026-11-24T07:00:00.000Z",
          },
        ],
        [kozaWaiting, { host: null, koza_status: "regenerate", activated_at: null }],
        [liveOnly, { koza_status: null, activated_at: "2026-11-25T06:30:00.000Z" }],
        [never, undefined],
      ],
      ["koza_status", "activated_at"],
    );
    // The directory's index is on sites now, in its order; the one on orders is gone.
    const indexes = await query(
      "select indexname, indexdef from pg_indexes where indexname in ('orders_directory_idx', 'sites_directory_idx')",
    );
    expect(indexes.rows.map((r) => r.indexname)).toEqual(["sites_directory_idx"]);
    expect(indexes.rows[0]?.indexdef).toMatch(
      /\(activated_at DESC, order_id DESC\) WHERE \(\(koza_status = 'completed'::text\) OR \(filled_at IS NOT NULL\)\)$/,
    );
  },
};

const at = (minute: number) => `2026-11-26T08:${String(minute).padStart(2, "0")}:00.000Z`;
const done = (minute: number) => ({ status: "completed", timestamp: at(minute) });
/** One order in each status before migration 0034, with its steps as provisioning left them. */
const setups = {
  waiting: { id: randomUUID(), status: "pending", steps: { payment: done(0) } },
  building: {
    id: randomUUID(),
    status: "processing",
    steps: { payment: done(1), subdomain: done(2), wordpress: { status: "processing", timestamp: at(3) } },
  },
  live: {
    id: randomUUID(),
    status: "active",
    steps: { payment: done(4), subdomain: done(5), wordpress: done(6), kit: done(7), email: done(8) },
  },
  failed: {
    id: randomUUID(),
    status: "error",
    steps: { payment: done(9), subdomain: done(10), wordpress: { status: "failed", timestamp: at(11) } },
  },
  // An order that recorded no step at all: every order row is a paid purchase.
  bare: { id: randomUUID(), status: "active", steps: {} },
};

/**
 * Migration 0034 (decision 0104): the site's setup state and steps on `sites`, the payment step on
 * the order; a site row for every order, and the rows that existed keep what they held.
 */
const siteSetup: MigrationCase = {
  before: 33,
  populate: async (query) => {
    for (const [name, o] of Object.entries(setups)) {
      await query(
        `insert into orders (id, checkout_session_id, plan_id, subdomain, customer_name, customer_email, country,
           magic_link_token_enc, monthly_price_cents, status, steps)
         values ($1, $2, 'business', $3, 'Zoé Payet', 'zoe@example.re', 'Réunion', 'sealed', 5425, $4, $5::jsonb)`,
        [o.id, `cs_${o.id}`, `setup-${name}`, o.status, JSON.stringify(o.steps)],
      );
    }
    await query("insert into sites (order_id, host, koza_status) values ($1, 'wp-b', 'completed')", [
      setups.live.id,
    ]);
  },
  check: async (query) => {
    const ids = Object.values(setups).map((o) => o.id);
    const payments = await query("select id, payment from orders where id = any($1)", [ids]);
    const paymentOf = new Map(payments.rows.map((r) => [r.id, r.payment]));
    for (const o of Object.values(setups)) {
      const recorded = (o.steps as { payment?: unknown }).payment;
      expect(paymentOf.get(o.id)).toEqual(recorded ?? { status: "completed", timestamp: null });
    }
    const { payment: _, ...liveSteps } = setups.live.steps;
    await expectMoved(
      query,
      "setup, steps, host, koza_status",
      [
        [setups.waiting.id, { setup: "pending", steps: {}, host: null }],
        [
          setups.building.id,
          { setup: "processing", steps: { subdomain: done(2), wordpress: setups.building.steps.wordpress } },
        ],
        [setups.live.id, { setup: "active", steps: liveSteps, host: "wp-b", koza_status: "completed" }],
        [
          setups.failed.id,
          { setup: "error", steps: { subdomain: done(10), wordpress: setups.failed.steps.wordpress } },
        ],
        [setups.bare.id, { setup: "active", steps: {} }],
      ],
      ["status", "steps"],
    );
    // The steps exactly (toMatchObject above allows more keys): the payment step left the site's.
    const steps = await query("select order_id, steps from sites where order_id = any($1)", [ids]);
    for (const row of steps.rows) expect(Object.keys(row.steps as object)).not.toContain("payment");
    const index = await query("select 1 from pg_indexes where indexname = 'orders_status_created_idx'");
    expect(index.rows).toEqual([]);
  },
};

/**
 * One order in each state before migration 0035: unpaid, and paid with its site in each setup;
 * the site row made by 0034 (`row`) or none (an order paid since 0034 whose site recorded
 * nothing), with and without a company for the directory's search.
 */
const named = {
  unpaid: { id: randomUUID(), paid: false, setup: undefined, company: "Épicerie Hoarau", city: "Le Tampon" },
  waiting: { id: randomUUID(), paid: true, setup: undefined, company: null, city: "Étang-Salé" },
  started: { id: randomUUID(), paid: true, setup: "pending", company: "Garage Técher", city: null },
  building: { id: randomUUID(), paid: true, setup: "processing", company: null, city: null },
  live: { id: randomUUID(), paid: true, setup: "active", company: "Boulangerie Payet", city: "Saint-Paul" },
  failed: { id: randomUUID(), paid: true, setup: "error", company: "", city: "Saint-Pierre" },
} as const;

/** What the admin and directory searches scan, per order: as the old columns held it, and now. */
const scanned = new Map<string, { admin: unknown; directory: unknown }>();
const searchedNow = new PgDialect().sqlToQuery(
  sql`select ${ordersTable.id} as id, ${adminSearchText} as admin, ${directorySearchText} as directory
      from ${ordersTable} inner join ${sitesTable} on ${eq(sitesTable.orderId, ordersTable.id)}`,
);

/**
 * Migration 0035 (decision 0109): the subdomain becomes the site's name, every order gets its
 * site's row, the name is unique there, and the searches scan the same text as before.
 */
const siteName: MigrationCase = {
  before: 34,
  populate: async (query) => {
    for (const [key, o] of Object.entries(named)) {
      await query(
        `insert into orders (id, checkout_session_id, plan_id, subdomain, customer_name, customer_email, country,
           company_name, city, category, magic_link_token_enc, monthly_price_cents, payment)
         values ($1, $2, 'business', $3, 'Hélène Grondin', 'helene@example.re', 'Réunion', $4, $5, 'Boulangerie',
           'sealed', 5425, $6::jsonb)`,
        [
          o.id,
          `cs_${o.id}`,
          `nom-${key}`,
          o.company,
          o.city,
          JSON.stringify(o.paid ? done(20) : { status: "pending", timestamp: null }),
        ],
      );
      if (o.setup) {
        await query("insert into sites (order_id, setup, host) values ($1, $2, 'wp-b')", [o.id, o.setup]);
      }
    }
    const before = await query("select id, search_text, directory_text from orders where id = any($1)", [
      Object.values(named).map((o) => o.id),
    ]);
    for (const r of before.rows)
      scanned.set(r.id as string, { admin: r.search_text, directory: r.directory_text });
  },
  check: async (query) => {
    const ids: string[] = Object.values(named).map((o) => o.id);
    await expectMoved(
      query,
      "name, setup, host",
      Object.entries(named).map(([key, o]) => [
        o.id,
        { name: `nom-${key}`, setup: o.setup ?? "pending", host: o.setup ? "wp-b" : null },
      ]),
      ["subdomain"],
    );
    // The sites made for orders with none are blank, as such a site read before.
    const made = await query("select steps, kit, koza_status from sites where order_id = any($1)", [
      [named.unpaid.id, named.waiting.id],
    ]);
    expect(made.rows).toEqual([
      { steps: {}, kit: null, koza_status: null },
      { steps: {}, kit: null, koza_status: null },
    ]);
    // The searches scan exactly what the generated columns held when they folded the subdomain.
    const now = await query(searchedNow.sql, searchedNow.params);
    const after = new Map(
      now.rows
        .filter((r) => ids.includes(r.id as string))
        .map((r) => [r.id, { admin: r.admin, directory: r.directory }]),
    );
    expect(after.size).toBe(ids.length);
    for (const id of ids) expect(after.get(id), id).toEqual(scanned.get(id));
    expect(scanned.get(named.waiting.id)?.directory).toBe("nom-waiting etang-sale boulangerie");
    // Two sites cannot share a name: the index that stopped two paid orders from sharing one.
    const index = await query(
      "select indexdef from pg_indexes where indexname in ('sites_name_unique', 'orders_subdomain_unique')",
    );
    expect(index.rows.map((r) => r.indexdef)).toEqual([
      expect.stringMatching(/^CREATE UNIQUE INDEX sites_name_unique ON public\.sites USING btree \(name\)$/),
    ]);
    await expect(
      query("update sites set name = 'nom-live' where order_id = $1", [named.failed.id]),
    ).rejects.toThrow();
  },
};

describe("the migrations that move an order's site facts to sites", () => {
  testMigrations("move them, on a copy of a populated database", [
    sitesApart,
    leaseAndFill,
    kozaAndLive,
    siteSetup,
    siteName,
  ]);
});
