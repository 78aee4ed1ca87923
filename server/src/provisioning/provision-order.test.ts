import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { decodeQuotedPrintable, startSmtpSink, waitFor } from "../../test/smtp-sink.ts";
import { createTestContext } from "../../test/test-context.ts";
import type { Context } from "../context.ts";
import { emailLog, orderLogs } from "../db/schema.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findOrder } from "../orders/orders-table.ts";
import { getSite } from "../sites/sites-table.ts";
import { freePort } from "../wordpress/site-checks.ts";
import { resumeFailedOrder } from "./provision-order-job.ts";

async function orderRow(ctx: Context, id: string) {
  const row = await findOrder(ctx.db, id);
  if (!row) throw new Error("order missing");
  return row;
}

describe("provisioning a paid order into a live WordPress site", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: Context;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    ctx = await createTestContext({ SMTP_URL: smtp.url, WP_PORT: String(await freePort()) });
    await ctx.wordpress.start();
    await ctx.queue.work(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it("installs the site, completes every step, and e-mails the magic link", async () => {
    const id = await givenPaidOrder(ctx, {
      subdomain: "boulangerie-payet",
      companyName: "Boulangerie Payet",
    });
    const order = await waitFor(async () => {
      const row = await orderRow(ctx, id);
      return row.status === "active" ? row : undefined;
    }, 90_000);

    for (const step of ["payment", "subdomain", "wordpress", "kit", "email"] as const) {
      expect(order.steps[step]?.status).toBe("completed");
      expect(Date.parse(order.steps[step]?.timestamp ?? "")).toBeGreaterThan(0);
    }
    const logs = await ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, id));
    expect(logs.map((l) => l.action)).toEqual([
      "payment",
      "subdomain",
      "wordpress",
      "kit",
      "email",
      "active",
    ]);
    expect(logs.find((l) => l.action === "wordpress")?.details).toMatch(/WordPress installé .* \(\d+ ms\)/);
    // The "Réservation" page came with the install (decision 0103): the kit step found it there.
    expect(logs.find((l) => l.action === "wordpress")?.details).toContain("Page Réservation créée.");
    expect(logs.find((l) => l.action === "kit")?.details).not.toContain("Réservation");

    // Credentials are kept encrypted; nothing readable in the row or the logs.
    const password = ctx.secrets.open((await getSite(ctx.db, order.id)).wpPasswordEnc as string);
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(JSON.stringify(order)).not.toContain(password);
    expect(JSON.stringify(logs)).not.toContain(password);

    const home = await ctx.wordpress.main.fetch("boulangerie-payet", "/");
    expect(home.status).toBe(200);
    const homeText = await home.text();
    expect(homeText).toContain("Boulangerie Payet");
    // Business: the "Réservation" page, in the menu, loads the platform's booking widget (decision 0057).
    expect(homeText).toContain("/reservation/");
    const booking = await (await ctx.wordpress.main.fetch("boulangerie-payet", "/reservation/")).text();
    expect(booking).toContain(`data-api="${ctx.config.PUBLIC_URL}" data-site="boulangerie-payet"`);
    expect(booking).toContain(`${ctx.config.PUBLIC_URL}/booking-widget/booking.js`);

    const token = magicLinkToken(ctx, order);
    const mail = await waitFor(() => smtp.received.find((m) => m.to.includes(order.customerEmail)));
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain(`/dashboard/${id}?token=${token}`);
    expect(body).toContain("http://boulangerie-payet.localhost:");
    expect(body).toContain("/wp-admin/");
    const emails = await ctx.db.select().from(emailLog).where(eq(emailLog.orderId, id));
    expect(emails.map((e) => e.template)).toEqual(["welcome"]);
  });

  it("ends in error with a log line when the host is down, and resumes once it is back", async () => {
    await ctx.wordpress.stop();
    const id = await givenPaidOrder(ctx, { subdomain: "garage-hoarau" });
    const failed = await waitFor(async () => {
      const row = await orderRow(ctx, id);
      return row.status === "error" ? row : undefined;
    }, 120_000);
    expect(failed.steps.wordpress?.status).toBe("failed");
    const logs = await ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, id));
    expect(logs.at(-1)).toMatchObject({ level: "error", action: "wordpress" });
    expect(logs.at(-1)?.details).toContain("le site ne répond pas");
    const alert = await waitFor(() =>
      smtp.received.find((m) => m.raw.includes("garage-hoarau") && m.raw.includes("Alerte")),
    );
    expect(alert.to).toEqual([ctx.config.AGENCY_EMAIL]);

    await ctx.wordpress.start();
    expect(await resumeFailedOrder(ctx, id)).toBe(true);
    const resumed = await waitFor(async () => {
      const row = await orderRow(ctx, id);
      return row.status === "active" ? row : undefined;
    }, 90_000);
    expect(resumed.steps.wordpress?.status).toBe("completed");
    expect(resumed.steps.subdomain?.status).toBe("completed");
    expect((await ctx.wordpress.main.fetch("garage-hoarau", "/")).status).toBe(200);
  }, 240_000);
});
