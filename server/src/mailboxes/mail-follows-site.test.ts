/**
 * A site's mail follows its subscription and its backups (decision 0066), on a real mail host
 * and a real WordPress site: suspended with the site, backed up and restored with it, kept in the
 * final copy of an archived site and back when the subscription is paid again.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { MAILBOX_MESSAGES } from "@lagon/contracts/mailboxes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { startMailTestApp } from "../../test/mail-test-app.ts";
import { waitFor } from "../../test/smtp-sink.ts";
import { runRestoreDrill } from "../backups/restore-drill.ts";
import { backupSite, restoreNow } from "../backups/site-backups.ts";
import { orderLogs, siteBackups, subscriptions } from "../db/schema.ts";
import {
  bayesRows,
  deliverFromOutside,
  imapClient,
  seedBayes,
  submitAs,
  waitForMessage,
  webmailLogin,
  webmailRows,
} from "../mail-host/mail-checks.ts";
import type { MailState } from "../mail-host/mail-state.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findOrder, findShownOrder } from "../orders/orders-table.ts";
import { bringSiteToState } from "../subscriptions/site-state.ts";
import { loadSubscription } from "../subscriptions/subscription-view.ts";
import { freePort, testCoreDir } from "../wordpress/site-checks.ts";
import { checkMailSnapshot, removeOrderMail, setOrderMailSuspended } from "./order-mail-follows-site.ts";
import { restoreMailHost } from "./order-mailboxes.ts";

describe("a site's mail follows its subscription and its backups", () => {
  let mail: Awaited<ReturnType<typeof startMailTestApp>>;
  let n = 0;
  const from = () => `10.0.3.${++n}`;

  beforeAll(async () => {
    mail = await startMailTestApp({
      config: { WP_PORT: String(await freePort()), WP_CORE_DIR: testCoreDir() },
      webmail: true,
    });
  }, 60_000);

  afterAll(() => mail?.close());

  async function mailbox(site: { id: string; token: string }, localPart: string) {
    const res = await mail.t.app.inject({
      method: "POST",
      url: `/api/order/${site.id}/mailboxes?token=${site.token}`,
      payload: { localPart },
      remoteAddress: from(),
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { mailbox: { address: string }; password: string };
  }

  const outside = (to: string, subject: string) =>
    deliverFromOutside(mail.host.endpoints(), {
      from: "client@exterieur.test",
      to,
      subject,
      text: "Bonjour",
    });

  /** The subjects in a mailbox's INBOX, read over IMAP. */
  async function subjects(address: string, password: string): Promise<string[]> {
    const client = imapClient(mail.host.endpoints(), address, password);
    await client.connect();
    try {
      const lock = await client.getMailboxLock("INBOX");
      try {
        const found: string[] = [];
        if (client.mailbox === false || client.mailbox.exists === 0) return found;
        for await (const message of client.fetch("1:*", { envelope: true }))
          found.push(message.envelope?.subject ?? "");
        return found.sort();
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => {});
    }
  }

  it("suspended, a mailbox receives nothing (senders told to retry) and sends nothing, and keeps its mail", async () => {
    const site = await mail.givenSite("starter");
    const { mailbox: box, password } = await mailbox(site, "contact");
    const neighbour = await mailbox(await mail.givenSite("starter"), "voisin");
    await outside(box.address, "Avant la suspension");
    await waitForMessage(mail.host.endpoints(), box.address, password, "Avant la suspension");

    const order = await findShownOrder(mail.t.ctx.db, site.id);
    if (!order) throw new Error("no order");
    await setOrderMailSuspended(mail.t.ctx, order, true);
    await expect(outside(box.address, "Pendant")).rejects.toThrow(
      /450 4\.2\.1 .*Adresse temporairement indisponible/,
    );
    // Nor from another customer of the same host.
    await expect(
      submitAs(mail.host.endpoints(), neighbour.mailbox.address, neighbour.password, {
        from: neighbour.mailbox.address,
        to: box.address,
        subject: "Du voisin",
        text: "Bonjour",
      }),
    ).rejects.toThrow(/450 4\.2\.1/);
    await expect(
      submitAs(mail.host.endpoints(), box.address, password, {
        from: box.address,
        to: neighbour.mailbox.address,
        subject: "Envoi suspendu",
        text: "Bonjour",
      }),
    ).rejects.toThrow(/554 5\.7\.1 .*Envoi suspendu/);
    // Its mail is kept, and still readable by its owner.
    expect(await subjects(box.address, password)).toEqual(["Avant la suspension"]);

    await setOrderMailSuspended(mail.t.ctx, order, false);
    await outside(box.address, "Après la reprise");
    await submitAs(mail.host.endpoints(), box.address, password, {
      from: box.address,
      to: neighbour.mailbox.address,
      subject: "De retour",
      text: "Bonjour",
    });
    await waitForMessage(mail.host.endpoints(), neighbour.mailbox.address, neighbour.password, "De retour");
    await waitForMessage(mail.host.endpoints(), box.address, password, "Après la reprise");
  });

  it("backs the mailboxes up with the site, restores them, keeps them in the final copy and brings them back", async () => {
    const { t } = mail;
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
    const id = await givenPaidOrder(t.ctx, { planId: "starter", subdomain: "courrier-suivi" });
    let order = await waitFor(async () => {
      const o = await findShownOrder(t.ctx.db, id);
      return o?.status === "active" ? o : undefined;
    }, 300_000);
    const site = { id, token: magicLinkToken(t.ctx, order) };
    const { mailbox: box, password } = await mailbox(site, "contact");
    await outside(box.address, "Avant la sauvegarde");
    await waitForMessage(mail.host.endpoints(), box.address, password, "Avant la sauvegarde");
    // Its owner reads it in the webmail (a user row and a session in Roundcube's database), and
    // rspamd learnt a Bayes of its own for it: both leave with the domain (decision 0113).
    await webmailLogin(mail.host.endpoints().webmailUrl as string, box.address, password);
    expect(await webmailRows(mail.webmailDatabase)).toMatchObject({
      users: [box.address],
      sessions: expect.arrayContaining([box.address]),
    });
    await seedBayes(mail.host.paths.rspamdStateDir, box.address);
    expect(await bayesRows(mail.host.paths.rspamdStateDir, box.address)).toBe(2);

    const backup = await backupSite(t.ctx, order, "manual");
    expect(backup.mailSnapshotId).toMatch(/^[0-9a-f]{64}$/);
    // The weekly drill reads the mail back too (the only site with a backup here).
    const drills = await runRestoreDrill(t.ctx, { count: 10 });
    expect(drills.map((drill) => [drill.subdomain, drill.ok])).toEqual([["courrier-suivi", true]]);
    expect(drills[0]?.detail).toContain("courrier lisible : 1 message(s) dans 1 adresse(s)");
    // A snapshot that is not this site's mail archive fails it.
    await expect(
      checkMailSnapshot(t.ctx, order, { subdomain: "courrier-suivi", mailSnapshotId: backup.id }),
    ).rejects.toThrow(/^le courrier de la sauvegarde est illisible/);
    await outside(box.address, "Après la sauvegarde");
    await waitForMessage(mail.host.endpoints(), box.address, password, "Après la sauvegarde");
    await restoreNow(t.ctx, order, backup.id);
    expect(await subjects(box.address, password)).toEqual(["Avant la sauvegarde"]);
    await outside(box.address, "Après la restauration");
    await waitForMessage(mail.host.endpoints(), box.address, password, "Après la restauration");

    // Suspended with its site, then archived: the mail leaves the host, kept in the final copy.
    const setStatus = async (status: "suspended" | "archived" | "active") => {
      await t.ctx.db.update(subscriptions).set({ status }).where(eq(subscriptions.orderId, id));
      const sub = await loadSubscription(t.ctx, id);
      if (!sub) throw new Error("no subscription");
      order = (await findOrder(t.ctx.db, id)) as typeof order;
      return bringSiteToState(t.ctx, order, sub);
    };
    expect((await setStatus("suspended")).siteState).toBe("suspended");
    await expect(outside(box.address, "Suspendu")).rejects.toThrow(/450 4\.2\.1/);
    // A host that lost the suspension gets it back from the subscriptions at its start.
    await mail.host.setSuspended([box.address.split("@")[1] as string], false);
    await restoreMailHost(t.ctx);
    await expect(outside(box.address, "Toujours suspendu")).rejects.toThrow(/450 4\.2\.1/);
    // Archived: the final copy holds the mail, then the mail domain leaves the host with all it
    // had (decision 0113): addresses, alias, site sender, DKIM key and mail.
    const domain = box.address.split("@")[1] as string;
    const alias = await mail.t.app.inject({
      method: "POST",
      url: `/api/order/${id}/mail-aliases?token=${site.token}`,
      payload: { localPart: "devis", target: box.address },
      remoteAddress: from(),
    });
    expect(alias.statusCode).toBe(201);
    const hostState = async () => JSON.parse(await readFile(mail.host.paths.stateFile, "utf8")) as MailState;
    expect((await hostState()).senders?.[domain]).toBeDefined();
    const dkimKey = path.join(mail.host.paths.dkimDir, `${domain}.private`);
    const oldDkim = await mail.host.dkimRecord(domain);
    const archived = await setStatus("archived");
    expect(archived.siteState).toBe("removed");
    const [finalCopy] = await t.ctx.db
      .select()
      .from(siteBackups)
      .where(eq(siteBackups.id, archived.archiveLocation as string));
    expect(finalCopy).toMatchObject({
      kind: "before-archive",
      mailSnapshotId: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const gone = async (login: boolean) => {
      const state = await hostState();
      expect(state.domains).not.toContain(domain);
      expect(Object.keys(state.mailboxes).filter((a) => a.endsWith(`@${domain}`))).toEqual([]);
      expect(Object.keys(state.aliases).filter((a) => a.endsWith(`@${domain}`))).toEqual([]);
      expect(state.senders?.[domain]).toBeUndefined();
      expect(state.suspended ?? []).not.toContain(domain);
      expect(existsSync(dkimKey)).toBe(false);
      expect(existsSync(path.join(mail.host.paths.boxesDir, domain))).toBe(false);
      // Refused for good (not "retry later"): the domain is no longer served here.
      await expect(outside(box.address, "Archivé")).rejects.toThrow(/\b5\d\d 5\.\d\.\d/);
      await expect(outside(`devis@${domain}`, "Archivé")).rejects.toThrow(/\b5\d\d 5\.\d\.\d/);
      // Its login too (Dovecot delays each refusal: once is enough).
      if (login) await expect(subjects(box.address, password)).rejects.toThrow();
    };
    await gone(true);
    const webmail = await webmailRows(mail.webmailDatabase);
    expect([webmail.users, webmail.sessions.filter((login) => login !== "")]).toEqual([[], []]);
    expect(await bayesRows(mail.host.paths.rspamdStateDir, box.address)).toBe(0);
    const lines = (await t.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, id))).map(
      (l) => l.details,
    );
    expect(lines).toContain(
      `Domaine e-mail ${domain} retiré de l'hébergement e-mail : adresses, alias et renvois, réponses automatiques, clé DKIM et courrier (celui-ci est dans la copie finale).`,
    );
    // A second removal is harmless. A host that missed the removal (stopped then) still has the
    // domain: its next start from the database removes it, and brings nothing of it back.
    expect((await removeOrderMail(t.ctx, order, archived.archiveLocation))?.level).toBe("info");
    await mail.host.addDomain(domain);
    expect(existsSync(dkimKey)).toBe(true);
    await restoreMailHost(t.ctx);
    await gone(false);
    // The order page makes nothing on it.
    const refused = await mail.t.app.inject({
      method: "POST",
      url: `/api/order/${id}/mailboxes?token=${site.token}`,
      payload: { localPart: "retour" },
      remoteAddress: from(),
    });
    expect([refused.statusCode, refused.json().detail]).toEqual([403, MAILBOX_MESSAGES.siteArchived]);
    // A site still alive keeps its mail domain, whoever asks.
    const alive = await findShownOrder(t.ctx.db, (await mail.givenSite("starter")).id);
    await expect(removeOrderMail(t.ctx, alive as typeof order, null)).rejects.toThrow(/not archived/);

    const back = await setStatus("active");
    expect(back.siteState).toBe("online");
    expect(await subjects(box.address, password)).toEqual(["Après la restauration", "Avant la sauvegarde"]);
    await outside(box.address, "De nouveau");
    await waitForMessage(mail.host.endpoints(), box.address, password, "De nouveau");
    await outside(`devis@${domain}`, "Par l'alias");
    await waitForMessage(mail.host.endpoints(), box.address, password, "Par l'alias");
    expect((await hostState()).senders?.[domain]).toBeDefined();
    // A new DKIM key: the old one left with the domain.
    expect((await mail.host.dkimRecord(domain)).value).not.toBe(oldDkim.value);
  }, 480_000);
});
