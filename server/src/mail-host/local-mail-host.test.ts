import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { dkimVerify } from "mailauth/lib/dkim/verify.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalMailHost } from "./local-mail-host.ts";
import {
  deliverFromOutside,
  freeMailPorts,
  imapClient,
  subjectsIn,
  submitAs,
  waitForMessage,
} from "./mail-checks.ts";
import { siteSenderLogin } from "./mail-host.ts";
import { hashMailboxPassword, newMailboxPassword } from "./mailbox-password.ts";
import { GTUBE } from "./rspamd-config.ts";

describe("LocalMailHost (Postfix and Dovecot on loopback)", () => {
  let dataDir: string;
  let host: LocalMailHost;
  let options: ConstructorParameters<typeof LocalMailHost>[0];
  const domain = "boulangerie.localhost";
  const alice = `contact@${domain}`;
  const bob = `bob@${domain}`;
  const passwords = { alice: newMailboxPassword(), bob: newMailboxPassword() };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "mail-host-"));
    options = {
      dataDir,
      hostname: "mail.localhost",
      ports: await freeMailPorts(),
      sendLimit: { recipients: 3, perSeconds: 3600 },
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
    const sitePassword = newMailboxPassword();
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
         await new LocalMailHost(JSON.parse(process.argv[2])).start();
         console.log("started");
         setInterval(() => {}, 1000);`,
        fileURLToPath(new URL("./local-mail-host.ts", import.meta.url)),
        JSON.stringify(options),
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
  }, 60_000);
});
