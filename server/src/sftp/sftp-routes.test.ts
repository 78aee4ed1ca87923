import { rm } from "node:fs/promises";
import { SFTP_MESSAGES } from "@lagon/contracts/sftp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-context.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { updateSite } from "../sites/sites-table.ts";

/**
 * The order page's SFTP routes (decision 0059): only Libre, only a live site, bad input refused in
 * French before the host is asked. The real host's side is site-sftp.test.ts and the journey
 * e2e/libre-sftp.spec.ts.
 */
describe("the order page's SFTP routes", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let address = 0;
  const from = () => `10.0.2.${++address}`;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
    if (t) await rm(t.ctx.config.DATA_DIR, { recursive: true, force: true });
  });

  async function givenSite(
    planId: "starter" | "business" | "libre",
    status: "active" | "processing" = "active",
  ) {
    const id = await givenPaidOrder(t.ctx, { planId });
    await updateSite(t.ctx.db, id, { setup: status });
    const row = await findShownOrder(t.ctx.db, id);
    if (!row) throw new Error("order not created");
    return { id, token: magicLinkToken(t.ctx, row) };
  }

  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, remoteAddress = from()) =>
    t.app.inject({ method, url, payload, remoteAddress });

  it("says in French that other plans have no SFTP, and refuses their changes", async () => {
    for (const plan of ["starter", "business"] as const) {
      const site = await givenSite(plan);
      const view = await call("GET", `/api/order/${site.id}/sftp?token=${site.token}`);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toMatchObject({ unavailable_reason: SFTP_MESSAGES.notIncluded, settings: null });
      const password = await call("POST", `/api/order/${site.id}/sftp/password?token=${site.token}`, {});
      expect(password.statusCode).toBe(403);
      expect(password.json().detail).toBe(SFTP_MESSAGES.notIncluded);
      const mode = await call("PUT", `/api/order/${site.id}/site-mode?token=${site.token}`, {
        mode: "plain",
      });
      expect(mode.statusCode).toBe(403);
    }
  });

  it("waits for the site to be live", async () => {
    const site = await givenSite("libre", "processing");
    const view = await call("GET", `/api/order/${site.id}/sftp?token=${site.token}`);
    expect(view.json()).toMatchObject({ unavailable_reason: SFTP_MESSAGES.notReady, settings: null });
  });

  it("refuses bad input with a French detail, before the host is asked", async () => {
    const site = await givenSite("libre");
    const url = (path: string) => `/api/order/${site.id}${path}?token=${site.token}`;
    const cases: [string, "POST" | "PUT", object, string][] = [
      ["/sftp/password", "POST", { password: "court" }, SFTP_MESSAGES.passwordShort],
      ["/sftp/password", "POST", { password: "x".repeat(129) }, SFTP_MESSAGES.passwordLong],
      ["/sftp/password", "POST", { password: "douze-caractères\nrm" }, SFTP_MESSAGES.passwordCharacters],
      ["/sftp/keys", "POST", { key: "" }, SFTP_MESSAGES.keyRequired],
      ["/sftp/keys", "POST", { key: "ssh-dss AAAAB3NzaC1kc3MAAACBAP" }, SFTP_MESSAGES.keyInvalid],
      ["/sftp/keys", "POST", { key: "ssh-ed25519 AAAA; rm -rf /" }, SFTP_MESSAGES.keyInvalid],
      ["/sftp/keys/remove", "POST", { fingerprint: "SHA256:../../etc" }, SFTP_MESSAGES.keyUnknown],
      ["/site-mode", "PUT", { mode: "autre" }, SFTP_MESSAGES.modeInvalid],
    ];
    for (const [path, method, body, detail] of cases) {
      const response = await call(method, url(path), body);
      expect(response.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().detail).toContain(detail);
    }
  });

  it("asks for the order's token and limits password changes to a few a minute", async () => {
    const site = await givenSite("libre");
    expect((await call("GET", `/api/order/${site.id}/sftp`)).statusCode).toBe(401);
    expect((await call("POST", `/api/order/${site.id}/sftp/password?token=nope`, {})).statusCode).toBe(403);
    const url = `/api/order/${site.id}/sftp/password?token=${site.token}`;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await call("POST", url, { password: "court" }, "10.0.3.1")).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
