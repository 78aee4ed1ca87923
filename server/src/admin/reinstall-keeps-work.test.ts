import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { waitFor } from "../../test/smtp-sink.ts";
import { createTestApp, TEST_ADMIN_TOKEN } from "../../test/test-context.ts";
import { orderLogs } from "../db/schema.ts";
import { ANSWERS, jpegPhoto, kozaSubmission } from "../koza/test-support.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { getSite } from "../sites/sites-table.ts";
import { freePort } from "../wordpress/site-checks.ts";

const SUBDOMAIN = "koza-reinstall";

/** The admin's reinstall of a Koza site: a backup first, the answers kept, 'Régénérer' after. */
describe("reinstall never loses work silently", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let orderId: string;
  let token: string;

  const order = async () => {
    const o = await findShownOrder(t.ctx.db, orderId);
    if (!o) throw new Error("order missing");
    return o;
  };
  const kozaIs = (status: string) =>
    waitFor(async () => {
      const { kozaStatus } = await getSite(t.ctx.db, orderId);
      if (kozaStatus === "error") throw new Error("Koza failed");
      return kozaStatus === status ? order() : undefined;
    }, 180_000);
  const home = async () => (await (await t.ctx.wordpress.main.fetch(SUBDOMAIN, "/")).text()) as string;
  const regenerate = () =>
    t.app.inject({ method: "POST", url: "/api/koza/regenerate", payload: { order_id: orderId, token } });

  beforeAll(async () => {
    t = await createTestApp({ WP_PORT: String(await freePort()) });
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
    orderId = await givenPaidOrder(t.ctx, {
      subdomain: SUBDOMAIN,
      kozaOption: true,
      companyName: "Payet SARL",
    });
    token = magicLinkToken(
      t.ctx,
      await waitFor(async () => ((await order()).status === "active" ? order() : undefined), 90_000),
    );
    const body = await kozaSubmission({ order_id: orderId, token, koza_data: JSON.stringify(ANSWERS) }, [
      ["photo_0", await jpegPhoto("#f59e0b"), "four.jpg"],
    ]);
    const submitted = await t.app.inject({ method: "POST", ...body });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await kozaIs("completed");
  }, 400_000);
  afterAll(() => t?.close());

  it("backs the site up, reinstalls, keeps the Koza answers and regenerates from them", async () => {
    expect(await home()).toContain("<title>Boulangerie Payet");
    expect((await regenerate()).json().detail).toBe(
      "Il n'y a rien à régénérer : Koza n'attend pas de régénération pour ce site.",
    );

    const started = await t.app.inject({
      method: "POST",
      url: `/api/admin/reinstall-wordpress?token=${TEST_ADMIN_TOKEN}`,
      payload: { order_id: orderId },
    });
    expect(started.statusCode, started.body).toBe(202);
    const jobId = started.json().job_id as string;
    const end = await waitFor(async () => {
      const s = await t.app.inject({
        url: `/api/admin/reinstall-wordpress/${jobId}?token=${TEST_ADMIN_TOKEN}`,
      });
      const state = s.json().state as string;
      return state === "completed" || state === "failed" ? s.json() : undefined;
    }, 240_000);
    expect(end).toEqual({ state: "completed" });

    // The Koza site is in the backups, the new site is a fresh WordPress, Koza waits for 'Régénérer'.
    const backups = (await t.app.inject({ url: `/api/order/${orderId}/backups?token=${token}` })).json()
      .backups as { kind: string }[];
    expect(backups.map((b) => b.kind)).toEqual(["before-reinstall"]);
    expect((await getSite(t.ctx.db, orderId)).kozaStatus).toBe("regenerate");
    expect(await home()).not.toContain("Boulangerie Payet");
    expect(await home()).toContain("Payet SARL");
    const logs = await t.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, orderId));
    expect(logs.map((l) => l.details)).toContainEqual(
      expect.stringMatching(/WordPress réinstallé .*« Avant réinstallation ».*réponses Koza conservées/),
    );
    const view = (await t.app.inject({ url: `/api/order/${orderId}?token=${token}` })).json();
    expect(view.koza_status).toBe("regenerate");

    const again = await regenerate();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().detail).toMatch(/^Koza régénère votre site/);
    expect((await regenerate()).statusCode).toBe(409);
    await kozaIs("completed");
    expect(await home()).toContain("<title>Boulangerie Payet");
  }, 600_000);
});
