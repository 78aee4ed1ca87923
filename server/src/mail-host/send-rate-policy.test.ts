import { spawn } from "node:child_process";
import { chown, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/test-context.ts";
import type { Database } from "../db/database.ts";
import { userId } from "../lib/system-accounts.ts";
import { freePort } from "../wordpress/site-checks.ts";
import { portOpen } from "./local-mail-host.ts";
import { SendCounts } from "./send-counts-table.ts";
import {
  COUNTS_UNAVAILABLE_ACTION,
  OVER_LIMIT_ACTION,
  POLICYD_RATE_LIMIT,
  policyAction,
  policydRateLimitYaml,
  SendRateCounter,
} from "./send-rate-policy.ts";

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

/** One request of Postfix's policy delegation protocol, answered on its own connection. */
function askPolicy(port: number, attributes: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("error", reject);
    socket.on("data", (chunk: string) => {
      answer += chunk;
      if (answer.endsWith("\n\n")) {
        socket.end();
        resolve(answer.trim().replace(/^action=/, ""));
      }
    });
    const lines = Object.entries({ request: "smtpd_access_policy", ...attributes });
    socket.write(`${lines.map(([k, v]) => `${k}=${v}`).join("\n")}\n\n`);
  });
}

/** Resolves once something accepts connections on the port (the daemon has bound it). */
async function listening(port: number, exited: Promise<unknown>): Promise<void> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (gone) throw new Error("policyd-rate-limit exited");
    if (await portOpen(port)) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("Debian's policyd-rate-limit with the product's configuration (an SSH mail host's policy)", () => {
  it("gives a login's recipients the same budget and the same SMTP answers as the embedded policy", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "policyd-"));
    const uid = await userId("policyd-rate-limit");
    await chown(dir, uid, uid);
    const port = await freePort();
    const conf = path.join(dir, "policyd-rate-limit.yaml");
    const yaml = policydRateLimitYaml({
      port,
      database: path.join(dir, "counts.sqlite3"),
      pidFile: path.join(dir, "policyd.pid"),
      limit: { recipients: 3, perSeconds: 3600 },
    });
    await writeFile(conf, yaml);
    const child = spawn(POLICYD_RATE_LIMIT, ["--file", conf], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      await listening(port, exited).catch((error: Error) => {
        throw new Error(`${error.message}: ${stderr}`);
      });
      const rcpt = (login: string) => ({ protocol_state: "RCPT", sasl_username: login, recipient: "x@y.z" });
      const site = "wordpress@boulangerie.localhost";
      const answers: string[] = [];
      for (let i = 0; i < 4; i++) answers.push(await askPolicy(port, rcpt(site)));
      expect(answers.map((a) => a.toUpperCase())).toEqual([
        "DUNNO",
        "DUNNO",
        "DUNNO",
        OVER_LIMIT_ACTION.toUpperCase(),
      ]);
      expect(answers[3]).toBe(OVER_LIMIT_ACTION);
      // Another login keeps its own budget; what is no authenticated recipient is not counted.
      expect(await askPolicy(port, rcpt("contact@boulangerie.localhost"))).toBe("DUNNO");
      expect(await askPolicy(port, { protocol_state: "RCPT", client_address: "203.0.113.5" })).toBe("DUNNO");
      expect(await askPolicy(port, { protocol_state: "DATA", sasl_username: site })).toBe("DUNNO");
      expect(yaml).toContain(JSON.stringify(COUNTS_UNAVAILABLE_ACTION));
    } finally {
      child.kill("SIGINT");
      await exited;
      await rm(dir, { recursive: true, force: true });
    }
  });
});
