import { rm } from "node:fs/promises";
import path from "node:path";
import { planById } from "@lagon/contracts/plans";
import { LocalMailHost } from "../src/mail-host/local-mail-host.ts";
import { LocalWebmail } from "../src/mail-host/local-webmail.ts";
import { freeMailPorts } from "../src/mail-host/mail-checks.ts";
import { SendCounts } from "../src/mail-host/send-counts-table.ts";
import { webmailDatabase } from "../src/mail-host/webmail-config.ts";
import { magicLinkToken } from "../src/orders/magic-link.ts";
import { findShownOrder } from "../src/orders/orders-table.ts";
import { updateSite } from "../src/sites/sites-table.ts";
import { freePort } from "../src/wordpress/site-checks.ts";
import { siteFilesDir } from "../src/wordpress/site-runtime.ts";
import { givenPaidOrder } from "./factories.ts";
import { createTestApp } from "./test-context.ts";

/**
 * A test app whose mail host is a real embedded one on free loopback ports (BASE_DOMAIN
 * lagon-sites.re), with live sites to give mailboxes to. `relayHost`: where outside mail goes.
 */
export async function startMailTestApp({
  relayHost,
  config = {},
  webmail = false,
}: {
  relayHost?: string;
  config?: Record<string, string>;
  /** With its webmail (Roundcube) started with it, as the product's own. */
  webmail?: boolean;
} = {}) {
  const t = await createTestApp({ BASE_DOMAIN: "lagon-sites.re", ...config });
  const webmailPort = webmail ? await freePort() : 0;
  const webmailRoot = path.join(siteFilesDir(path.resolve(t.ctx.config.DATA_DIR)), "webmail");
  const host = new LocalMailHost({
    dataDir: t.ctx.config.DATA_DIR,
    hostname: "mail.lagon-sites.re",
    ports: await freeMailPorts(),
    relayHost,
    sendCounts: new SendCounts(t.ctx.db),
    webmail: webmail
      ? new LocalWebmail({
          root: webmailRoot,
          runDir: path.join("/run", `lagon-webmail-test-${webmailPort}`),
          port: webmailPort,
          url: `http://127.0.0.1:${webmailPort}/`,
        })
      : undefined,
  });
  t.ctx.mailHost = host;
  await host.start();
  return {
    t,
    host,
    /** The webmail's SQLite database (with `webmail`). */
    webmailDatabase: webmailDatabase({ databaseDir: path.join(webmailRoot, "db") }),
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
