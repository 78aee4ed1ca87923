import { rm } from "node:fs/promises";
import { planById } from "@lagon/contracts/plans";
import { LocalMailHost } from "../src/mail-host/local-mail-host.ts";
import { freeMailPorts } from "../src/mail-host/mail-checks.ts";
import { SendCounts } from "../src/mail-host/send-counts-table.ts";
import { magicLinkToken } from "../src/orders/magic-link.ts";
import { findShownOrder } from "../src/orders/orders-table.ts";
import { updateSite } from "../src/sites/sites-table.ts";
import { givenPaidOrder } from "./factories.ts";
import { createTestApp } from "./test-context.ts";

/**
 * A test app whose mail host is a real embedded one on free loopback ports (BASE_DOMAIN
 * lagon-sites.re), with live sites to give mailboxes to. `relayHost`: where outside mail goes.
 */
export async function startMailTestApp({
  relayHost,
  config = {},
}: {
  relayHost?: string;
  config?: Record<string, string>;
} = {}) {
  const t = await createTestApp({ BASE_DOMAIN: "lagon-sites.re", ...config });
  const host = new LocalMailHost({
    dataDir: t.ctx.config.DATA_DIR,
    hostname: "mail.lagon-sites.re",
    ports: await freeMailPorts(),
    relayHost,
    sendCounts: new SendCounts(t.ctx.db),
  });
  t.ctx.mailHost = host;
  await host.start();
  return {
    t,
    host,
    /** An active site of this plan: its order id, page token and mail domain. */
    async givenSite(planId: "starter" | "business" | "libre") {
      const id = await givenPaidOrder(t.ctx, { planId, monthlyPriceCents: planById(planId).priceCents });
      await updateSite(t.ctx.db, id, { setup: "active" });
      const row = await findShownOrder(t.ctx.db, id);
      if (!row) throw new Error("order not created");
      return { id, token: magicLinkToken(t.ctx, row), domain: `${row.subdomain}.lagon-sites.re` };
    },
    async close() {
      await t.close();
      await rm(t.ctx.config.DATA_DIR, { recursive: true, force: true });
    },
  };
}
