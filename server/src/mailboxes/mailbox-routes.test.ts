import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { MAILBOX_MESSAGES, mailPlanChangeRefusal } from "@lagon/contracts/mailboxes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailTestApp } from "../../test/mail-test-app.ts";
import { TEST_ADMIN_TOKEN } from "../../test/test-context.ts";
import {
  adminAudit,
  customDomains,
  mailboxes,
  type Order,
  orders,
  type Subscription,
  subscriptions,
} from "../db/schema.ts";
import { LocalMailHost } from "../mail-host/local-mail-host.ts";
import { deliverFromOutside, freeMailPorts, imapClient, waitForMessage } from "../mail-host/mail-checks.ts";
import { SendCounts } from "../mail-host/send-counts-table.ts";
import { findOrder } from "../orders/orders-table.ts";
import { switchPlan } from "../subscriptions/plan-change.ts";
import { restoreMailHost } from "./order-mailboxes.ts";

describe("the order page's mailboxes, on a real mail host", () => {
  let mail: Awaited<ReturnType<typeof startMailTestApp>>;
  let t: Awaited<ReturnType<typeof startMailTestApp>>["t"];
  let host: LocalMailHost;
  let address = 0;
  const from = () => `10.0.1.${++address}`;

  beforeAll(async () => {
    mail = await startMailTestApp();
    ({ t, host } = mail);
  }, 60_000);

  afterAll(() => mail?.close());

  const givenSite = (planId: "starter" | "business" | "libre") => mail.givenSite(planId);

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, remoteAddress: from() });
  const rowsOf = (orderId: string) => t.ctx.db.select().from(mailboxes).where(eq(mailboxes.orderId, orderId));

  it("creates a mailbox that receives mail over SMTP and is read over IMAP, and lists its use", async () => {
    const site = await givenSite("business");
    const created = await call("POST", `/api/order/${site.id}/mailboxes?token=${site.token}`, {
      localPart: " Contact ",
    });
    expect(created.statusCode).toBe(201);
    const { mailbox, password } = created.json();
    expect(mailbox).toMatchObject({ address: `contact@${site.domain}`, quota_bytes: 10 * 1024 ** 3 });
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    // The database keeps only the hash.
    const [row] = await rowsOf(site.id);
    expect(row?.passwordHash).toMatch(/^\{SHA512-CRYPT\}\$6\$/);
    expect(JSON.stringify(row)).not.toContain(password);

    await deliverFromOutside(host.endpoints(), {
      from: "client@exterieur.test",
      to: mailbox.address,
      subject: "Demande de devis",
      text: "Bonjour, pouvez-vous me faire un devis ?",
    });
    expect(await waitForMessage(host.endpoints(), mailbox.address, password, "Demande de devis")).toContain(
      "un devis",
    );

    const list = await call("GET", `/api/order/${site.id}/mailboxes?token=${site.token}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ domain: site.domain, allowance: 10, unavailable_reason: null });
    expect(list.json().mailboxes).toHaveLength(1);
    expect(list.json().mailboxes[0].used_bytes).toBeGreaterThan(0);
  });

  it("gives a new password that replaces the old one, and deletes a mailbox with its mail", async () => {
    const site = await givenSite("starter");
    const created = (
      await call("POST", `/api/order/${site.id}/mailboxes?token=${site.token}`, { localPart: "compta" })
    ).json();
    const reset = await call(
      "POST",
      `/api/order/${site.id}/mailboxes/${created.mailbox.address}/password?token=${site.token}`,
    );
    expect(reset.statusCode).toBe(200);
    const { password } = reset.json();
    expect(password).not.toBe(created.password);
    await expect(
      imapClient(host.endpoints(), created.mailbox.address, created.password).connect(),
    ).rejects.toThrow();
    const client = imapClient(host.endpoints(), created.mailbox.address, password);
    await client.connect();
    await client.logout();

    const deleted = await call(
      "DELETE",
      `/api/order/${site.id}/mailboxes/${created.mailbox.address}?token=${site.token}`,
    );
    expect(deleted.statusCode).toBe(200);
    expect(await rowsOf(site.id)).toEqual([]);
    await expect(
      deliverFromOutside(host.endpoints(), {
        from: "a@exterieur.test",
        to: created.mailbox.address,
        subject: "?",
        text: "?",
      }),
    ).rejects.toThrow(/User unknown/);
  });

  it("lets the admin create a mailbox, renew its password and delete it, each in the audit log", async () => {
    const site = await givenSite("starter");
    const admin = `/api/admin/orders/${site.id}`;
    const created = await call("POST", `${admin}/mailboxes?token=${TEST_ADMIN_TOKEN}`, {
      localPart: "gerant",
    });
    expect(created.statusCode).toBe(201);
    const { mailbox, password } = created.json();
    expect(mailbox.address).toBe(`gerant@${site.domain}`);
    // The customer's page shows what the admin made.
    const seen = (await call("GET", `/api/order/${site.id}/mailboxes?token=${site.token}`)).json();
    expect(seen.mailboxes.map((box: { address: string }) => box.address)).toEqual([mailbox.address]);

    const reset = await call(
      "POST",
      `${admin}/mailboxes/${mailbox.address}/password?token=${TEST_ADMIN_TOKEN}`,
    );
    expect(reset.statusCode).toBe(200);
    await expect(imapClient(host.endpoints(), mailbox.address, password).connect()).rejects.toThrow();
    const client = imapClient(host.endpoints(), mailbox.address, reset.json().password);
    await client.connect();
    await client.logout();

    // The customer's token opens no admin route, a wrong admin token changes nothing.
    for (const token of [site.token, `${TEST_ADMIN_TOKEN}x`]) {
      const refused = await call("DELETE", `${admin}/mailboxes/${mailbox.address}?token=${token}`);
      expect(refused.statusCode).toBe(403);
    }
    expect(await rowsOf(site.id)).toHaveLength(1);
    const unknownOrder = await call(
      "POST",
      `/api/admin/orders/not-an-order/mailboxes?token=${TEST_ADMIN_TOKEN}`,
      { localPart: "x" },
    );
    expect(unknownOrder.statusCode).toBe(404);

    const deleted = await call("DELETE", `${admin}/mailboxes/${mailbox.address}?token=${TEST_ADMIN_TOKEN}`);
    expect(deleted.statusCode).toBe(200);
    expect(await rowsOf(site.id)).toEqual([]);
    const audit = await t.ctx.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.orderId, site.id))
      .orderBy(adminAudit.id);
    expect(audit.map((row) => row.details)).toEqual([
      "création de gerant — ok",
      `nouveau mot de passe de ${mailbox.address} — ok`,
      `suppression de ${mailbox.address} — ok`,
    ]);
  });

  it("keeps a custom domain on the site while it carries addresses, naming them; then removes it from the mail host", async () => {
    const site = await givenSite("starter");
    const domain = "retrait-mail.re";
    await t.ctx.db
      .insert(customDomains)
      .values({ orderId: site.id, domain, hasOwnDomain: true, state: "active", activatedAt: new Date() });
    const order = `/api/order/${site.id}`;
    const { mailbox } = (
      await call("POST", `${order}/mailboxes?token=${site.token}`, { localPart: "contact", domain })
    ).json();
    const alias = await call("POST", `${order}/mail-aliases?token=${site.token}`, {
      localPart: "devis",
      target: mailbox.address,
      domain,
    });
    expect(alias.statusCode).toBe(201);

    const admin = `/api/admin/custom-domains/${site.id}`;
    for (const [action, payload] of [
      ["remove", undefined],
      ["refuse", { reason: "Domaine expiré." }],
    ] as const) {
      const refused = await call("POST", `${admin}/${action}?token=${TEST_ADMIN_TOKEN}`, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(
        MAILBOX_MESSAGES.domainHasAddresses(domain, [mailbox.address, `devis@${domain}`]),
      );
    }
    const [kept] = await t.ctx.db.select().from(customDomains).where(eq(customDomains.orderId, site.id));
    expect(kept?.state).toBe("active");
    await deliverFromOutside(host.endpoints(), {
      from: "a@exterieur.test",
      to: `devis@${domain}`,
      subject: "Encore là",
      text: "?",
    });

    const byAdmin = (method: "DELETE", url: string) =>
      call(method, `/api/admin/orders/${site.id}${url}?token=${TEST_ADMIN_TOKEN}`);
    expect((await byAdmin("DELETE", `/mail-aliases/devis@${domain}`)).statusCode).toBe(200);
    expect((await byAdmin("DELETE", `/mailboxes/${mailbox.address}`)).statusCode).toBe(200);
    const removed = await call("POST", `${admin}/remove?token=${TEST_ADMIN_TOKEN}`);
    expect(removed.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(customDomains).where(eq(customDomains.orderId, site.id))).toEqual([]);
    // The host no longer takes mail for it.
    await expect(
      deliverFromOutside(host.endpoints(), {
        from: "a@exterieur.test",
        to: `contact@${domain}`,
        subject: "?",
        text: "?",
      }),
    ).rejects.toThrow(/Relay access denied|User unknown/);
  });

  it("refuses a bad or reserved address, another order's mailbox, and a missing token, writing nothing", async () => {
    const site = await givenSite("business");
    const other = await givenSite("business");
    const reserved = await call("POST", `/api/order/${site.id}/mailboxes?token=${site.token}`, {
      localPart: "postmaster",
    });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().detail).toBe(MAILBOX_MESSAGES.reserved("postmaster"));
    const accented = await call("POST", `/api/order/${site.id}/mailboxes?token=${site.token}`, {
      localPart: "hélène",
    });
    expect(accented.json().detail).toBe(MAILBOX_MESSAGES.localPartCharacters);
    const noToken = await call("POST", `/api/order/${site.id}/mailboxes`, { localPart: "contact" });
    expect(noToken.statusCode).toBe(401);
    const wrongToken = await call("POST", `/api/order/${site.id}/mailboxes?token=${other.token}`, {
      localPart: "contact",
    });
    expect(wrongToken.statusCode).toBe(403);
    expect(await rowsOf(site.id)).toEqual([]);

    const theirs = (
      await call("POST", `/api/order/${other.id}/mailboxes?token=${other.token}`, { localPart: "info" })
    ).json();
    const steal = await call(
      "DELETE",
      `/api/order/${site.id}/mailboxes/${theirs.mailbox.address}?token=${site.token}`,
    );
    expect(steal.statusCode).toBe(404);
    expect(steal.json().detail).toBe(MAILBOX_MESSAGES.unknownMailbox);
    expect(await rowsOf(other.id)).toHaveLength(1);
  });

  it("turns a mailbox's out-of-office reply on and off, refusing bad input in French and changing nothing", async () => {
    const site = await givenSite("starter");
    const { mailbox } = (
      await call("POST", `/api/order/${site.id}/mailboxes?token=${site.token}`, { localPart: "absent" })
    ).json();
    const url = `/api/order/${site.id}/mailboxes/${mailbox.address}/vacation`;
    const reply = {
      enabled: true,
      subject: "Congés",
      message: "Je reviens lundi.",
      start: "",
      end: "2099-01-31",
    };
    // The token is looked at before the body: a stranger learns nothing about what is wrong in it.
    const noToken = await call("PUT", url, { enabled: "oui" });
    expect(noToken.statusCode).toBe(401);
    for (const [body, detail] of [
      [{ ...reply, start: "2099-02-01" }, MAILBOX_MESSAGES.vacationEndBeforeStart],
      [{ ...reply, subject: "" }, MAILBOX_MESSAGES.vacationSubjectRequired],
      [{ ...reply, end: "31/01/2099" }, MAILBOX_MESSAGES.vacationDateInvalid],
    ] as const) {
      const refused = await call("PUT", `${url}?token=${site.token}`, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(detail);
    }
    const notJson = await t.app.inject({
      method: "PUT",
      url: `${url}?token=${site.token}`,
      headers: { "content-type": "application/json" },
      payload: "{",
      remoteAddress: from(),
    });
    expect(notJson.statusCode).toBe(400);
    expect((await rowsOf(site.id))[0]?.vacation).toBeNull();

    const on = await call("PUT", `${url}?token=${site.token}`, reply);
    expect(on.statusCode).toBe(200);
    expect(on.json().vacation).toEqual({ ...reply, start: null });
    expect((await rowsOf(site.id))[0]?.vacation).toMatchObject({ enabled: true, subject: "Congés" });
    const off = await call("PUT", `${url}?token=${site.token}`, { ...reply, enabled: false });
    // Turned off, the text stays for next time.
    expect(off.json().vacation).toMatchObject({ enabled: false, message: "Je reviens lundi." });
    const unknown = await call(
      "PUT",
      `/api/order/${site.id}/mailboxes/personne@${site.domain}/vacation?token=${site.token}`,
      reply,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("holds a plan change to the mailboxes: names them, refuses what they do not fit, and gives them the plan's storage on the host", async () => {
    const site = await givenSite("starter");
    const order = `/api/order/${site.id}`;
    const create = (localPart: string) =>
      call("POST", `${order}/mailboxes?token=${site.token}`, { localPart }).then((r) => r.json());
    const contact = await create("contact");
    await create("devis");
    const alias = await call("POST", `${order}/mail-aliases?token=${site.token}`, {
      localPart: "info",
      target: contact.mailbox.address,
    });
    expect(alias.statusCode).toBe(201);
    const changePlan = (plan_id: string) =>
      call("POST", `${order}/subscription/change-plan`, { token: site.token, plan_id });
    const choices = async () =>
      (await call("GET", `${order}?token=${site.token}`)).json().subscription.plan_choices as {
        plan_id: string;
        mail: string | null;
        mail_refusal: string | null;
      }[];
    const planOf = async () =>
      (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.orderId, site.id)))[0];
    // What the host's Dovecot enforces, as a mail client reads it (IMAP QUOTA).
    const hostQuota = async () => {
      const client = imapClient(host.endpoints(), contact.mailbox.address, contact.password);
      await client.connect();
      const quota = await client.getQuota("INBOX");
      await client.logout();
      return quota ? quota.storage?.limit : undefined;
    };
    const addresses = [contact.mailbox.address, `devis@${site.domain}`, `info@${site.domain}`];

    // The plan form says it with the figures, and the server refuses Libre, naming every address.
    const offered = await choices();
    expect(offered.map((c) => [c.plan_id, c.mail, c.mail_refusal])).toEqual([
      [
        "business",
        "La formule Business comprend 10 adresses e-mail de 10 Go : vos 2 adresses e-mail passent à 10 Go tout de suite.",
        null,
      ],
      [
        "libre",
        "La formule Libre ne comprend pas d'adresse e-mail : vos 2 adresses e-mail et leurs messages devraient être supprimés.",
        mailPlanChangeRefusal("libre", [], addresses),
      ],
    ]);
    const toLibre = await changePlan("libre");
    expect(toLibre.statusCode).toBe(409);
    expect(toLibre.json().detail).toContain(
      `: ${addresses[0]}, ${addresses[1]} et ${addresses[2]}. Rien n'a été changé.`,
    );
    expect(await planOf()).toMatchObject({ planId: "starter", pendingPlanId: null });

    // An upgrade raises every mailbox to Business's storage, in the database and on the host.
    expect(await hostQuota()).toBe(5 * 1024 ** 3);
    const up = await changePlan("business");
    expect(up.statusCode, up.body).toBe(200);
    expect((await rowsOf(site.id)).map((r) => r.quotaBytes)).toEqual([10 * 1024 ** 3, 10 * 1024 ** 3]);
    expect(await hostQuota()).toBe(10 * 1024 ** 3);

    // Six mailboxes do not fit Starter's five: refused, nothing scheduled, until one is removed.
    for (const name of ["compta", "direction", "equipe", "rh"]) await create(name);
    const tooMany = await changePlan("starter");
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().detail).toContain(
      "La formule Starter comprend 5 adresses e-mail et votre site en a 6 : supprimez-en 1",
    );
    expect(await planOf()).toMatchObject({ planId: "business", pendingPlanId: null });
    expect(
      (await call("DELETE", `${order}/mailboxes/rh@${site.domain}?token=${site.token}`)).statusCode,
    ).toBe(200);
    const down = await changePlan("starter");
    expect(down.statusCode, down.body).toBe(200);
    expect(await planOf()).toMatchObject({ planId: "business", pendingPlanId: "starter" });
    // While it waits, no sixth mailbox.
    const sixth = await call("POST", `${order}/mailboxes?token=${site.token}`, { localPart: "rh" });
    expect([sixth.statusCode, sixth.json().detail]).toEqual([
      409,
      MAILBOX_MESSAGES.limitPending("Starter", 5),
    ]);

    // At the period end the downgrade lowers the storage, keeping the mail.
    const row = await findOrder(t.ctx.db, site.id);
    await switchPlan(t.ctx, row as Order, (await planOf()) as Subscription, "starter");
    expect((await rowsOf(site.id)).map((r) => r.quotaBytes)).toEqual(Array(5).fill(5 * 1024 ** 3));
    expect(await hostQuota()).toBe(5 * 1024 ** 3);
  });

  it("holds each plan to its allowance: none for Libre, 5 for Starter", async () => {
    const libre = await givenSite("libre");
    const refused = await call("POST", `/api/order/${libre.id}/mailboxes?token=${libre.token}`, {
      localPart: "contact",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(MAILBOX_MESSAGES.notIncluded);
    const libreList = (await call("GET", `/api/order/${libre.id}/mailboxes?token=${libre.token}`)).json();
    expect(libreList).toMatchObject({
      allowance: 0,
      unavailable_reason: MAILBOX_MESSAGES.notIncluded,
      settings: null,
    });

    const starter = await givenSite("starter");
    for (const name of ["a1", "a2", "a3", "a4", "a5"]) {
      const res = await call("POST", `/api/order/${starter.id}/mailboxes?token=${starter.token}`, {
        localPart: name,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().mailbox.quota_bytes).toBe(5 * 1024 ** 3);
    }
    const sixth = await call("POST", `/api/order/${starter.id}/mailboxes?token=${starter.token}`, {
      localPart: "a6",
    });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().detail).toBe(MAILBOX_MESSAGES.limitReached(5));
    expect(await rowsOf(starter.id)).toHaveLength(5);

    // While a move to Libre waits for the period end, no alias either (decision 0110).
    await t.ctx.db
      .update(subscriptions)
      .set({ pendingPlanId: "libre" })
      .where(eq(subscriptions.orderId, starter.id));
    const alias = await call("POST", `/api/order/${starter.id}/mail-aliases?token=${starter.token}`, {
      localPart: "info",
      target: "jean@example.com",
    });
    expect([alias.statusCode, alias.json().detail]).toEqual([409, MAILBOX_MESSAGES.limitPending("Libre", 0)]);

    // On Libre anyway (switched at Stripe), its addresses work on and are said; none is made.
    await t.ctx.db.update(orders).set({ planId: "libre" }).where(eq(orders.id, starter.id));
    const left = (await rowsOf(starter.id)).map((r) => r.address).sort();
    const listed = (await call("GET", `/api/order/${starter.id}/mailboxes?token=${starter.token}`)).json();
    expect(listed).toMatchObject({
      outside_plan: MAILBOX_MESSAGES.outsidePlan("Libre", left),
      unavailable_reason: null,
      settings: { host: host.endpoints().host },
    });
    expect(listed.mailboxes).toHaveLength(5);
    const renewed = await call(
      "POST",
      `/api/order/${starter.id}/mailboxes/${left[0]}/password?token=${starter.token}`,
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    const refusedAgain = await call("POST", `/api/order/${starter.id}/mailboxes?token=${starter.token}`, {
      localPart: "a6",
    });
    expect([refusedAgain.statusCode, refusedAgain.json().detail]).toEqual([
      403,
      MAILBOX_MESSAGES.notIncluded,
    ]);
  });

  it("gives a new mail host every mailbox and alias the database records, with its owner's password", async () => {
    const site = await givenSite("business");
    const created = (
      await call("POST", `/api/order/${site.id}/mailboxes?token=${site.token}`, { localPart: "accueil" })
    ).json();
    await call("POST", `/api/order/${site.id}/mail-aliases?token=${site.token}`, {
      localPart: "bonjour",
      target: created.mailbox.address,
    });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "mail-host-new-"));
    const fresh = new LocalMailHost({
      dataDir,
      hostname: "mail.lagon-sites.re",
      ports: await freeMailPorts(),
      sendCounts: new SendCounts(t.ctx.db),
    });
    try {
      await fresh.start();
      t.ctx.mailHost = fresh;
      expect(await restoreMailHost(t.ctx)).toBeGreaterThanOrEqual(1);
      await deliverFromOutside(fresh.endpoints(), {
        from: "client@exterieur.test",
        to: `bonjour@${site.domain}`,
        subject: "Après le déménagement",
        text: "Toujours là ?",
      });
      expect(
        await waitForMessage(
          fresh.endpoints(),
          created.mailbox.address,
          created.password,
          "Après le déménagement",
        ),
      ).toContain("Toujours");
    } finally {
      t.ctx.mailHost = host;
      await fresh.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
