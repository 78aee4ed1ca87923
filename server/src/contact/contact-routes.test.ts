import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { solvedCaptcha } from "../../test/solve-captcha.ts";
import { createTestApp } from "../../test/test-context.ts";
import { contactMessages, emailLog } from "../db/schema.ts";

describe("contact form and lost-link request", () => {
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

  it("refuses a replayed captcha", async () => {
    const token = await solvedCaptcha(t.app);
    const first = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...message, captcha_token: token },
    });
    expect(first.statusCode).toBe(200);
    const replay = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...message, captcha_token: token },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().detail).toMatch(/captcha/);
  });

  it("sends a link for every order of a known address, and answers an unknown one the same way", async () => {
    const email = "perdu@example.re";
    await givenPaidOrder(t.ctx, { customerEmail: email });
    await givenPaidOrder(t.ctx, { customerEmail: email });
    const known = await t.app.inject({
      method: "POST",
      url: "/api/resend-magic-link",
      payload: {
        email: "Perdu@Example.re",
        name: "",
        subject: "",
        message: "",
        captcha_token: await solvedCaptcha(t.app),
      },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/resend-magic-link",
      payload: { email: "inconnu@example.re", captcha_token: await solvedCaptcha(t.app) },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({
      success: true,
      detail: "Email envoyé ! Vérifiez votre boîte de réception.",
    });
    const sent = await t.ctx.db.select().from(emailLog).where(eq(emailLog.template, "magic_link_lost"));
    expect(sent.map((m) => m.recipient)).toEqual([email, email]);
    expect(sent[0]?.html).toMatch(/\/dashboard\/[0-9a-f-]{36}\?token=/);
    const noCaptcha = await t.app.inject({
      method: "POST",
      url: "/api/resend-magic-link",
      payload: { email },
    });
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json().detail).toBe("Veuillez valider le captcha.");
  });
});
