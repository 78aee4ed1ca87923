import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { guardedScope, route } from "./route.ts";

const Answer = z.object({ ok: z.boolean() });

function app() {
  const instance = Fastify();
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  return instance;
}

describe("route()", () => {
  it("refuses to start when a route states another level than its scope's", async () => {
    const instance = app();
    instance.register(async (scope) => {
      guardedScope(scope, "admin-token");
      route(
        scope,
        { method: "GET", url: "/x", access: "public", rateLimit: "default", response: { 200: Answer } },
        () => ({ ok: true }),
      );
    });
    await expect(instance.ready()).rejects.toThrow(/states access "public".*"admin-token"/);
  });

  it("refuses a scoped level outside its scope", async () => {
    const instance = app();
    expect(() =>
      route(
        instance,
        { method: "GET", url: "/x", access: "order-token", rateLimit: "default", response: { 200: Answer } },
        () => ({ ok: true }),
      ),
    ).toThrow(/"public" or "secret-in-path"/);
  });

  it("encodes the answer by its schema: keys it does not name never leave", async () => {
    const instance = app();
    route(
      instance,
      { method: "GET", url: "/x", access: "public", rateLimit: "default", response: { 200: Answer } },
      () => ({ ok: true, secret: "never sent" }) as { ok: boolean },
    );
    const res = await instance.inject({ method: "GET", url: "/x" });
    expect(res.json()).toEqual({ ok: true });
    await instance.close();
  });
});
