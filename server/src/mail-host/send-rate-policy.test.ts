import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/test-context.ts";
import type { Database } from "../db/database.ts";
import { SendCounts } from "./send-counts-table.ts";
import { OVER_LIMIT_ACTION, policyAction, SendRateCounter } from "./send-rate-policy.ts";

describe("the send-rate policy, counted in the database", () => {
  let database: Database;
  const rcpt = (login: string) =>
    new Map([
      ["request", "smtpd_access_policy"],
      ["protocol_state", "RCPT"],
      ["sasl_username", login],
    ]);
  const answers = (counter: SendRateCounter, login: string, n: number) =>
    Promise.all(Array.from({ length: n }, () => policyAction(counter, rcpt(login))));

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it("defers a login's recipients past its budget, until the window has passed; others keep theirs", async () => {
    let now = Date.parse("2026-11-27T08:00:00Z");
    const limit = { recipients: 3, perSeconds: 3600 };
    const counter = new SendRateCounter(new SendCounts(database.db), limit, () => now);
    const site = "wordpress@boulangerie.localhost";
    // Asked at once: exactly three places, never a fourth.
    expect((await answers(counter, site, 4)).sort()).toEqual([OVER_LIMIT_ACTION, "DUNNO", "DUNNO", "DUNNO"]);
    expect(await policyAction(counter, rcpt(site.toUpperCase()))).toBe(OVER_LIMIT_ACTION);
    expect(await policyAction(counter, rcpt("contact@boulangerie.localhost"))).toBe("DUNNO");
    now += 3600 * 1000 + 1;
    expect(await policyAction(counter, rcpt(site))).toBe("DUNNO");
  });

  it("keeps the counts across a restart: a new counter on the same database reads the same hour", async () => {
    const now = Date.parse("2026-11-27T10:00:00Z");
    const limit = { recipients: 3, perSeconds: 3600 };
    const login = "contact@fleuriste.localhost";
    const before = new SendRateCounter(new SendCounts(database.db), limit, () => now);
    expect(await answers(before, login, 2)).toEqual(["DUNNO", "DUNNO"]);
    const counts = new SendCounts(database.db);
    expect(await counts.sentSince(login, new Date(now - 3600 * 1000))).toBe(2);
    const after = new SendRateCounter(counts, limit, () => now + 1000);
    expect(await answers(after, login, 2)).toEqual(["DUNNO", OVER_LIMIT_ACTION]);
    expect(await counts.sentSince(login, new Date(now - 3600 * 1000))).toBe(3);
  });

  it("does not count what is no authenticated recipient", async () => {
    const counter = new SendRateCounter(new SendCounts(database.db), { recipients: 1, perSeconds: 60 });
    expect(await policyAction(counter, new Map([["protocol_state", "RCPT"]]))).toBe("DUNNO");
    const data = new Map([
      ["protocol_state", "DATA"],
      ["sasl_username", "a@b.c"],
    ]);
    expect(await policyAction(counter, data)).toBe("DUNNO");
    expect(await policyAction(counter, rcpt("a@b.c"))).toBe("DUNNO");
    expect(await policyAction(counter, rcpt("a@b.c"))).toBe(OVER_LIMIT_ACTION);
  });
});
