import { readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { emailDisplayCopy } from "./email-display-copy.ts";

const BODY = [
  '<a href="https://lagon.re/dashboard/5f0c?token=Ab_c-9">https://lagon.re/dashboard/5f0c?token=Ab_c-9</a>',
  '<a href="https://lagon.re/koza-questionnaire?orderId=5f0c&amp;token=xyz">Koza</a>',
  "<p>https://lagon.re/success?session_id=cs_test_a1B2 et /api/order-status/cs_local_q-9</p>",
  '<a href="https://site.localhost/wp-admin/">Administration WordPress</a> — merci, Zoé !',
].join("\n");

const MASKED = [
  '<a href="https://lagon.re/dashboard/5f0c?token=[masqué]">https://lagon.re/dashboard/5f0c?token=[masqué]</a>',
  '<a href="https://lagon.re/koza-questionnaire?orderId=5f0c&amp;token=[masqué]">Koza</a>',
  "<p>https://lagon.re/success?session_id=[masqué] et /api/order-status/[masqué]</p>",
  '<a href="https://site.localhost/wp-admin/">Administration WordPress</a> — merci, Zoé !',
].join("\n");

describe("the e-mail log's display copy", () => {
  it("masks every link's secret and keeps the rest of the message", () => {
    expect(emailDisplayCopy(BODY)).toBe(MASKED);
  });

  it("is what migration 0003 makes of bodies logged before it, and leaves queued ones for the sender", async () => {
    const sql = readFileSync(
      path.join(import.meta.dirname, "../db/migrations/0003_email_log_sealed_bodies.sql"),
      "utf8",
    );
    const update = sql.split("--> statement-breakpoint")[1] as string;
    const db = await PGlite.create();
    await db.exec("create table email_log (id int, html text, status text)");
    await db.query("insert into email_log values (1, $1, 'sent'), (2, $1, 'queued')", [BODY]);
    await db.exec(update);
    const { rows } = await db.query<{ html: string }>("select html from email_log order by id");
    expect(rows.map((r) => r.html)).toEqual([MASKED, BODY]);
    await db.close();
  });
});
