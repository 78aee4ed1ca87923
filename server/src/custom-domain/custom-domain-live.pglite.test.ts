/**
 * A custom domain from request to a live HTTPS site, for real and offline: Pebble (Let's
 * Encrypt's test authority) signs the certificate after checking HTTP-01 on the embedded nginx,
 * pebble-challtestsrv answers the DNS, the embedded WordPress host serves the site. Needs root
 * (the sites' own users) and the Debian package `pebble`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DOMAIN_MESSAGES } from "@lagon/contracts/custom-domain";
import { formatDateTime } from "@lagon/contracts/french-date";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { httpsGet, type Pebble, startPebble } from "../../test/pebble.ts";
import { createTestApp } from "../../test/test-context.ts";
import { type CustomDomain, customDomainChecks, customDomains, emailLog } from "../db/schema.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { getSite } from "../sites/sites-table.ts";
import { basicAuth, freePort, testCoreDir } from "../wordpress/site-checks.ts";
import { queueDueChecks } from "./domain-lifecycle.ts";

describe("a custom domain, with Pebble as the authority and the DNS", () => {
  let dir: string;
  let pebble: Pebble;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let tlsPort: number;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "lagon-domains-"));
    const wpPort = await freePort();
    tlsPort = await freePort();
    // Certificates valid 10 days: a renewal falls due within the run's reach (a third of their life).
    pebble = await startPebble(dir, wpPort, { certificateValidityDays: 10 });
    t = await createTestApp({
      BASE_DOMAIN: "sites.test",
      CUSTOM_DOMAIN_TARGET: "127.0.0.1",
      DNS_RESOLVER: pebble.dnsServer,
      ACME_DIRECTORY_URL: pebble.directoryUrl,
      ACME_DIRECTORY_CA: pebble.tlsCaFile,
      // Two re-checks a second apart, then a record still wrong blocks the domain.
      CUSTOM_DOMAIN_RECHECK_SECONDS: "1,1",
      WP_PORT: String(wpPort),
      WP_TLS_PORT: String(tlsPort),
      WP_CORE_DIR: testCoreDir(),
    });
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
  });

  afterAll(async () => {
    await t?.close();
    await pebble?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** A paid order whose site the worker installs; returns it once the site is live. */
  async function liveOrder(subdomain: string) {
    const id = await givenPaidOrder(t.ctx, { subdomain, companyName: `Boulangerie ${subdomain}` });
    for (let i = 0; i < 240; i++) {
      const order = await findShownOrder(t.ctx.db, id);
      if (order?.status === "active") return { order, token: magicLinkToken(t.ctx, order) };
      if (order?.status === "error") throw new Error(`provisioning failed for ${subdomain}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${subdomain} was not installed in time`);
  }

  async function request(orderId: string, token: string, domainName: string) {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/order/${orderId}/domain?token=${token}`,
      payload: { hasOwnDomain: "yes", domainName },
    });
    expect(res.statusCode).toBe(200);
  }

  /** Waits until the domain leaves the states the job moves through by itself. */
  async function settled(orderId: string) {
    for (let i = 0; i < 240; i++) {
      const [domain] = await t.ctx.db.select().from(customDomains).where(eq(customDomains.orderId, orderId));
      if (
        domain &&
        (domain.state === "active" || (domain.state === "failed" && domain.nextCheckAt === null))
      ) {
        const checks = await t.ctx.db
          .select()
          .from(customDomainChecks)
          .where(eq(customDomainChecks.domainId, domain.id))
          .orderBy(asc(customDomainChecks.id));
        return { domain, checks };
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error("the domain did not settle in time");
  }

  /** Waits until the order's domain is as `wanted` says. */
  async function until(orderId: string, wanted: (domain: CustomDomain) => boolean) {
    for (let i = 0; i < 240; i++) {
      const [domain] = await t.ctx.db.select().from(customDomains).where(eq(customDomains.orderId, orderId));
      if (domain && wanted(domain)) return domain;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error("the domain never got there");
  }

  const checksOf = (domainId: number) =>
    t.ctx.db
      .select()
      .from(customDomainChecks)
      .where(eq(customDomainChecks.domainId, domainId))
      .orderBy(asc(customDomainChecks.id));

  const mails = (orderId: string, template: string) =>
    t.ctx.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.orderId, orderId))
      .then((rows) => rows.filter((m) => m.template === template));

  it("goes from request to active, and HTTPS on the domain serves the customer's WordPress", async () => {
    const { order, token } = await liveOrder("payet");
    const subdomainUrl = t.ctx.wordpress.main.siteUrl("payet");
    // A page linking to the site's current address: the link must follow the move.
    const page = await t.ctx.wordpress.main.fetch("payet", "/wp-json/wp/v2/pages", {
      method: "POST",
      headers: {
        ...basicAuth(
          (await getSite(t.ctx.db, order.id)).wpUsername ?? "",
          t.ctx.secrets.open((await getSite(t.ctx.db, order.id)).wpAppPasswordEnc ?? ""),
        ),
        "content-type": "application/json",
      },
      body: JSON.stringify({
        title: "Nos horaires",
        content: `<p><a href="${subdomainUrl}/contact/">Contactez-nous</a></p>`,
        status: "publish",
      }),
    });
    expect(page.status).toBe(201);

    const domain = "boulangerie-payet.test";
    await pebble.dns("/add-a", { host: `${domain}.`, addresses: ["127.0.0.1"] });
    await pebble.dns("/set-cname", { host: `www.${domain}.`, target: "payet.sites.test." });
    await request(order.id, token, domain);

    const { domain: row, checks } = await settled(order.id);
    expect(row).toMatchObject({ state: "active", failure: null, reason: null });
    expect(row.certificateExpiresAt?.getTime()).toBeGreaterThan(Date.now());
    expect(checks.map((c) => c.state)).toEqual(["dns_ok", "active"]);
    expect(checks[1]?.details).toMatch(
      /^Certificat obtenu pour boulangerie-payet\.test et www\.boulangerie-payet\.test/,
    );
    const url = `https://${domain}:${tlsPort}`;
    expect((await mails(order.id, "domain_active"))[0]?.html).toContain(url);

    // A visitor trusting Pebble's root reaches the WordPress site over HTTPS on the domain.
    const ca = await pebble.root();
    const home = await httpsGet(`${url}/`, {
      ca,
      host: "127.0.0.1",
      servername: domain,
      hostHeader: `${domain}:${tlsPort}`,
    });
    expect(home.status).toBe(200);
    expect(home.peerNames).toContain(`DNS:${domain}`);
    expect(home.peerNames).toContain(`DNS:www.${domain}`);
    expect(home.body).toContain("Boulangerie payet");
    expect(home.body).toContain(url);
    expect(home.body).not.toContain("payet.sites.test");
    const moved = await httpsGet(`${url}/nos-horaires/`, {
      ca,
      host: "127.0.0.1",
      servername: domain,
      hostHeader: `${domain}:${tlsPort}`,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toContain(`href="${url}/contact/"`);

    // www and the old subdomain redirect to the domain; the REST API stays on the subdomain.
    const www = await httpsGet(`https://www.${domain}:${tlsPort}/a-propos/`, {
      ca,
      host: "127.0.0.1",
      servername: `www.${domain}`,
      hostHeader: `www.${domain}:${tlsPort}`,
    });
    expect(www.status).toBe(301);
    expect(www.headers.location).toBe(`${url}/a-propos/`);
    const old = await t.ctx.wordpress.main.fetch("payet", "/nos-horaires/");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`${url}/nos-horaires/`);
    expect((await t.ctx.wordpress.main.fetch("payet", "/wp-json/")).status).toBe(200);

    // The order page shows it live.
    const view = (await t.app.inject({ url: `/api/order/${order.id}?token=${token}` })).json();
    expect(view.custom_domain).toMatchObject({ domain, state: "active", url });
    expect(view.dns_records).toHaveLength(2);
  });

  it("blocks a domain whose record points elsewhere, with a French reason, without asking the authority", async () => {
    const { order, token } = await liveOrder("cafe");
    const domain = "cafe-mauvais.test";
    await pebble.dns("/add-a", { host: `${domain}.`, addresses: ["192.0.2.1"] });
    await request(order.id, token, domain);

    const { domain: row, checks } = await settled(order.id);
    expect(row).toMatchObject({ state: "failed", failure: "wrong_record", nextCheckAt: null });
    expect(row.reason).toBe(
      "cafe-mauvais.test pointe vers A 192.0.2.1 au lieu de 127.0.0.1 : remplacez cet enregistrement par A cafe-mauvais.test → 127.0.0.1 et supprimez les autres enregistrements A et AAAA de ce nom.",
    );
    // Three DNS checks, never a certificate request (no validation spent at the authority).
    expect(checks.map((c) => [c.state, c.ok])).toEqual([
      ["dns_pending", false],
      ["dns_pending", false],
      ["dns_pending", false],
    ]);
    const blocked = await mails(order.id, "domain_blocked");
    expect(blocked).toHaveLength(1);
    expect(blocked[0]?.html).toContain("pointe vers A 192.0.2.1");
    expect(row.certificatePem).toBeNull();

    // Blocked, the customer may ask for another domain.
    const again = await t.app.inject({
      method: "POST",
      url: `/api/order/${order.id}/domain?token=${token}`,
      payload: { hasOwnDomain: "yes", domainName: "boulangerie-payet.test" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(DOMAIN_MESSAGES.domainTaken);
  });

  it("blocks a domain whose CAA record names another authority, and says which record to add", async () => {
    const { order, token } = await liveOrder("caa");
    const domain = "caa-bloque.test";
    await pebble.dns("/add-a", { host: `${domain}.`, addresses: ["127.0.0.1"] });
    await pebble.dns("/add-caa", { host: `${domain}.`, policies: [{ tag: "issue", value: "sectigo.com" }] });
    await request(order.id, token, domain);

    const { domain: row, checks } = await settled(order.id);
    expect(row).toMatchObject({ state: "failed", failure: "caa" });
    expect(row.reason).toBe(
      `L'enregistrement CAA de caa-bloque.test n'autorise que sectigo.com à créer les certificats de caa-bloque.test : ajoutez l'enregistrement CAA caa-bloque.test 0 issue "letsencrypt.org" chez votre registraire (ou supprimez ce CAA).`,
    );
    expect(checks).toHaveLength(1);
    expect((await mails(order.id, "domain_blocked"))[0]?.subject).toBe(
      "Votre domaine caa-bloque.test demande une correction",
    );
  });

  it("waits out the authority's rate limit with a French reason, then goes live by itself", async () => {
    const { order, token } = await liveOrder("limite");
    const domain = "limite-payet.test";
    await pebble.dns("/add-a", { host: `${domain}.`, addresses: ["127.0.0.1"] });
    await pebble.dns("/set-cname", { host: `www.${domain}.`, target: "limite.sites.test." });
    // Let's Encrypt's answer past a limit: 429, rateLimited, try again in 4 seconds.
    pebble.rateLimitNewOrders(1, 4);
    const asked = Date.now();
    await request(order.id, token, domain);

    const limited = await until(order.id, (d) => d.failure === "rate_limit");
    expect(limited.state).toBe("failed");
    const retry = limited.nextCheckAt as Date;
    expect(retry.getTime()).toBeGreaterThanOrEqual(asked + 3_000);
    expect(retry.getTime()).toBeLessThanOrEqual(Date.now() + 4_000);
    expect(limited.reason).toBe(
      `L'autorité de certification limite le nombre de demandes pour ce domaine : nouvel essai automatique le ${formatDateTime(retry)}, vous n'avez rien à faire.`,
    );
    const view = (await t.app.inject({ url: `/api/order/${order.id}?token=${token}` })).json();
    expect(view.custom_domain).toMatchObject({
      state: "failed",
      failure: "rate_limit",
      reason: limited.reason,
    });

    // Nothing for the customer to fix: no e-mail, and the job comes back after the window.
    const { domain: row, checks } = await settled(order.id);
    expect(row).toMatchObject({ state: "active", failure: null, reason: null });
    expect(checks.map((c) => [c.state, c.ok])).toEqual([
      ["dns_ok", true],
      ["failed", false],
      ["dns_ok", true],
      ["active", true],
    ]);
    expect(checks[1]?.details).toContain(
      "(too many certificates (5) already issued for this exact set of identifiers",
    );
    expect(checks[2]?.at.getTime()).toBeGreaterThanOrEqual(retry.getTime() - 1_000);
    expect(await mails(order.id, "domain_blocked")).toHaveLength(0);
    expect(await mails(order.id, "domain_active")).toHaveLength(1);
  });

  it("renews a certificate when a third of its life is left, the site staying up through a refused first try", async () => {
    const { order, token } = await liveOrder("renouv");
    const domain = "renouv-payet.test";
    await pebble.dns("/add-a", { host: `${domain}.`, addresses: ["127.0.0.1"] });
    await pebble.dns("/set-cname", { host: `www.${domain}.`, target: "renouv.sites.test." });
    await request(order.id, token, domain);
    const { domain: issued } = await settled(order.id);
    const DAY = 86_400_000;
    const expires = issued.certificateExpiresAt as Date;
    // Pebble signed for 10 days: the job is due back when a third of that is left, not before.
    expect(expires.getTime() - Date.now()).toBeGreaterThan(9 * DAY);
    expect(expires.getTime() - Date.now()).toBeLessThan(11 * DAY);
    const due = (issued.nextCheckAt as Date).getTime();
    expect(Math.abs(due - (expires.getTime() - (10 * DAY) / 3))).toBeLessThan(3_600_000);

    const url = `https://${domain}:${tlsPort}/`;
    const visit = async () =>
      httpsGet(url, {
        ca: await pebble.root(),
        host: "127.0.0.1",
        servername: domain,
        hostHeader: `${domain}:${tlsPort}`,
      });
    const before = await visit();
    expect(before.status).toBe(200);

    // The renewal date comes (the test moves the domain's clock there) and the periodic sweep
    // queues its check; the authority first answers with a rate limit.
    pebble.rateLimitNewOrders(1, 5);
    await t.ctx.db
      .update(customDomains)
      .set({ nextCheckAt: new Date() })
      .where(eq(customDomains.id, issued.id));
    expect(await queueDueChecks(t.ctx)).toBeGreaterThanOrEqual(1);
    const waiting = await until(
      order.id,
      (d) => d.nextCheckAt !== null && d.nextCheckAt.getTime() > Date.now(),
    );
    expect(waiting).toMatchObject({ state: "active", failure: null, reason: null });
    expect((await checksOf(issued.id)).at(-1)).toMatchObject({ state: "active", ok: false });
    // Still served, on the certificate it has.
    const during = await visit();
    expect(during.status).toBe(200);
    expect(during.peerSerial).toBe(before.peerSerial);

    const renewed = await until(
      order.id,
      (d) => (d.certificateExpiresAt?.getTime() ?? 0) > expires.getTime() && d.checkLeaseUntil === null,
    );
    expect(renewed).toMatchObject({ state: "active", failure: null, reason: null });
    expect(renewed.activatedAt).toEqual(issued.activatedAt);
    const last = (await checksOf(issued.id)).at(-1);
    expect(last?.details).toBe(
      `Certificat renouvelé pour ${domain} et www.${domain}, valable jusqu'au ${formatDateTime(renewed.certificateExpiresAt as Date)}.`,
    );
    // nginx reloads gracefully: for a moment a connection may still reach an old worker, which
    // serves the certificate it started with or closes the connection as it leaves. Wait for
    // the new certificate (it never comes if the renewal did not reach nginx).
    let after: Awaited<ReturnType<typeof visit>> | undefined;
    await expect
      .poll(
        async () => {
          after = await visit().catch(() => undefined);
          return after?.peerSerial;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toSatisfy((serial) => serial !== undefined && serial !== before.peerSerial);
    if (!after) throw new Error("no answer after the renewal");
    expect(after.status).toBe(200);
    expect(after.body).toContain("Boulangerie renouv");
    expect(
      Math.abs(after.peerValidTo.getTime() - (renewed.certificateExpiresAt as Date).getTime()),
    ).toBeLessThan(1_000);
    // The customer was told once, when the domain went live.
    expect(await mails(order.id, "domain_active")).toHaveLength(1);
  });
});
