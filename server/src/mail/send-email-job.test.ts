import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeQuotedPrintable, startSmtpSink, waitFor } from "../../test/smtp-sink.ts";
import { createTestContext } from "../../test/test-context.ts";
import type { Context } from "../context.ts";
import { emailLog, emailTemplates } from "../db/schema.ts";
import { TEMPLATE_NAMES } from "./default-templates.ts";
import { queueEmail } from "./queue-email.ts";

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
        magic_link: "http://x/dashboard/1?token=t",
      },
    });
    const mail = await waitFor(() => smtp.received.find((m) => m.to.includes("zoe@example.re")));
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain("Zoé &lt;b&gt;");
    expect(body).toContain("http://zoe.localhost");
    const row = await waitFor(async () => {
      const [r] = await ctx.db.select().from(emailLog).where(eq(emailLog.id, id));
      return r?.status === "sent" ? r : undefined;
    });
    expect(row.recipient).toBe("zoe@example.re");
    expect(row.sentAt).toBeInstanceOf(Date);
  });
});
