import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import type { Context } from "../src/context.ts";
import { createContext } from "../src/create-context.ts";
import { allJobs } from "../src/jobs/all-jobs.ts";
import { createLogger } from "../src/logger.ts";
import { findOrder } from "../src/orders/orders-table.ts";
import { freePort } from "../src/wordpress/site-checks.ts";
import { waitFor } from "./smtp-sink.ts";
import { solvedCaptcha } from "./solve-captcha.ts";
import { openTestDatabase, TEST_ADMIN_TOKEN } from "./test-context.ts";

const ORIGIN = "http://localhost:3000";
const EMAIL = "zoe.payet@example.re";

/**
 * The real server with logging on at `trace`, taken through what customers and admins do: a
 * checkout, the success page's poll, the magic-link page, admin calls, a lost-link request. Then
 * every secret it used is looked for in the whole log output and in every table: none may be
 * found in clear (sealed values are fine).
 */
describe("no secret in the logs or the database", () => {
  let ctx: Context;
  let app: FastifyInstance;
  const logOutput: string[] = [];
  /** Every secret seen on the way, by what it is. */
  const secrets = new Map<string, string>();
  const keep = (what: string, value: unknown) => {
    if (typeof value === "string" && value.length >= 8) secrets.set(value, what);
  };

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "lagon-leaks-")),
      SERVE_WEB: "false",
      LOG_LEVEL: "trace",
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      WP_PORT: String(await freePort()),
    });
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logOutput.push(chunk.toString());
        done();
      },
    });
    ctx = await createContext(config, createLogger("trace", sink), {
      jobs: allJobs,
      database: await openTestDatabase(),
    });
    await ctx.wordpress.start();
    await ctx.queue.work(ctx);
    app = await buildApp(ctx);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
  });

  it("runs a customer's and an admin's requests", async () => {
    keep("jeton admin", TEST_ADMIN_TOKEN);
    const created = await app.inject({
      method: "POST",
      url: "/api/stripe/create-checkout-session",
      payload: {
        plan_id: "price_local_starter",
        customer_data: {
          email: EMAIL,
          name: "Zoé Payet",
          phone: "0692 00 00 00",
          company_name: "Boulangerie Payet",
          domain: "secrets-payet.localhost",
          plan: "Starter",
          immediate_start: true,
        },
        success_url: `${ORIGIN}/success`,
        cancel_url: `${ORIGIN}/`,
        koza_option: false,
      },
    });
    expect(created.statusCode).toBe(200);
    const sessionId = new URL(created.json().checkout_url).pathname.split("/").at(-1) as string;
    keep("identifiant de session de paiement", sessionId);

    expect((await app.inject({ url: `/api/test-checkout/${sessionId}` })).statusCode).toBe(200);
    const paid = await app.inject({ method: "POST", url: `/api/test-checkout/${sessionId}/pay` });
    expect(paid.statusCode).toBe(200);

    // The success page polls until the site is live, then gets its token and credentials.
    const status = await waitFor(async () => {
      const res = await app.inject({ url: `/api/order-status/${sessionId}` });
      const body = res.json();
      return body.status === "completed" || body.failed ? body : undefined;
    }, 180_000);
    expect(status).toMatchObject({ status: "completed" });
    for (const [key, value] of Object.entries(status)) if (/token|password/.test(key)) keep(key, value);
    const orderId = status.order_id as string;

    const order = await findOrder(ctx.db, orderId);
    if (!order) throw new Error("order missing");
    // Whatever the order keeps sealed (tokens, WordPress passwords) is a secret to look for.
    for (const [column, value] of Object.entries(order)) {
      if (column.endsWith("Enc") && typeof value === "string") keep(column, ctx.secrets.open(value));
    }
    const magicLink = ctx.secrets.open(order.magicLinkTokenEnc);

    const page = await app.inject({ url: `/api/order/${orderId}?token=${encodeURIComponent(magicLink)}` });
    expect(page.statusCode).toBe(200);
    expect(
      (await app.inject({ url: `/api/order/${orderId}?token=${encodeURIComponent(magicLink)}x` })).statusCode,
    ).toBeGreaterThanOrEqual(400);

    const admin = (url: string, init: { method?: "GET" | "POST"; payload?: object } = {}) =>
      app.inject({ ...init, url: `${url}${url.includes("?") ? "&" : "?"}token=${TEST_ADMIN_TOKEN}` });
    expect((await admin("/api/admin/orders")).statusCode).toBe(200);
    const emails = await admin(`/api/admin/orders/${orderId}/emails`);
    expect(emails.statusCode).toBe(200);
    // The admin reads the e-mails with their links masked.
    expect(emails.body).toContain("?token=[masqué]");
    expect((await admin("/api/admin/analytics")).statusCode).toBe(200);
    expect((await admin("/api/admin/export-csv")).statusCode).toBe(200);
    expect(
      (await admin("/api/admin/resend-magic-link", { method: "POST", payload: { order_id: orderId } }))
        .statusCode,
    ).toBe(200);
    const wrongAdmin = await app.inject({ url: `/api/admin/orders?token=${TEST_ADMIN_TOKEN.slice(1)}` });
    expect(wrongAdmin.statusCode).toBeGreaterThanOrEqual(400);

    const lost = await app.inject({
      method: "POST",
      url: "/api/resend-magic-link",
      payload: { email: EMAIL, captcha_token: await solvedCaptcha(app) },
    });
    expect(lost.statusCode).toBe(200);
    // Every e-mail is delivered (recorded) before the search.
    await waitFor(async () => {
      const { rows } = await ctx.database.sql.executeSql(
        "select count(*)::int as n from email_log where status = 'queued'",
      );
      return (rows[0] as { n: number }).n === 0 ? true : undefined;
    });
  }, 300_000);

  it("finds none of them in the log output", () => {
    const log = logOutput.join("");
    expect(log).toContain("/api/order-status/");
    expect(secrets.size).toBeGreaterThanOrEqual(5);
    const found = [...secrets].filter(([value]) => log.includes(value)).map(([, what]) => what);
    expect(found).toEqual([]);
  });

  it("finds none of them in any table", async () => {
    const { rows: tables } = await ctx.database.sql.executeSql(
      `select table_schema, table_name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    expect(tables.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const { table_schema, table_name } of tables as { table_schema: string; table_name: string }[]) {
      const { rows } = await ctx.database.sql.executeSql(`select * from "${table_schema}"."${table_name}"`);
      for (const row of rows as Record<string, unknown>[]) {
        for (const [column, cell] of Object.entries(row)) {
          const text = JSON.stringify(cell) ?? "";
          for (const [value, what] of secrets) {
            if (text.includes(value)) found.push(`${what} dans ${table_schema}.${table_name}.${column}`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
});
