import { spawn } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { fileURLToPath } from "node:url";
import type { ImapFlow } from "imapflow";
import { dkimVerify } from "mailauth/lib/dkim/verify.js";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { waitFor } from "../../test/smtp-sink.ts";
import { openTestDatabase } from "../../test/test-context.ts";
import type { Database } from "../db/database.ts";
import { LocalMailHost } from "./local-mail-host.ts";
import {
  bayesLearns,
  campaignText,
  deliverFromOutside,
  freeMailPorts,
  imapClient,
  startLoginRelay,
  subjectsIn,
  submitAs,
  teachingMessage,
  tlsOptions,
  waitForMessage,
} from "./mail-checks.ts";
import { type MailTlsTrust, siteSenderLogin } from "./mail-host.ts";
import { hashMailboxPassword, newMailboxPassword } from "./mailbox-password.ts";
import { GTUBE } from "./rspamd-config.ts";
import { SendCounts } from "./send-counts-table.ts";

describe("LocalMailHost (Postfix and Dovecot on loopback)", () => {
  let dataDir: string;
  let host: LocalMailHost;
  let options: ConstructorParameters<typeof LocalMailHost>[0];
  const domain = "boulangerie.localhost";
  const alice = `contact@${domain}`;
  const bob = `bob@${domain}`;
  const passwords = { alice: newMailboxPassword(), bob: newMailboxPassword() };
  const sitePassword = newMailboxPassword();
  let database: Database;
  let relay: Awaited<ReturnType<typeof startLoginRelay>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "mail-host-"));
    database = await openTestDatabase();
    // The internet, through a relay that asks for a login (MAIL_RELAY_USER, decision 0112).
    relay = await startLoginRelay("Rel4is-secret!-0112");
    const passwordFile = path.join(dataDir, "relay.password");
    await writeFile(passwordFile, `${relay.login.password}\n`, { mode: 0o600 });
    options = {
      dataDir,
      hostname: "mail.localhost",
      relayHost: relay.host,
      relayLogin: { user: relay.login.user, passwordFile },
      ports: await freeMailPorts(),
      sendLimit: { recipients: 3, perSeconds: 3600 },
      sendCounts: new SendCounts(database.db),
    };
    host = new LocalMailHost(options);
    await host.start();
    await host.addDomain(domain);
    await host.setMailbox({
      address: alice,
      passwordHash: await hashMailboxPassword(passwords.alice),
      quotaBytes: 5 * 1024 ** 3,
    });
    await host.setMailbox({
      address: bob,
      passwordHash: await hashMailboxPassword(passwords.bob),
      quotaBytes: 60 * 1024,
    });
  }, 60_000);

  afterAll(async () => {
    await host?.stop();
    await relay?.close();
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("receives a message from another server, and its owner reads it over IMAP", async () => {
    await deliverFromOutside(host.endpoints(), {
      from: "client@exterieur.test",
      to: alice,
      subject: "Commande de pain",
      text: "Bonjour, je voudrais dix baguettes.",
    });
    const source = await waitForMessage(host.endpoints(), alice, passwords.alice, "Commande de pain");
    expect(source).toContain("dix baguettes");
    expect((await host.usage([alice])).get(alice)).toBeGreaterThan(0);
  });

  it("made rspamd's Bayes files at its first start with one process, none locked out", async () => {
    // The one-off rspamd with its controller alone made them (decision 0108), then rspamd started:
    // its log holds both controllers, and no process met another's lock.
    for (const file of ["bayes.spam.sqlite", "bayes.ham.sqlite", "learn_cache.sqlite"])
      expect((await stat(path.join(host.paths.rspamdStateDir, file))).size).toBeGreaterThan(0);
    const log = await readFile(path.join(host.paths.rspamdStateDir, "rspamd.log"), "utf8");
    const controllers = new Set([...log.matchAll(/ #(\d+)\(controller\) /g)].map((found) => found[1]));
    expect(controllers.size).toBe(2);
    expect(log).not.toMatch(/database is locked/);
  });

  it("files what rspamd takes for spam in Junk, and clean mail in INBOX", async () => {
    const outside = { from: "promo@exterieur.test", to: alice };
    await deliverFromOutside(host.endpoints(), {
      ...outside,
      subject: "Offre exceptionnelle",
      text: `Vous avez gagné un voyage.\r\n${GTUBE.junk}\r\n`,
    });
    // The standard GTUBE rspamd refuses by itself: the sending server hears it (no silent loss).
    await expect(
      deliverFromOutside(host.endpoints(), { ...outside, subject: "Refusé", text: GTUBE.reject }),
    ).rejects.toThrow(/554 5\.7\.1 Gtube pattern/);
    await deliverFromOutside(host.endpoints(), {
      ...outside,
      subject: "Livraison de farine",
      text: "Bonjour, la farine arrive jeudi matin.",
    });
    const spam = await waitForMessage(host.endpoints(), alice, passwords.alice, "Offre exceptionnelle", {
      mailbox: "Junk",
    });
    expect(spam).toMatch(/^X-Spam: Yes/m);
    const clean = await waitForMessage(host.endpoints(), alice, passwords.alice, "Livraison de farine");
    expect(clean).not.toMatch(/^X-Spam:/m);
    expect(await subjectsIn(host.endpoints(), alice, passwords.alice, "INBOX")).not.toContain(
      "Offre exceptionnelle",
    );
    expect(await subjectsIn(host.endpoints(), alice, passwords.alice, "Junk")).toEqual([
      "Offre exceptionnelle",
    ]);
  });

  it("learns what its owner moves into Junk as spam, and out of it to INBOX as ham, in its own Bayes only", async () => {
    const outside = { from: "nouvelles@exterieur.test", to: alice };
    const words =
      "Nous vous remercions pour votre commande de la semaine dernière. Les farines de blé, de seigle et de maïs arrivent au port jeudi matin, puis en camion vers la boulangerie.";
    for (const subject of ["Lettre d'information", "Nouveaux horaires"])
      await deliverFromOutside(host.endpoints(), { ...outside, subject, text: `${subject}. ${words}` });
    await waitForMessage(host.endpoints(), alice, passwords.alice, "Nouveaux horaires");
    expect(await learned(alice)).toEqual({ spam: 0, ham: 0 });

    await move("INBOX", "Lettre d'information", "Junk");
    await waitFor(async () => (await learned(alice)).spam === 1);
    // The owner changes their mind: rspamd unlearns it as spam, learns it as ham.
    await move("Junk", "Lettre d'information", "INBOX");
    await waitFor(async () => (await learned(alice)).ham === 1);
    expect(await learned(alice)).toEqual({ spam: 0, ham: 1 });
    // Thrown away from Junk is not ham.
    await move("INBOX", "Nouveaux horaires", "Junk");
    await waitFor(async () => (await learned(alice)).spam === 1);
    await move("Junk", "Nouveaux horaires", "Trash");
    expect(await learned(alice)).toEqual({ spam: 1, ham: 1 });
    // Another mailbox of the host learned nothing (decision 0092).
    expect(await learned(bob)).toEqual({ spam: 0, ham: 0 });

    // The controller answers nobody without its password, from loopback too.
    const refused = await fetch(`http://127.0.0.1:${options.ports.learn}/stat`);
    expect(refused.status).toBe(401);
    const learnedWithout = await fetch(`http://127.0.0.1:${options.ports.learn}/learnspam`, {
      method: "POST",
      body: words,
    });
    expect(learnedWithout.status).toBe(401);
  });

  it("scores BAYES_SPAM, to Junk, what resembles the spam a mailbox learned, for that mailbox only", async () => {
    // The host's Bayes scores once it has learned min_learns (20, decision 0092) of each kind, all
    // mailboxes together: the rest of the host's learns, taught here through the controller.
    const others = `autres-boites@${domain}`;
    for (const kind of ["spam", "ham"] as const) {
      const symbol = kind === "spam" ? "BAYES_SPAM" : "BAYES_HAM";
      const learns = async () =>
        ((await controller("/stat")) as { statfiles: { symbol: string; revision: number }[] }).statfiles.find(
          (file) => file.symbol === symbol,
        )?.revision ?? 0;
      for (let n = 0; (await learns()) < 20; n++) {
        expect(n).toBeLessThan(20);
        await controller(`/learn${kind}`, { "Deliver-To": others }, teachingMessage(kind, n));
      }
    }

    // Alice moves two messages of a campaign into Junk over IMAP: her Bayes learns them.
    const campaign = campaignText;
    const before = await learned(alice);
    for (const n of [1, 2]) {
      const subject = `Votre cadeau n°${n}`;
      await deliverFromOutside(host.endpoints(), {
        from: "promo@soldes.test",
        to: alice,
        subject,
        text: campaign(n),
      });
      await waitForMessage(host.endpoints(), alice, passwords.alice, subject);
      await move("INBOX", subject, "Junk");
    }
    await waitFor(async () => (await learned(alice)).spam === before.spam + 2);
    expect(await learned(bob)).toEqual({ spam: 0, ham: 0 });

    // The next one scores BAYES_SPAM for her, and nothing for bob (a scan is for its recipient).
    const next = `Subject: Votre cadeau n°3\r\nFrom: promo@soldes.test\r\n\r\n${campaign(3)}\r\n`;
    const symbols = async (rcpt: string) =>
      Object.keys(((await controller("/checkv2", { Rcpt: rcpt }, next)) as { symbols: object }).symbols);
    expect(await symbols(alice)).toContain("BAYES_SPAM");
    expect(await symbols(bob)).not.toContain("BAYES_SPAM");
    // Over SMTP, its 5.1 points take her copy to Junk; bob's stays in his INBOX.
    const subject = "VOTRE CADEAU DE BIENVENUE VOUS ATTEND AUJOURD'HUI";
    // The header that carries a score to the delivery is the milter's alone: a sender's is removed.
    for (const to of [alice, bob])
      await deliverFromOutside(host.endpoints(), {
        from: "promo@soldes.test",
        to,
        subject,
        text: campaign(4),
        headers: { "X-Lagon-Spam-Score": "99.00" },
      });
    expect(
      await waitForMessage(host.endpoints(), alice, passwords.alice, subject, { mailbox: "Junk" }),
    ).toMatch(/^X-Spam: Yes/m);
    const bobs = await waitForMessage(host.endpoints(), bob, passwords.bob, subject);
    expect(bobs).not.toMatch(/^X-Spam:/m);
    expect(bobs.match(/^X-Lagon-Spam-Score: .*$/gm)).toEqual([
      expect.stringMatching(new RegExp(`^X-Lagon-Spam-Score: -?\\d+\\.\\d\\d ${bob}$`)),
    ]);

    // One message to both, in one SMTP transaction, either of them first: rspamd scores it once,
    // without Bayes, and each copy gets its own mailbox's at delivery (decision 0102): hers to
    // Junk, his to his INBOX. Before, the first recipient's Bayes decided for both.
    for (const [day, to] of [
      ["MARDI", [alice, bob]],
      ["JEUDI", [bob, alice]],
    ] as const) {
      const both = `${subject} ${day}`;
      await deliverFromOutside(host.endpoints(), {
        from: "promo@soldes.test",
        to: [...to],
        subject: both,
        text: campaign(5),
      });
      const hers = await waitForMessage(host.endpoints(), alice, passwords.alice, both, { mailbox: "Junk" });
      expect(hers).toMatch(/^X-Lagon-Spam-Score: \d+\.\d\d$/m);
      expect(hers).not.toMatch(/^X-Spam:/m);
      expect(await waitForMessage(host.endpoints(), bob, passwords.bob, both)).not.toMatch(/^X-Spam:/m);
    }

    // Through an alias of both: rspamd scans for the address the sender wrote, whose Bayes is empty
    // (it takes a +detail address for its mailbox by itself), and each copy gets its own mailbox's
    // at delivery (decision 0112): the campaign to her Junk and his INBOX, a plain message to her INBOX.
    const alias = `ventes@${domain}`;
    await host.setAlias(alias, [alice, bob]);
    await deliverFromOutside(host.endpoints(), {
      from: "promo@soldes.test",
      to: alias,
      subject: `${subject} VENDREDI`,
      text: campaign(6),
    });
    const hers = await waitForMessage(host.endpoints(), alice, passwords.alice, `${subject} VENDREDI`, {
      mailbox: "Junk",
    });
    expect(hers).toMatch(new RegExp(`^X-Lagon-Spam-Score: -?\\d+\\.\\d\\d ${alias}$`, "m"));
    expect(hers).not.toMatch(/^X-Spam:/m);
    expect(await waitForMessage(host.endpoints(), bob, passwords.bob, `${subject} VENDREDI`)).not.toMatch(
      /^X-Spam:/m,
    );
    await deliverFromOutside(host.endpoints(), {
      from: "client@exterieur.test",
      to: alias,
      subject: "Commande pour samedi",
      text: "Bonjour, je passerai samedi chercher deux tartes aux pommes et un pain de campagne.",
    });
    const ham = await waitForMessage(host.endpoints(), alice, passwords.alice, "Commande pour samedi");
    expect(ham).toMatch(new RegExp(`^X-Lagon-Spam-Score: -?\\d+\\.\\d\\d ${alias}$`, "m"));
    expect(ham).not.toMatch(/^X-Spam:/m);
  });

  /** A mailbox's Bayes learns, from rspamd's statistics (decision 0092). */
  const learned = (user: string) => bayesLearns(dataDir, user);

  /** A request to rspamd's controller with the password of this start: its JSON answer. */
  async function controller(
    url: string,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<unknown> {
    const header = await readFile(path.join(dataDir, "mail", "sieve", "learn.header"), "utf8");
    const response = await fetch(`http://127.0.0.1:${options.ports.learn}${url}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { ...headers, Password: header.replace(/^Password: /, "").trim() },
      body,
    });
    expect(response.status).toBe(200);
    return response.json();
  }

  /** Moves a message of alice's, by subject, over IMAP (MOVE, as mail programs do). */
  async function move(from: string, subject: string, to: string): Promise<void> {
    const client = imapClient(host.endpoints(), alice, passwords.alice);
    await client.connect();
    try {
      const lock = await client.getMailboxLock(from);
      try {
        const found = await client.search({ subject });
        expect(found).toHaveLength(1);
        await client.messageMove(String((found as number[])[0]), to);
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => {});
    }
  }

  it("lets the owner send to another mailbox, through an alias too, DKIM-signed for the domain", async () => {
    await host.setAlias(`equipe@${domain}`, [bob]);
    await submitAs(host.endpoints(), alice, passwords.alice, {
      from: alice,
      to: `equipe@${domain}`,
      subject: "Planning de la semaine",
      text: "Tu ouvres lundi.",
    });
    const received = await waitForMessage(host.endpoints(), bob, passwords.bob, "Planning de la semaine");
    expect(received).toContain("Tu ouvres lundi.");
    // Signed with the domain's own key, as the DNS record the host gives for it says.
    const record = await host.dkimRecord(domain);
    expect(record.name).toBe(`lagon._domainkey.${domain}`);
    const verified = await dkimVerify(received, {
      resolver: async (name: string, type: string) => {
        if (type === "TXT" && name === record.name) return [[record.value]];
        throw Object.assign(new Error(`no ${type} for ${name}`), { code: "ENOTFOUND" });
      },
    });
    expect(verified.results.map((r) => [r.signingDomain, r.status.result])).toEqual([[domain, "pass"]]);
  });

  it("sends outside through a relay that asks for a login, over TLS only, its password in no file but root's map nor log", async () => {
    await submitAs(host.endpoints(), alice, passwords.alice, {
      from: alice,
      to: "client@ailleurs.test",
      subject: "Devis pour la terrasse",
      text: "Voici le devis demandé.",
    });
    const arrived = await waitFor(() =>
      relay.received.find((mail) => mail.to.includes("client@ailleurs.test")),
    );
    expect(arrived.from).toBe(alice);
    expect(arrived.raw).toContain("Subject: Devis pour la terrasse");
    expect(relay.attempts).toEqual([{ user: relay.login.user, right: true, secure: true }]);
    const postfixDir = path.join(dataDir, "mail", "postfix");
    for (const map of ["sasl_passwd", "sasl_passwd.db", "relay_tls", "relay_tls.db"]) {
      const found = await stat(path.join(postfixDir, map));
      expect([found.uid, found.mode & 0o777], map).toEqual([0, 0o600]);
    }
    const main = await readFile(path.join(postfixDir, "main.cf"), "utf8");
    expect(main).toMatch(/^smtp_sasl_auth_enable = yes$/m);
    const log = await readFile(path.join(dataDir, "mail", "log", "postfix.log"), "utf8");
    expect(`${main}${log}`).not.toContain(relay.login.password);

    // A password file others may read, or a login without a relay: refused before anything is touched.
    const readable = path.join(dataDir, "relay-readable.password");
    await writeFile(readable, `${relay.login.password}\n`, { mode: 0o644 });
    await expect(
      new LocalMailHost({ ...options, relayLogin: { user: "agence", passwordFile: readable } }).start(),
    ).rejects.toThrow(/MAIL_RELAY_PASSWORD_FILE : .* doit appartenir à root, mode 0600 ou 0400/);
    await expect(new LocalMailHost({ ...options, relayHost: undefined }).start()).rejects.toThrow(
      /MAIL_RELAY_USER : requis avec MAIL_RELAY_HOST/,
    );
    expect(await host.health()).toEqual({ ok: true });
  });

  it("offers STARTTLS, refuses a login before it, takes one after it, with a certificate clients can check", async () => {
    const { smtpPort: smtp, submissionPort: submission, imapPort: imap, tls: trust } = host.endpoints();
    const certFile = trust.caFile as string;
    expect(trust.serverName).toBe("mail.localhost");
    // Submission: no AUTH before STARTTLS, nor any mail.
    const plainSubmission = await LineClient.connect(submission);
    expect(await plainSubmission.command("EHLO client.test", /^250 /m)).toMatch(/^250-STARTTLS/m);
    expect(plainSubmission.seen).not.toMatch(/AUTH/);
    const auth = Buffer.from(`\0${alice}\0${passwords.alice}`).toString("base64");
    expect(await plainSubmission.command(`AUTH PLAIN ${auth}`, /^\d{3} /m)).toMatch(
      /^530 5\.7\.0 .*STARTTLS/m,
    );
    expect(await plainSubmission.command(`MAIL FROM:<${alice}>`, /^\d{3} /m)).toMatch(/^530 /m);
    plainSubmission.end();
    const plainSubmit = nodemailer.createTransport({
      host: "127.0.0.1",
      port: submission,
      ignoreTLS: true,
      auth: { user: alice, pass: passwords.alice },
    });
    await expect(
      plainSubmit.sendMail({ from: alice, to: bob, subject: "Clair", text: "?" }),
    ).rejects.toThrow();
    // After STARTTLS, the certificate is the host's own (checked for its name against its file).
    const secured = await plainSubmissionUpgraded(submission, trust);
    expect(secured.certificate).toBe(new X509Certificate(await readFile(certFile)).fingerprint256);
    expect(await secured.client.command("EHLO client.test", /^250 /m)).toMatch(/^250-AUTH PLAIN LOGIN/m);
    expect(await secured.client.command(`AUTH PLAIN ${auth}`, /^\d{3} /m)).toMatch(/^235 /m);
    secured.client.end();
    // The SMTP port offers it to other servers too.
    const mx = await LineClient.connect(smtp);
    expect(await mx.command("EHLO mx.exterieur.test", /^250 /m)).toMatch(/^250-STARTTLS/m);
    mx.end();

    // IMAP, from another address than the server's (Dovecot trusts a client on its own address,
    // 127.0.0.1 to 127.0.0.1, as it trusts TLS): no login in clear.
    const plainImap = await LineClient.connect(imap, "127.0.0.2");
    expect(await plainImap.read(/^\* OK /m)).toMatch(/STARTTLS.*LOGINDISABLED/);
    expect(await plainImap.command(`a LOGIN ${alice} ${passwords.alice}`, /^a /m)).toMatch(
      /^a NO \[PRIVACYREQUIRED\]/m,
    );
    expect(await plainImap.command("b STARTTLS", /^b /m)).toMatch(/^b OK/m);
    const imapTls = await plainImap.upgrade(trust);
    expect(await imapTls.command(`c LOGIN ${alice} ${passwords.alice}`, /^c /m)).toMatch(/^c OK/m);
    imapTls.end();
    // The usual clients (STARTTLS, the certificate checked) log in.
    await (await connected(imapClient(host.endpoints(), alice, passwords.alice))).logout();

    // A certificate for another name, or not checked against the host's file, is refused.
    await expect(
      plainSubmissionUpgraded(submission, { ...trust, serverName: "autre.localhost" }),
    ).rejects.toThrow(/altnames|Hostname/i);
    await expect(plainSubmissionUpgraded(submission, { serverName: trust.serverName })).rejects.toThrow(
      /self[- ]signed/i,
    );
  });

  it("makes its certificate at first start, root's key apart", async () => {
    const certFile = host.endpoints().tls.caFile as string;
    const dir = path.dirname(certFile);
    expect((await stat(path.join(dir, "private", "key.pem"))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dir, "private"))).mode & 0o777).toBe(0o700);
    expect((await stat(certFile)).mode & 0o777).toBe(0o644);
  });

  it("refuses relaying for a stranger, unknown recipients, and sending without or as someone else", async () => {
    const message = { from: "spam@exterieur.test", subject: "Relais", text: "…" };
    await expect(
      deliverFromOutside(host.endpoints(), { ...message, to: "victime@ailleurs.test" }),
    ).rejects.toThrow(/Relay access denied/);
    await expect(
      deliverFromOutside(host.endpoints(), { ...message, to: `personne@${domain}` }),
    ).rejects.toThrow(/User unknown/);
    await expect(
      submitAs(host.endpoints(), alice, "mauvais-mot-de-passe", { ...message, from: alice, to: bob }),
    ).rejects.toThrow(/authentication failed|Invalid login|535/i);
    await expect(
      submitAs(host.endpoints(), alice, passwords.alice, { ...message, from: bob, to: alice }),
    ).rejects.toThrow(/not owned by user/);
  });

  it("lets a site's sender send as its own domain only, signed, within its hourly budget", async () => {
    const other = "fleuriste.localhost";
    await host.addDomain(other);
    await host.setSiteSender({ domain, passwordHash: await hashMailboxPassword(sitePassword) });
    await host.setSiteSender({
      domain: other,
      passwordHash: await hashMailboxPassword(newMailboxPassword()),
    });
    const site = siteSenderLogin(domain);
    const message = { to: alice, subject: "Formulaire", text: "Un visiteur écrit." };
    // What a site submits is not scanned (rspamd is the SMTP port's milter only): even GTUBE
    // reaches INBOX.
    await submitAs(host.endpoints(), site, sitePassword, {
      ...message,
      from: `no-reply@${domain}`,
      text: `Un visiteur écrit : ${GTUBE.reject}`,
    });
    const received = await waitForMessage(host.endpoints(), alice, passwords.alice, "Formulaire");
    expect(received).toMatch(/DKIM-Signature: [\s\S]*d=boulangerie\.localhost/);
    expect(received).not.toMatch(/^X-Spam:/m);
    // Not as a mailbox of its domain, nor as any address of another domain.
    for (const from of [alice, `no-reply@${other}`, siteSenderLogin(other), "ceo@banque.test"]) {
      await expect(submitAs(host.endpoints(), site, sitePassword, { ...message, from })).rejects.toThrow(
        /not owned by user/,
      );
    }
    // Three recipients an hour here: the fourth is deferred, and the message is not sent.
    await submitAs(host.endpoints(), site, sitePassword, { ...message, from: site, subject: "Deux" });
    await submitAs(host.endpoints(), site, sitePassword, { ...message, from: site, subject: "Trois" });
    await expect(
      submitAs(host.endpoints(), site, sitePassword, { ...message, from: site, subject: "Quatre" }),
    ).rejects.toThrow(/Limite d'envoi atteinte/);
    // The site's login opens no mailbox worth anything: nothing is ever delivered to it.
    await expect(
      deliverFromOutside(host.endpoints(), { from: "a@exterieur.test", to: site, subject: "?", text: "?" }),
    ).rejects.toThrow(/User unknown/);
  });

  it("enforces each mailbox's quota", async () => {
    const body = `${"x".repeat(76)}\r\n`.repeat(500); // about 39 KB, against bob's 60 KB
    await deliverFromOutside(host.endpoints(), {
      from: "a@exterieur.test",
      to: bob,
      subject: "Gros 1",
      text: body,
    });
    await waitForMessage(host.endpoints(), bob, passwords.bob, "Gros 1");
    await expect(
      deliverFromOutside(host.endpoints(), {
        from: "a@exterieur.test",
        to: bob,
        subject: "Gros 2",
        text: body,
      }),
    ).rejects.toThrow(/552/);
  });

  it("forgets a removed mailbox: no more mail, no more login", async () => {
    await host.removeMailbox(bob);
    await expect(
      deliverFromOutside(host.endpoints(), {
        from: "a@exterieur.test",
        to: bob,
        subject: "Encore",
        text: "?",
      }),
    ).rejects.toThrow(/User unknown/);
    await expect(imapClient(host.endpoints(), bob, passwords.bob).connect()).rejects.toThrow();
  });

  it("ends the Postfix, Dovecot, OpenDKIM, postsrsd and rspamd a killed product left running before starting its own", async () => {
    await host.stop();
    // The same host started by another process, killed with SIGKILL once started: its daemons
    // stay, as after a crash of the product.
    const killed = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { LocalMailHost } = await import(process.argv[1]);
         const { openDatabase } = await import(process.argv[3]);
         const { SendCounts } = await import(process.argv[4]);
         const { readFileSync } = await import("node:fs");
         // The run's migrated image when there is one (PGlite's initdb is slow), else a new database.
         const image = process.argv[5] ? new Blob([readFileSync(process.argv[5])]) : undefined;
         const sendCounts = new SendCounts((await openDatabase({ image })).db);
         await new LocalMailHost({ ...JSON.parse(process.argv[2]), sendCounts }).start();
         console.log("started");
         setInterval(() => {}, 1000);`,
        fileURLToPath(new URL("./local-mail-host.ts", import.meta.url)),
        JSON.stringify({ ...options, sendCounts: undefined }),
        fileURLToPath(new URL("../db/database.ts", import.meta.url)),
        fileURLToPath(new URL("./send-counts-table.ts", import.meta.url)),
        process.env.TEST_DATABASE_URL ? "" : inject("pgliteImage"),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve, reject) => {
      killed.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("started") && resolve());
      killed.once("exit", (code) => reject(new Error(`the first host exited (${code})`)));
    });
    const leftovers = host.ourMasters();
    expect(leftovers).toHaveLength(5);
    const exited = new Promise((resolve) => killed.once("exit", resolve));
    killed.kill("SIGKILL");
    await exited;

    host = new LocalMailHost(options);
    await host.start();
    for (const pid of leftovers) expect(() => process.kill(pid, 0)).toThrow();
    const masters = host.ourMasters();
    expect(masters).toHaveLength(5);
    expect(masters.filter((pid) => leftovers.includes(pid))).toEqual([]);
    // The new OpenDKIM holds its port and signs.
    await submitAs(host.endpoints(), alice, passwords.alice, {
      from: alice,
      to: alice,
      subject: "Après redémarrage",
      text: "Toujours signé.",
    });
    const received = await waitForMessage(host.endpoints(), alice, passwords.alice, "Après redémarrage");
    expect(received).toContain(`d=${domain}`);
    // The site's hour is still spent: the counts are the database's, not the stopped host's.
    await expect(
      submitAs(host.endpoints(), siteSenderLogin(domain), sitePassword, {
        from: siteSenderLogin(domain),
        to: alice,
        subject: "Cinq",
        text: "?",
      }),
    ).rejects.toThrow(/Limite d'envoi atteinte/);
  }, 60_000);
});

/** A line-based protocol client (SMTP, IMAP) on loopback, read until an answer's last line. */
class LineClient {
  seen = "";
  private waiter: (() => void) | undefined;

  private constructor(private socket: net.Socket | tls.TLSSocket) {
    this.listen();
  }

  static connect(port: number, localAddress?: string): Promise<LineClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: "127.0.0.1", port, localAddress }, () =>
        resolve(new LineClient(socket)),
      );
      socket.once("error", reject);
    });
  }

  private listen() {
    this.socket.setEncoding("utf8");
    this.socket.on("data", (chunk: string) => {
      this.seen += chunk;
      this.waiter?.();
    });
  }

  /** What arrives until `last` matches (from what was not read yet). */
  read(last: RegExp): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!last.test(this.seen)) return;
        const answer = this.seen;
        this.seen = "";
        this.waiter = undefined;
        resolve(answer);
      };
      this.waiter = check;
      this.socket.once("close", () => reject(new Error(`closed after ${this.seen}`)));
      check();
    });
  }

  command(line: string, last: RegExp): Promise<string> {
    this.socket.write(`${line}\r\n`);
    return this.read(last);
  }

  /** STARTTLS accepted: the same connection over TLS, the certificate checked as the host's clients do. */
  upgrade(trust: MailTlsTrust): Promise<LineClient> {
    return new Promise((resolve, reject) => {
      this.socket.removeAllListeners("data");
      const secure = tls.connect({ socket: this.socket as net.Socket, ...tlsOptions(trust) }, () =>
        resolve(new LineClient(secure)),
      );
      secure.once("error", reject);
    });
  }

  certificate(): string {
    return (this.socket as tls.TLSSocket).getPeerX509Certificate()?.fingerprint256 ?? "";
  }

  end() {
    this.socket.end();
  }
}

/** A submission connection after EHLO and STARTTLS, and the fingerprint of the certificate it got. */
async function plainSubmissionUpgraded(port: number, trust: MailTlsTrust) {
  const plain = await LineClient.connect(port);
  await plain.command("EHLO client.test", /^250 /m);
  expect(await plain.command("STARTTLS", /^\d{3} /m)).toMatch(/^220 /m);
  try {
    const client = await plain.upgrade(trust);
    return { client, certificate: client.certificate() };
  } catch (error) {
    plain.end();
    throw error;
  }
}

async function connected(client: ImapFlow): Promise<ImapFlow> {
  await client.connect();
  return client;
}
