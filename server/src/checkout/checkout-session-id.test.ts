import { readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { sessionIdHash } from "./checkout-session-id.ts";

const IDS = ["cs_local_Qx3-_9aZ", "cs_test_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ0123456789abcdefghijkl"];

describe("a checkout session id at rest", () => {
  it("is a hex SHA-256", () => {
    expect(sessionIdHash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("is hashed by migration 0004 as the code hashes it, and no longer kept in clear", async () => {
    const sql = readFileSync(
      path.join(import.meta.dirname, "../db/migrations/0004_checkout_session_id_hashed.sql"),
      "utf8",
    );
    const db = await PGlite.create();
    await db.exec(`create table checkout_sessions (id int primary key, provider_session_id text,
      constraint checkout_sessions_provider_session_id_unique unique (provider_session_id))`);
    await db.query("insert into checkout_sessions values (1, $1), (2, $2), (3, null)", IDS);
    for (const statement of sql.split("--> statement-breakpoint")) await db.exec(statement);
    const { rows } = await db.query<Record<string, unknown>>("select * from checkout_sessions order by id");
    expect(rows).toEqual([
      { id: 1, provider_session_hash: sessionIdHash(IDS[0] as string), provider_session_enc: null },
      { id: 2, provider_session_hash: sessionIdHash(IDS[1] as string), provider_session_enc: null },
      { id: 3, provider_session_hash: null, provider_session_enc: null },
    ]);
    await expect(
      db.query("insert into checkout_sessions values (4, $1, null)", [sessionIdHash(IDS[0] as string)]),
    ).rejects.toThrow(/unique/);
    await db.close();
  });
});
