import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeQuotedPrintable, startSmtpSink, waitFor } from "../../test/smtp-sink.ts";
import { createTestContext } from "../../test/test-context.ts";
import type { Context } from "../context.ts";
import { emailLog, emailTemplates } from "../db/schema.ts";
import { TEMPLATE_NAMES } from "./default-templates.ts";
import { queueEmail } from "./queue-email.ts";
import { sendEmailJob } from "./send-email-job.ts";

describe("e-mail through the job queue", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: Context;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
    await ctx.queue.work(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it("seeds a French template for every e-mail the product sends", async () => {
    const rows = await ctx.db.select().from(emailTemplates);
    expect(rows.map((r) => r.name).sort()).toEqual([...TEMPLATE_NAMES].sort());
  });

  it("delivers a rendered template over SMTP and records it as sent", async () => {
    const id = await queueEmail(ctx, {
      template: "welcome",
      to: "zoe@example.re",
      vars: {
        customer_name: "Zoé <b>",
        site_url: "http://zoe.localhost",
        magic_link: "http://x/dashboard/1?token=secret-magic-token",
      },
    });
    const mail = await waitFor(() => smtp.received.find((m) => m.to.includes("zoe@example.re")));
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain("/dashboard/1?token=secret-magic-token");
    expect(body).toContain("Zoé &lt;b&gt;");
    expect(body).toContain("http://zoe.localhost");
    const row = await waitFor(async () => {
      const [r] = await ctx.db.select().from(emailLog).where(eq(emailLog.id, id));
      return r?.status === "sent" ? r : undefined;
    });
    expect(row.recipient).toBe("zoe@example.re");
    expect(row.sentAt).toBeInstanceOf(Date);
    // The log keeps the link's shape for the admin, the token only sealed.
    expect(row.html).toContain("/dashboard/1?token=[masqué]");
    expect(row.html).not.toContain("secret-magic-token");
    expect(row.sealedHtml).not.toContain("secret-magic-token");
    expect(ctx.secrets.open(row.sealedHtml as string)).toContain("/dashboard/1?token=secret-magic-token");
  });

  it("delivers a row queued before bodies were sealed, then masks its link", async () => {
    const id = randomUUID();
    await ctx.db.insert(emailLog).values({
      id,
      template: "welcome",
      recipient: "ancien@example.re",
      subject: "Bienvenue",
      html: '<a href="http://x/dashboard/2?token=old-clear-token">lien</a>',
      status: "queued",
    });
    await ctx.queue.send(sendEmailJob, { emailId: id });
    const mail = await waitFor(() => smtp.received.find((m) => m.to.includes("ancien@example.re")));
    expect(decodeQuotedPrintable(mail.raw)).toContain("/dashboard/2?token=old-clear-token");
    const row = await waitFor(async () => {
      const [r] = await ctx.db.select().from(emailLog).where(eq(emailLog.id, id));
      return r?.status === "sent" ? r : undefined;
    });
    expect(row.html).toBe('<a href="http://x/dashboard/2?token=[masqué]">lien</a>');
  });

  it("sends every attempt at one e-mail with the same Message-ID: its log id", async () => {
    const id = await queueEmail(ctx, {
      template: "contact_agency",
      to: "deux@example.re",
      vars: { name: "n" },
    });
    await waitFor(async () => {
      const [r] = await ctx.db.select().from(emailLog).where(eq(emailLog.id, id));
      return r?.status === "sent" ? r : undefined;
    });
    // As if its worker had died after the SMTP server accepted it, before recording it as sent.
    await ctx.db.update(emailLog).set({ status: "queued" }).where(eq(emailLog.id, id));
    await ctx.queue.send(sendEmailJob, { emailId: id });
    const both = await waitFor(() => {
      const got = smtp.received.filter((m) => m.to.includes("deux@example.re"));
      return got.length === 2 ? got : undefined;
    });
    const host = new URL(ctx.config.PUBLIC_URL).hostname;
    for (const mail of both) expect(mail.raw).toMatch(new RegExp(`^Message-ID: <${id}@${host}>\r?$`, "im"));
  });
});
