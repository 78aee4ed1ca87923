import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedCaptcha } from "../../test/solve-captcha.ts";
import { createTestApp } from "../../test/test-context.ts";
import { contactMessages, emailLog } from "../db/schema.ts";

describe("contact form", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const messages = async () => (await t.ctx.db.select({ n: count() }).from(contactMessages))[0]?.n ?? 0;
  const message = {
    name: "Zoé",
    email: "zoe@example.re",
    subject: "Devis",
    message: "Bonjour, je voudrais un site.",
  };

  it("stores a message with a solved captcha and e-mails the agency", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...message, captcha_token: await solvedCaptcha(t.app) },
    });
    expect(res.json()).toEqual({
      success: true,
      detail: "Message envoyé avec succès ! Nous vous répondrons rapidement.",
    });
    expect(await messages()).toBe(1);
    const mails = await t.ctx.db.select().from(emailLog).where(eq(emailLog.template, "contact_agency"));
    expect(mails[0]?.recipient).toBe(t.ctx.config.AGENCY_EMAIL);
  });

  it.each([
    ["no captcha", { ...message }, "Veuillez valider le captcha."],
    [
      "a forged captcha",
      { ...message, captcha_token: Buffer.from('{"challenge":{},"solution":{}}').toString("base64") },
      "Le captcha a expiré",
    ],
    ["an invalid e-mail", { ...message, email: "zoe" }, "Adresse e-mail invalide."],
    ["a missing message", { ...message, message: " " }, "Le message est obligatoire."],
  ])("refuses %s with a French detail and stores nothing", async (_, payload, detail) => {
    const before = await messages();
    const res = await t.app.inject({ method: "POST", url: "/api/contact", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(detail);
    expect(await messages()).toBe(before);
  });

  it("refuses a replayed captcha, however it is re-encoded", async () => {
    // A token whose base64 ends with padding, so that dropping it is a real re-encoding.
    let token = await solvedCaptcha(t.app);
    while (!token.endsWith("=")) token = await solvedCaptcha(t.app);
    const post = (captcha_token: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/contact",
        payload: { ...message, captcha_token },
        remoteAddress: "192.0.2.50",
      });
    expect((await post(token)).statusCode).toBe(200);
    const before = await messages();

    const { challenge, solution } = JSON.parse(Buffer.from(token, "base64").toString());
    const replays = {
      "the same token": token,
      "a space in the base64": `${token.slice(0, 12)} ${token.slice(12)}`,
      "the base64 without padding": token.replace(/=+$/, ""),
      "the JSON re-serialised": Buffer.from(JSON.stringify({ solution, challenge }, null, 2)).toString(
        "base64",
      ),
    };
    for (const [how, replay] of Object.entries(replays)) {
      const res = await post(replay);
      expect(res.statusCode, how).toBe(400);
      expect(res.json().detail, how).toMatch(/captcha/);
    }
    expect(await messages()).toBe(before);
  });
});
