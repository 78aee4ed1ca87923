import { LOST_LINK_MESSAGES } from "@lagon/contracts/contact";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { solvedCaptcha } from "../../test/solve-captcha.ts";
import { createTestApp } from "../../test/test-context.ts";
import { emailLog } from "../db/schema.ts";
import { sendLostLinksJob } from "./send-lost-links-job.ts";

describe("POST /api/resend-magic-link", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // No worker: what the request itself does is looked at before the job runs.
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const lostLinkMails = () =>
    t.ctx.db.select().from(emailLog).where(eq(emailLog.template, "magic_link_lost"));
  const queuedFor = async () => {
    const { rows } = await t.ctx.database.sql.executeSql(
      "select data->>'email' as email from pgboss.job where name = $1 order by created_on",
      [sendLostLinksJob.name],
    );
    return (rows as { email: string }[]).map((r) => r.email);
  };
  const ask = async (email: string, remoteAddress: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/resend-magic-link",
      remoteAddress,
      payload: { email, name: "", subject: "", message: "", captcha_token: await solvedCaptcha(t.app) },
    });

  it("answers a known and an unknown address alike, looking nothing up before answering", async () => {
    const email = "perdu@example.re";
    const ids = [
      await givenPaidOrder(t.ctx, { customerEmail: email }),
      await givenPaidOrder(t.ctx, { customerEmail: email }),
    ];
    const known = await ask("Perdu@Example.re", "10.0.3.1");
    const unknown = await ask("inconnu@example.re", "10.0.3.2");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ success: true, detail: LOST_LINK_MESSAGES.success });
    expect(known.headers["content-length"]).toBe(unknown.headers["content-length"]);
    // Both requests only queued the same job: no e-mail exists yet for the known address.
    expect(await lostLinkMails()).toEqual([]);
    expect(await queuedFor()).toEqual([email, "inconnu@example.re"]);

    for (const address of await queuedFor()) {
      await sendLostLinksJob.handle({ email: address }, t.ctx, {
        name: sendLostLinksJob.name,
        id: "test",
        retryCount: 0,
        retryLimit: 0,
      });
    }
    const sent = await lostLinkMails();
    expect(sent.map((m) => m.recipient)).toEqual([email, email]);
    expect(sent.map((m) => m.orderId).sort()).toEqual([...ids].sort());
  });

  it("refuses a request without a solved captcha, queueing nothing", async () => {
    const before = await queuedFor();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/resend-magic-link",
      remoteAddress: "10.0.3.3",
      payload: { email: "perdu@example.re" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("Veuillez valider le captcha.");
    expect(await queuedFor()).toEqual(before);
  });
});
