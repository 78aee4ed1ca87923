/**
 * A live custom domain as a mail domain of its site, on a real mail host, with its mail records
 * checked through pebble-challtestsrv as the DNS (as the domain's own checks are).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DOMAIN_MESSAGES } from "@lagon/contracts/custom-domain";
import type { MailDnsCheck } from "@lagon/contracts/custom-domain-schemas";
import { MAILBOX_MESSAGES } from "@lagon/contracts/mailboxes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailTestApp } from "../../test/mail-test-app.ts";
import { type Pebble, startPebble } from "../../test/pebble.ts";
import { customDomainChecks, customDomains } from "../db/schema.ts";
import { deliverFromOutside, waitForMessage } from "../mail-host/mail-checks.ts";
import { freePort } from "../wordpress/site-checks.ts";

describe("a live custom domain as a mail domain, its records checked on challtestsrv", () => {
  let dir: string;
  let pebble: Pebble;
  let mail: Awaited<ReturnType<typeof startMailTestApp>>;
  let n = 0;
  const from = () => `10.0.2.${++n}`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "lagon-mail-dns-"));
    pebble = await startPebble(dir, await freePort());
    mail = await startMailTestApp({
      config: { DNS_RESOLVER: pebble.dnsServer, PUBLIC_URL: "http://localhost:8080" },
    });
  }, 60_000);

  afterAll(async () => {
    await mail?.close();
    await pebble?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const call = (method: "GET" | "POST", url: string, payload?: object) =>
    mail.t.app.inject({ method, url, payload, remoteAddress: from() });

  async function liveDomain(planId: "starter" | "business" | "libre", domain: string) {
    const site = await mail.givenSite(planId);
    await mail.t.ctx.db
      .insert(customDomains)
      .values({ orderId: site.id, domain, hasOwnDomain: true, state: "active", activatedAt: new Date() });
    return site;
  }

  const records = async (site: { id: string; token: string }) => {
    const res = await call("GET", `/api/order/${site.id}/domain/mail-records?token=${site.token}`);
    expect(res.statusCode).toBe(200);
    const check = res.json() as MailDnsCheck;
    return Object.fromEntries(check.records.map((r) => [r.label, r]));
  };

  it("lists MX, SPF, DKIM (the host's own key) and DMARC, all missing at first", async () => {
    const site = await liveDomain("business", "payet-mail.re");
    const found = await records(site);
    expect(Object.keys(found)).toEqual(["MX", "SPF", "DKIM", "DMARC"]);
    expect(found.MX).toMatchObject({ type: "MX", name: "payet-mail.re", value: "mail.lagon-sites.re" });
    expect(found.MX?.priority).toBe(10);
    expect(found.SPF).toMatchObject({ type: "TXT", value: "v=spf1 mx a:mail.lagon-sites.re ~all" });
    expect(found.DKIM).toMatchObject(await dkimOf("payet-mail.re"));
    expect(found.DKIM?.name).toBe("lagon._domainkey.payet-mail.re");
    expect(found.DMARC).toMatchObject({
      name: "_dmarc.payet-mail.re",
      value: expect.stringMatching(/^v=DMARC1;/),
    });
    // challtestsrv answers NOTIMP to MX questions (it serves no MX): a server failure, not a
    // customer's mistake. MX right and wrong are checked on a fixed zone (mail-dns-check.test.ts).
    expect(found.MX).toMatchObject({
      status: "unreachable",
      detail: expect.stringMatching(/^Le serveur DNS ne répond pas \(ENOTIMP\)/),
    });
    for (const record of Object.values(found).slice(1)) {
      expect(record.status).toBe("missing");
      expect(record.detail).toMatch(/^Aucun/);
      expect(record.purpose).toMatch(/\w/);
    }
    expect(found.SPF?.detail).toBe(
      "Aucun enregistrement TXT « v=spf1 » pour payet-mail.re : créez l'enregistrement TXT payet-mail.re → v=spf1 mx a:mail.lagon-sites.re ~all chez votre registraire.",
    );
    // Each check is in the domain's log, for the admin.
    const [domain] = await mail.t.ctx.db
      .select()
      .from(customDomains)
      .where(eq(customDomains.orderId, site.id));
    const logged = await mail.t.ctx.db
      .select()
      .from(customDomainChecks)
      .where(eq(customDomainChecks.domainId, domain?.id ?? 0));
    expect(logged.map((c) => c.details)).toContain(
      "Enregistrements e-mail : MX non vérifié, SPF absent, DKIM absent, DMARC absent.",
    );
  });

  const dkimOf = async (domain: string) => {
    const { name, value } = await mail.host.dkimRecord(domain);
    return { name, value };
  };

  it("finds the records set right, and names what is wrong and what to put instead", async () => {
    const site = await liveDomain("starter", "leclerc-mail.re");
    await records(site); // the domain is on the mail host now, with its DKIM key
    const dkim = await dkimOf("leclerc-mail.re");
    const txt = (host: string, value: string) => pebble.dns("/set-txt", { host: `${host}.`, value });
    const clear = (host: string) => pebble.dns("/clear-txt", { host: `${host}.` });
    await txt("leclerc-mail.re", "v=spf1 include:_spf.google.com mx ~all");
    // A real key's TXT (about 400 characters) is more than challtestsrv can serve in one string:
    // the right key is checked on a fixed zone (mail-dns-check.test.ts), a wrong one here.
    await txt(
      dkim.name,
      "v=DKIM1; k=rsa; p=MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfRYC9AIKjbJTWit+CqvjWYzvQwECAwEAAQ==",
    );
    await txt("_dmarc.leclerc-mail.re", "v=DMARC1; p=none");
    let found = await records(site);
    expect(found.SPF?.status).toBe("ok");
    expect(found.DKIM).toMatchObject({
      status: "wrong",
      detail: expect.stringMatching(/n'est pas celle de notre serveur/),
    });
    expect(found.DMARC?.status).toBe("ok");

    await clear("leclerc-mail.re");
    await clear(dkim.name);
    await txt(dkim.name, "v=DKIM1; k=rsa");
    await clear("_dmarc.leclerc-mail.re");
    await txt("leclerc-mail.re", "v=spf1 include:_spf.google.com ~all");
    await txt("_dmarc.leclerc-mail.re", "v=DMARC1; rua=mailto:x@leclerc-mail.re");
    found = await records(site);
    expect(found.SPF).toMatchObject({
      status: "wrong",
      detail:
        "L'enregistrement SPF de leclerc-mail.re (« v=spf1 include:_spf.google.com ~all ») n'autorise pas notre serveur : ajoutez « mx » juste après « v=spf1 », ou remplacez-le par « v=spf1 mx a:mail.lagon-sites.re ~all ».",
    });
    expect(found.DKIM?.status).toBe("wrong");
    expect(found.DMARC).toMatchObject({
      status: "wrong",
      detail: expect.stringMatching(/pas de politique valable/),
    });

    // Two SPF records are no SPF at all.
    await txt("leclerc-mail.re", "v=spf1 mx ~all");
    found = await records(site);
    expect(found.SPF).toMatchObject({
      status: "wrong",
      detail: expect.stringMatching(/a 2 enregistrements TXT « v=spf1 »/),
    });
  });

  it("takes mailboxes and aliases on the custom domain beside the site's own, both receiving", async () => {
    const site = await liveDomain("business", "hoarau-mail.re");
    const list = await call("GET", `/api/order/${site.id}/mailboxes?token=${site.token}`);
    expect(list.json().domains).toEqual([site.domain, "hoarau-mail.re"]);
    const own = (
      await call("POST", `/api/order/${site.id}/mailboxes?token=${site.token}`, { localPart: "contact" })
    ).json();
    const created = await call("POST", `/api/order/${site.id}/mailboxes?token=${site.token}`, {
      localPart: "contact",
      domain: " Hoarau-Mail.re ",
    });
    expect(created.statusCode).toBe(201);
    const custom = created.json();
    expect(custom.mailbox.address).toBe("contact@hoarau-mail.re");
    const alias = await call("POST", `/api/order/${site.id}/mail-aliases?token=${site.token}`, {
      localPart: "devis",
      domain: "hoarau-mail.re",
      target: own.mailbox.address,
    });
    expect(alias.statusCode).toBe(201);
    expect(alias.json()).toMatchObject({ address: "devis@hoarau-mail.re", kind: "alias" });

    const endpoints = mail.host.endpoints();
    await deliverFromOutside(endpoints, {
      from: "client@exterieur.test",
      to: "contact@hoarau-mail.re",
      subject: "Sur le domaine",
      text: "Bonjour",
    });
    await deliverFromOutside(endpoints, {
      from: "client@exterieur.test",
      to: "devis@hoarau-mail.re",
      subject: "Un devis",
      text: "Bonjour",
    });
    await deliverFromOutside(endpoints, {
      from: "client@exterieur.test",
      to: own.mailbox.address,
      subject: "Sur le sous-domaine",
      text: "Bonjour",
    });
    expect(
      await waitForMessage(endpoints, "contact@hoarau-mail.re", custom.password, "Sur le domaine"),
    ).toContain("Bonjour");
    expect(await waitForMessage(endpoints, own.mailbox.address, own.password, "Un devis")).toContain(
      "Bonjour",
    );
    expect(
      await waitForMessage(endpoints, own.mailbox.address, own.password, "Sur le sous-domaine"),
    ).toContain("Bonjour");

    // Thunderbird's autoconfig answers for the live custom domain.
    const autoconfig = await call("GET", "/mail/config-v1.1.xml?emailaddress=contact@hoarau-mail.re");
    expect(autoconfig.statusCode).toBe(200);
    expect(autoconfig.body).toContain("<domain>hoarau-mail.re</domain>");
  });

  it("refuses a domain that is not the site's, a Libre plan, and a domain not yet live", async () => {
    const site = await liveDomain("starter", "grondin-mail.re");
    const other = await call("POST", `/api/order/${site.id}/mailboxes?token=${site.token}`, {
      localPart: "contact",
      domain: "payet-mail.re",
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().detail).toBe(MAILBOX_MESSAGES.unknownMailDomain);

    const libre = await liveDomain("libre", "libre-mail.re");
    const refused = await call("GET", `/api/order/${libre.id}/domain/mail-records?token=${libre.token}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(DOMAIN_MESSAGES.mailNotIncluded);

    const pending = await mail.givenSite("starter");
    await mail.t.ctx.db
      .insert(customDomains)
      .values({ orderId: pending.id, domain: "attente-mail.re", hasOwnDomain: true, state: "dns_pending" });
    const notLive = await call("GET", `/api/order/${pending.id}/domain/mail-records?token=${pending.token}`);
    expect(notLive.statusCode).toBe(409);
    expect(notLive.json().detail).toBe(DOMAIN_MESSAGES.mailNotLive);
    const box = await call("POST", `/api/order/${pending.id}/mailboxes?token=${pending.token}`, {
      localPart: "contact",
      domain: "attente-mail.re",
    });
    expect(box.statusCode).toBe(400);
    const autoconfig = await call("GET", "/mail/config-v1.1.xml?emailaddress=contact@attente-mail.re");
    expect(autoconfig.statusCode).toBe(404);
  });
});
