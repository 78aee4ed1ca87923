import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alteredToken } from "../../test/factories.ts";
import { openTestDatabase, TEST_ADMIN_TOKEN } from "../../test/test-context.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Context } from "../context.ts";
import { createContext } from "../create-context.ts";
import { chatConversations, chatMessages, emailLog } from "../db/schema.ts";
import { allJobs } from "../jobs/all-jobs.ts";
import { createLogger } from "../logger.ts";

/** The chat's API on a server logging everything (trace), so the tokens can be looked for in its log. */
describe("chat", () => {
  let ctx: Context;
  let app: FastifyInstance;
  const logOutput: string[] = [];
  let nextAddress = 1;
  /** Each test writes from its own address, so that the rate limits of one do not reach another. */
  const newAddress = () => `192.0.2.${nextAddress++}`;

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "lagon-chat-")),
      SERVE_WEB: "false",
      LOG_LEVEL: "trace",
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      AGENCY_EMAIL: "equipe@agence.example",
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
    app = await buildApp(ctx);
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
  });

  const post = (payload: object, token?: string, remoteAddress = "192.0.2.200") =>
    app.inject({
      method: "POST",
      url: "/api/chat/messages",
      payload,
      remoteAddress,
      headers: token ? { "x-chat-token": token } : {},
    });
  const read = (token?: string) =>
    app.inject({ url: "/api/chat/messages", headers: token ? { "x-chat-token": token } : {} });
  const admin = (url: string, init: { method?: "GET" | "POST"; payload?: object } = {}) =>
    app.inject({ ...init, url: `${url}?token=${TEST_ADMIN_TOKEN}` });
  const agencyMails = () => ctx.db.select().from(emailLog).where(eq(emailLog.template, "chat_agency"));
  const storedMessages = async () => (await ctx.db.select().from(chatMessages)).length;

  /** A new conversation from its own address; its token. */
  async function open(message: string, extra: object = {}): Promise<string> {
    const res = await post({ message, ...extra }, undefined, newAddress());
    expect(res.statusCode, res.body).toBe(201);
    return res.json().token;
  }

  it("opens a conversation with a first message, answers its token once and e-mails the agency once", async () => {
    const before = (await agencyMails()).length;
    const address = newAddress();
    const first = await post(
      { message: "  Bonjour, combien coûte un site vitrine ?  ", email: "Zoe@Example.re", page: "/services" },
      undefined,
      address,
    );
    expect(first.statusCode).toBe(201);
    expect(first.headers["cache-control"]).toBe("no-store");
    const { token, messages } = first.json();
    // `<uuid>.<secret>`, the secret 256 bits in base64url (43 characters).
    expect(token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(messages).toEqual([
      expect.objectContaining({ author: "visitor", body: "Bonjour, combien coûte un site vitrine ?" }),
    ]);

    for (const message of ["Pour une boulangerie.", "Avec une boutique en ligne."]) {
      const next = await post({ message }, token, address);
      expect(next.statusCode).toBe(200);
      expect(next.json().token).toBeUndefined();
    }
    const mine = await read(token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().messages.map((m: { body: string }) => m.body)).toEqual([
      "Bonjour, combien coûte un site vitrine ?",
      "Pour une boulangerie.",
      "Avec une boutique en ligne.",
    ]);

    const mails = await agencyMails();
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1);
    expect(mail?.recipient).toBe("equipe@agence.example");
    expect(mail?.subject).toBe("[Chat] Nouvelle conversation d'un visiteur");
    expect(mail?.html).toContain("Bonjour, combien coûte un site vitrine ?");
    expect(mail?.html).toContain("zoe@example.re");
    expect(mail?.html).toContain("/services");
    expect(mail?.html).not.toContain(token.split(".")[1]);

    // A second conversation is a second e-mail.
    await open("Une autre question.");
    expect((await agencyMails()).length).toBe(before + 2);
  });

  it.each([
    ["no message", {}, "Écrivez votre message avant de l'envoyer."],
    ["a blank message", { message: "   " }, "Écrivez votre message avant de l'envoyer."],
    ["a message too long", { message: "a".repeat(2001) }, "Message trop long (2000 caractères au plus)."],
    ["a wrong e-mail", { message: "Bonjour", email: "zoe@" }, "Adresse e-mail invalide."],
    ["a page that is no path", { message: "Bonjour", page: "https://ailleurs.example/" }, "Page invalide."],
  ])("refuses %s with a French detail and stores nothing", async (_, payload, detail) => {
    const before = await storedMessages();
    const res = await post(payload, undefined, newAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(detail);
    expect(await storedMessages()).toBe(before);
  });

  it("refuses a body over the size limit", async () => {
    const res = await post({ message: "a".repeat(2 * 1024 * 1024) }, undefined, newAddress());
    expect(res.statusCode).toBe(413);
  });

  it("shows a visitor only their own conversation", async () => {
    const alice = await open("Message privé d'Alice");
    const bob = await open("Message de Bob");
    const [aliceId, aliceSecret] = alice.split(".") as [string, string];
    const [, bobSecret] = bob.split(".") as [string, string];

    const bobReads = await read(bob);
    expect(bobReads.json().messages.map((m: { body: string }) => m.body)).toEqual(["Message de Bob"]);
    expect(bobReads.body).not.toContain("Alice");

    const refusals: [string, string | undefined, number, string][] = [
      ["no token", undefined, 401, "aucun jeton"],
      ["Alice's id with Bob's secret", `${aliceId}.${bobSecret}`, 403, "Conversation introuvable"],
      ["Alice's id with her secret altered", `${aliceId}.${alteredToken(aliceSecret)}`, 403, "introuvable"],
      ["Alice's id alone", aliceId, 403, "introuvable"],
      ["an unknown conversation", `00000000-0000-4000-8000-000000000000.${aliceSecret}`, 403, "introuvable"],
      ["anything", "n'importe quoi", 403, "introuvable"],
    ];
    for (const [how, token, status, detail] of refusals) {
      const res = await read(token);
      expect(res.statusCode, how).toBe(status);
      expect(res.json().detail, how).toContain(detail);
      expect(res.body, how).not.toContain("Alice");
      if (token) {
        const before = await storedMessages();
        const written = await post({ message: "Intrusion" }, token, newAddress());
        expect(written.statusCode, how).toBe(status);
        expect(await storedMessages(), how).toBe(before);
      }
    }
    // Bob writing with his token adds to his conversation only.
    await post({ message: "Suite de Bob" }, bob, newAddress());
    expect((await read(alice)).json().messages.map((m: { body: string }) => m.body)).toEqual([
      "Message privé d'Alice",
    ]);
  });

  it("keeps only the secret's hash and never logs a token", async () => {
    const token = await open("Un message dont le jeton ne doit pas fuiter");
    await read(token);
    await post({ message: "Encore un" }, token, newAddress());
    const secret = token.split(".")[1] as string;
    const rows = await ctx.db.select().from(chatConversations);
    expect(JSON.stringify(rows)).not.toContain(secret);
    const log = logOutput.join("");
    expect(log).toContain("/api/chat/messages");
    expect(log).not.toContain(secret);
  });

  it("limits the messages of one address to 20 a minute, in French", async () => {
    const address = newAddress();
    const first = await post({ message: "Message 1" }, undefined, address);
    const token = first.json().token;
    const statuses = [first.statusCode];
    for (let i = 2; i <= 21; i++)
      statuses.push((await post({ message: `Message ${i}` }, token, address)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200 || s === 201)).toBe(true);
    const refused = await post({ message: "Un de trop" }, token, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe("Trop de tentatives. Veuillez patienter avant de réessayer.");
  });

  it("lets one address open 5 conversations an hour (each e-mails the agency)", async () => {
    const address = newAddress();
    for (let i = 1; i <= 5; i++) {
      expect((await post({ message: `Conversation ${i}` }, undefined, address)).statusCode).toBe(201);
    }
    const before = (await agencyMails()).length;
    const sixth = await post({ message: "Conversation 6" }, undefined, address);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toContain("Trop de nouvelles conversations");
    expect((await agencyMails()).length).toBe(before);
    // Writing on in a conversation already open is still fine.
    const token = (await post({ message: "Ailleurs" }, undefined, newAddress())).json().token;
    expect((await post({ message: "Suite" }, token, address)).statusCode).toBe(200);
  });

  it("closes a conversation at 200 messages", async () => {
    const token = await open("Premier");
    const [id] = token.split(".") as [string];
    await ctx.db.insert(chatMessages).values(
      Array.from({ length: 199 }, (_, i) => ({
        conversationId: id,
        author: "visitor" as const,
        body: `${i}`,
      })),
    );
    const full = await post({ message: "Le 201e" }, token, newAddress());
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toContain("formulaire de contact");
  });

  it("keeps the inbox behind the admin token", async () => {
    const urls = [
      ["GET", "/api/admin/chat/conversations"],
      ["GET", "/api/admin/chat/conversations/00000000-0000-4000-8000-000000000000"],
      ["POST", "/api/admin/chat/conversations/00000000-0000-4000-8000-000000000000/messages"],
    ] as const;
    for (const [method, url] of urls) {
      const missing = await app.inject({
        method,
        url,
        payload: method === "POST" ? { message: "x" } : undefined,
      });
      expect(missing.statusCode, url).toBe(401);
      expect(missing.json().detail).toBe("Token admin manquant");
      const wrong = await app.inject({
        method,
        url: `${url}?token=${TEST_ADMIN_TOKEN.slice(1)}x`,
        remoteAddress: "198.51.100.7",
        payload: method === "POST" ? { message: "x" } : undefined,
      });
      expect(wrong.statusCode, url).toBe(403);
      expect(wrong.json().detail).toBe("Accès refusé");
    }
  });

  it("lists conversations newest activity first with unread counts; an answer reaches the visitor", async () => {
    const older = await open("Question ancienne");
    const newer = await open("Question récente");
    await post({ message: "Précision récente" }, newer, newAddress());
    const [olderId] = older.split(".") as [string];
    const [newerId] = newer.split(".") as [string];

    const list = await admin("/api/admin/chat/conversations");
    expect(list.statusCode).toBe(200);
    const ids = list.json().conversations.map((c: { id: string }) => c.id);
    expect(ids.indexOf(newerId)).toBeLessThan(ids.indexOf(olderId));
    const newerSummary = list.json().conversations.find((c: { id: string }) => c.id === newerId);
    expect(newerSummary).toMatchObject({ unread: 2, message_count: 2, preview: "Précision récente" });
    const unreadBefore = list.json().unread_total;

    // Opening it reads its messages.
    const opened = await admin(`/api/admin/chat/conversations/${olderId}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().messages.map((m: { body: string }) => m.body)).toEqual(["Question ancienne"]);
    const afterOpen = await admin("/api/admin/chat/conversations");
    expect(afterOpen.json().unread_total).toBe(unreadBefore - 1);
    expect(afterOpen.json().conversations.find((c: { id: string }) => c.id === olderId).unread).toBe(0);

    // The answer goes to the older conversation, which becomes the most recent.
    const answered = await admin(`/api/admin/chat/conversations/${olderId}/messages`, {
      method: "POST",
      payload: { message: "Bonjour ! Un site vitrine commence à 20 € HT par mois." },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().messages.at(-1)).toMatchObject({ author: "agency" });
    expect((await admin("/api/admin/chat/conversations")).json().conversations[0].id).toBe(olderId);
    const visitor = (await read(older)).json().messages;
    expect(visitor.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ["visitor", "Question ancienne"],
      ["agency", "Bonjour ! Un site vitrine commence à 20 € HT par mois."],
    ]);
    // The other visitor sees nothing of it.
    expect((await read(newer)).body).not.toContain("20 € HT");
  });

  it("refuses an empty answer, and an answer to an unknown conversation, in French", async () => {
    const token = await open("Bonjour");
    const [id] = token.split(".") as [string];
    const empty = await admin(`/api/admin/chat/conversations/${id}/messages`, {
      method: "POST",
      payload: { message: " " },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toContain("Écrivez votre message");
    const unknown = await admin(
      "/api/admin/chat/conversations/00000000-0000-4000-8000-000000000000/messages",
      {
        method: "POST",
        payload: { message: "Bonjour" },
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe("Conversation introuvable.");
    const badId = await admin("/api/admin/chat/conversations/pas-un-id");
    expect(badId.statusCode).toBe(400);
    expect(badId.json().detail).toContain("Conversation introuvable");
  });
});
