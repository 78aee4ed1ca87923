import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, chown, copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { dkimVerify } from "mailauth/lib/dkim/verify.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestApp, openTestDatabase } from "../../test/test-context.ts";
import type { Database } from "../db/database.ts";
import { accountCommand } from "../lib/system-accounts.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findOrder } from "../orders/orders-table.ts";
import { updateSite } from "../sites/sites-table.ts";
import { userdelWhenIdle } from "../wordpress/host-product-user.ts";
import { makeSshKeys, runSshd } from "../wordpress/loopback-ssh-host.ts";
import { type ProcessError, runProcess } from "../wordpress/run-process.ts";
import { createMailHost } from "./create-mail-host.ts";
import { LocalMailHost } from "./local-mail-host.ts";
import {
  bayesRows,
  deliverFromOutside,
  freeMailPorts,
  imapClient,
  seedBayes,
  seedWebmailDatabase,
  submitAs,
  waitForMessage,
  webmailRows,
} from "./mail-checks.ts";
import { siteSenderLogin } from "./mail-host.ts";
import type { MailState } from "./mail-state.ts";
import { hashMailboxPassword, newMailboxPassword } from "./mailbox-password.ts";
import { SendCounts } from "./send-counts-table.ts";
import { MAIL_HELPER_DIR, mailHelperFiles, SshMailHost, type SshMailHostOptions } from "./ssh-mail-host.ts";

const GUIDE = path.resolve(import.meta.dirname, "../../../docs/operations/mail-host.md");
const GUIDE_HELPER = "/usr/local/lib/lagon-mail/mail-host.sh";

/**
 * The SSH mail host against a real sshd on 127.0.0.1 (Debian's openssh-server), the product
 * logging in as a user of its own whose one privilege is the guide's sudo rule for a root-owned
 * copy of mail-host.sh. The "remote" Postfix, Dovecot, OpenDKIM and rspamd are an embedded host's,
 * started by the test on loopback; from then on, only the helper changes their files.
 */
describe("SshMailHost (the helper over SSH)", () => {
  let dir: string;
  let database: Database;
  let daemons: LocalMailHost;
  let sshd: ChildProcess | undefined;
  let user = "";
  let sudoers = "";
  let options: SshMailHostOptions;
  let host: SshMailHost;
  /** The product configured with MAIL_HOST=ssh on this host (its second test on). */
  let product: Awaited<ReturnType<typeof createTestApp>> | undefined;
  const domain = "epicerie.localhost";
  const alice = `contact@${domain}`;
  const bob = `bob@${domain}`;
  const passwords = { alice: newMailboxPassword(), bob: newMailboxPassword() };

  /** Runs a shell command on the host as the product's user. */
  async function asProductUser(command: string, stdin?: string): Promise<{ ok: boolean; out: string }> {
    const { port, keyFile, knownHostsFile } = options.ssh;
    const args = ["-i", keyFile, "-p", String(port), "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes"];
    args.push(
      "-o",
      `UserKnownHostsFile=${knownHostsFile}`,
      "-o",
      "LogLevel=ERROR",
      `${user}@127.0.0.1`,
      command,
    );
    return runProcess("ssh", args, { stdin }).then(
      (r) => ({ ok: true, out: r.stdout }),
      (error: ProcessError) => ({ ok: false, out: error.stderr }),
    );
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "mail-ssh-"));
    await chmod(dir, 0o711);
    database = await openTestDatabase();
    daemons = new LocalMailHost({
      dataDir: path.join(dir, "data"),
      hostname: "mail.localhost",
      ports: await freeMailPorts(),
      sendCounts: new SendCounts(database.db),
    });
    // The daemons start while the SSH side is set up.
    const daemonsStarted = daemons.start();
    // Awaited below; a failure meanwhile is not an unhandled one.
    daemonsStarted.catch(() => {});
    const { paths } = daemons;

    // The helper as the guide installs it: root's, writable by root alone.
    const lib = path.join(dir, "lagon-mail");
    for (const file of mailHelperFiles()) {
      const target = path.join(lib, file);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
      await copyFile(path.join(MAIL_HELPER_DIR, file), target);
      await chmod(target, file === "mail-host.sh" ? 0o755 : 0o644);
    }
    for (const folder of [lib, path.join(lib, "lib"), path.join(lib, "commands")]) await chmod(folder, 0o755);
    const helper = path.join(lib, "mail-host.sh");
    const conf = path.join(dir, "mail-host.conf");
    const settings = {
      MAIL_ROOT: paths.root,
      POSTFIX_CONFIG_DIR: paths.postfixDir,
      DOVECOT_CONF: paths.dovecotConf,
      // As Debian's opendkim.service reloads it.
      DKIM_RELOAD: `kill -USR1 "$(cat ${path.join(paths.runDir, "opendkim.pid")})"`,
      // The webmail's data folder (its database made by the removal's test).
      WEBMAIL_ROOT: path.join(dir, "webmail"),
    };
    const lines = Object.entries(settings).map(([k, v]) => `${k}='${v.replaceAll("'", `'\\''`)}'`);
    await writeFile(conf, `${lines.join("\n")}\n`, { mode: 0o600 });

    // The product's user and the guide's sudo rule (sudo resets the environment: this user's
    // sudo is given the settings file's path, as root writes the rule).
    const id = randomBytes(4).toString("hex");
    user = `lagon-m${id}`;
    await accountCommand("useradd", [
      ...["--system", "--user-group", "--no-create-home", "--home-dir", "/", "--shell", "/bin/bash"],
      ...["--password", "*", user],
    ]);
    const rule = (await readFile(GUIDE, "utf8")).split("\n").filter((line) => /^lagon\s+ALL=/.test(line));
    expect(rule).toHaveLength(1);
    expect(rule[0]?.endsWith(` ${GUIDE_HELPER}`)).toBe(true);
    const envFile = path.join(dir, "sudo-env");
    await writeFile(envFile, `MAIL_HOST_CONF=${conf}\n`, { mode: 0o600 });
    const draft = path.join(dir, "sudoers-draft");
    await writeFile(
      draft,
      `Defaults:${user} env_file=${envFile}\n${(rule[0] as string).replace(/^lagon/, user).replace(GUIDE_HELPER, helper)}\n`,
      { mode: 0o440 },
    );
    await runProcess("visudo", ["-c", "-q", "-f", draft]);
    sudoers = `/etc/sudoers.d/lagon-mailtest-${id}`;
    await runProcess("install", ["-o", "root", "-g", "root", "-m", "440", draft, sudoers]);

    const sshPort = await freeLoopbackPort();
    sshd = await startSshd(dir, sshPort);
    options = {
      ssh: {
        host: "127.0.0.1",
        port: sshPort,
        user,
        keyFile: path.join(dir, "client_key"),
        knownHostsFile: path.join(dir, "known_hosts"),
      },
      helper: `sudo -n ${helper}`,
      endpoints: daemons.endpoints(),
    };
    await daemonsStarted;
    host = new SshMailHost(options);
    await host.start();
    await host.addDomain(domain);
    for (const [address, password] of [
      [alice, passwords.alice],
      [bob, passwords.bob],
    ] as const)
      await host.setMailbox({
        address,
        passwordHash: await hashMailboxPassword(password),
        quotaBytes: 1024 ** 3,
      });
  }, 60_000);

  afterAll(async () => {
    await product?.close();
    if (product) await rm(product.ctx.config.DATA_DIR, { recursive: true, force: true });
    await daemons?.stop();
    if (sshd?.pid && sshd.exitCode === null) {
      const exited = new Promise((resolve) => sshd?.once("exit", resolve));
      process.kill(sshd.pid, "SIGTERM");
      await exited;
    }
    if (sudoers) await rm(sudoers, { force: true });
    if (user) await userdelWhenIdle(user);
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("makes a domain and a mailbox that receive a message, and reports its usage", async () => {
    expect(await host.health()).toEqual({ ok: true });
    await deliverFromOutside(host.endpoints(), {
      from: "fournisseur@exterieur.test",
      to: alice,
      subject: "Livraison de vanille",
      text: "Bonjour, la vanille arrive mardi.",
    });
    expect(await waitForMessage(host.endpoints(), alice, passwords.alice, "Livraison de vanille")).toContain(
      "arrive mardi",
    );
    const used = await host.usage([alice, bob]);
    expect(used.get(alice)).toBeGreaterThan(0);
    expect(used.get(bob)).toBe(0);
  });

  it("serves the product started with MAIL_HOST=ssh: a site's mail domain and a mailbox that receives", async () => {
    const remote = daemons.endpoints();
    product = await createTestApp({
      MAIL_HOST: "ssh",
      MAIL_SSH_HOST: "127.0.0.1",
      MAIL_SSH_PORT: String(options.ssh.port),
      MAIL_SSH_USER: user,
      MAIL_SSH_KEY: options.ssh.keyFile,
      MAIL_SSH_KNOWN_HOSTS: options.ssh.knownHostsFile as string,
      MAIL_SSH_HELPER: options.helper,
      // The daemons' certificate names mail.localhost: BASE_DOMAIN's mail host.
      BASE_DOMAIN: "localhost",
      MAIL_PUBLIC_HOST: "127.0.0.1",
      MAIL_SMTP_PORT: String(remote.smtpPort),
      MAIL_SUBMISSION_PORT: String(remote.submissionPort),
      MAIL_IMAP_PORT: String(remote.imapPort),
      MAIL_TLS_CA: remote.tls.caFile as string,
    });
    const { ctx, app } = product;
    expect(ctx.mailHost).toBeInstanceOf(SshMailHost);
    await ctx.mailHost?.start();
    const id = await givenPaidOrder(ctx, { planId: "starter" });
    await updateSite(ctx.db, id, { setup: "active" });
    const order = await findOrder(ctx.db, id);
    if (!order) throw new Error("no order");
    const created = await app.inject({
      method: "POST",
      url: `/api/order/${id}/mailboxes?token=${magicLinkToken(ctx, order)}`,
      payload: { localPart: "accueil" },
    });
    expect(created.statusCode).toBe(201);
    const { mailbox, password } = created.json();
    expect(mailbox.address).toBe(`accueil@${order.subdomain}.localhost`);
    const endpoints = ctx.mailHost?.endpoints() as typeof remote;
    await deliverFromOutside(endpoints, {
      from: "client@exterieur.test",
      to: mailbox.address,
      subject: "Réservation du samedi",
      text: "Une table pour quatre, samedi midi.",
    });
    expect(await waitForMessage(endpoints, mailbox.address, password, "Réservation du samedi")).toContain(
      "samedi midi",
    );
    // The order page links to the host's own webmail (decision 0107).
    const listed = await app.inject({
      method: "GET",
      url: `/api/order/${id}/mailboxes?token=${magicLinkToken(ctx, order)}`,
    });
    expect(listed.json().settings.webmail_url).toBe("https://webmail.localhost/");
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(health.json().mail).toEqual({ ok: true });
  });

  it("changes a password: the new one logs in, the old one no longer", async () => {
    const fresh = newMailboxPassword();
    await host.setMailbox({
      address: bob,
      passwordHash: await hashMailboxPassword(fresh),
      quotaBytes: 1024 ** 3,
    });
    await expect(login(bob, passwords.bob)).rejects.toThrow();
    await login(bob, fresh);
    passwords.bob = fresh;
  });

  it("delivers through an alias what the owner submits, DKIM-signed with a key made on the host", async () => {
    // Another product process adds an alias: this one's next change starts from a state the host
    // no longer has, is refused as stale, and is made again from the host's (neither is lost).
    const second = new SshMailHost(options);
    await second.start();
    await second.setAlias(`ventes@${domain}`, [alice]);
    await host.setAlias(`equipe@${domain}`, [bob]);
    await deliverFromOutside(host.endpoints(), {
      from: "client@exterieur.test",
      to: `ventes@${domain}`,
      subject: "Demande de prix",
      text: "Combien coûte le sac de riz ?",
    });
    await waitForMessage(host.endpoints(), alice, passwords.alice, "Demande de prix");
    await host.removeAlias(`ventes@${domain}`);
    await expect(
      deliverFromOutside(host.endpoints(), {
        from: "c@exterieur.test",
        to: `ventes@${domain}`,
        subject: "?",
        text: "?",
      }),
    ).rejects.toThrow(/5\.1\.1/);
    await submitAs(host.endpoints(), alice, passwords.alice, {
      from: alice,
      to: `equipe@${domain}`,
      subject: "Inventaire",
      text: "Il reste trois sacs de riz.",
    });
    const received = await waitForMessage(host.endpoints(), bob, passwords.bob, "Inventaire");
    const record = await host.dkimRecord(domain);
    expect(record.name).toBe(`lagon._domainkey.${domain}`);
    const verified = await dkimVerify(received, {
      resolver: async (name: string, type: string) => {
        if (type === "TXT" && name === record.name) return [[record.value]];
        throw Object.assign(new Error(`no ${type} for ${name}`), { code: "ENOTFOUND" });
      },
    });
    expect(verified.results.map((r) => [r.signingDomain, r.status.result])).toEqual([[domain, "pass"]]);
    // The private key stays on the host, OpenDKIM's alone.
    const key = await stat(path.join(daemons.paths.dkimDir, `${domain}.private`));
    expect(key.mode & 0o077).toBe(0);
  });

  it("exports the domain's mail as a tar over SSH and puts it back", async () => {
    const archive = new PassThrough();
    const chunks: Buffer[] = [];
    archive.on("data", (chunk: Buffer) => chunks.push(chunk));
    await host.exportMail([domain], archive);
    await host.removeMail([domain]);
    expect(existsSync(path.join(daemons.paths.boxesDir, domain))).toBe(false);
    await host.importMail([domain], Readable.from([Buffer.concat(chunks)]));
    expect(await waitForMessage(host.endpoints(), alice, passwords.alice, "Livraison de vanille")).toContain(
      "arrive mardi",
    );
  });

  it("writes an out-of-office script as the mail user, and removes it", async () => {
    const script = path.join(daemons.paths.boxesDir, domain, "contact", "vacation.sieve");
    await host.setVacation(alice, { enabled: true, subject: "Fermé", message: "De retour lundi." } as never);
    expect(await readFile(script, "utf8")).toContain("De retour lundi.");
    const owner = await runProcess("stat", ["-c", "%U", script]);
    expect(owner.stdout.trim()).toBe("lagonmail");
    await host.setVacation(alice, null);
    expect(existsSync(script)).toBe(false);
  });

  it("suspends a domain's mail and lifts it, and lets its site's sender submit", async () => {
    const sitePassword = newMailboxPassword();
    await host.setSiteSender({ domain, passwordHash: await hashMailboxPassword(sitePassword) });
    await submitAs(host.endpoints(), siteSenderLogin(domain), sitePassword, {
      from: `no-reply@${domain}`,
      to: alice,
      subject: "Nouvelle commande sur le site",
      text: "Une commande vient d'arriver.",
    });
    await waitForMessage(host.endpoints(), alice, passwords.alice, "Nouvelle commande sur le site");
    await host.setSuspended([domain], true);
    const outside = { from: "z@exterieur.test", to: alice, subject: "Suspendu", text: "." };
    await expect(deliverFromOutside(host.endpoints(), outside)).rejects.toThrow(/450 4\.2\.1/);
    await host.setSuspended([domain], false);
    await deliverFromOutside(host.endpoints(), outside);
  });

  it("removes a whole domain: its mail, its logins and its DKIM key", async () => {
    const other = "salon.localhost";
    const owner = `accueil@${other}`;
    await host.restore(
      [other],
      [{ address: owner, passwordHash: await hashMailboxPassword("x"), quotaBytes: 1024 ** 2 }],
    );
    await host.setVacation(owner, { enabled: true, subject: "Fermé", message: "Congés." } as never);
    await host.setAlias(`devis@${other}`, [owner, "patron@exterieur.test"]);
    const key = path.join(daemons.paths.dkimDir, `${other}.private`);
    expect(existsSync(key)).toBe(true);
    // The site is suspended first, then removed (decision 0113): nothing of it stays, its
    // suspension neither ("retry later" would answer for a domain served by no one).
    await host.setSuspended([other], true);
    expect(await host.domains()).toContain(other);
    // Its owner used the webmail (a user, a contact, an identity, a session in Roundcube's
    // database), as did a mailbox that stays; rspamd learnt a Bayes for each.
    const webmailDb = path.join(dir, "webmail", "db", "roundcube.sqlite");
    await seedWebmailDatabase(webmailDb, [owner, alice]);
    expect(await webmailRows(webmailDb)).toEqual({
      users: [owner, alice].sort(),
      contacts: 2,
      identities: 2,
      sessions: [owner, alice].sort(),
    });
    for (const login of [owner, alice]) await seedBayes(daemons.paths.rspamdStateDir, login);
    expect(await bayesRows(daemons.paths.rspamdStateDir, owner)).toBe(2);
    await host.removeDomain(other);
    // Roundcube's rows of its users are gone, with their session; the others' stay. Its Bayes too.
    expect(await webmailRows(webmailDb)).toEqual({
      users: [alice],
      contacts: 1,
      identities: 1,
      sessions: [alice],
    });
    expect(await bayesRows(daemons.paths.rspamdStateDir, owner)).toBe(0);
    expect(await bayesRows(daemons.paths.rspamdStateDir, alice)).toBe(2);
    expect(await host.domains()).not.toContain(other);
    expect(existsSync(key)).toBe(false);
    expect(existsSync(path.join(daemons.paths.boxesDir, other))).toBe(false);
    const state = JSON.parse(await readFile(daemons.paths.stateFile, "utf8")) as MailState;
    const left = [
      ...state.domains,
      ...Object.keys(state.mailboxes),
      ...Object.keys(state.aliases),
      ...Object.keys(state.senders ?? {}),
      ...(state.suspended ?? []),
    ].filter((name) => name.endsWith(other));
    expect(left).toEqual([]);
    expect(state.domains).toContain(domain);
    for (const to of [owner, `devis@${other}`])
      await expect(
        deliverFromOutside(host.endpoints(), { from: "x@exterieur.test", to, subject: "?", text: "?" }),
      ).rejects.toThrow(/5\.[17]\.\d/);
    // Again: nothing left to do, and no error.
    await host.removeDomain(other);
  });

  it("refuses mail for a removed mailbox, and deletes its mail", async () => {
    await host.removeMailbox(bob);
    await expect(
      deliverFromOutside(host.endpoints(), {
        from: "x@exterieur.test",
        to: bob,
        subject: "Refus",
        text: "?",
      }),
    ).rejects.toThrow(/5\.1\.1/);
    expect(existsSync(path.join(daemons.paths.boxesDir, domain, "bob"))).toBe(false);
  });

  it("lets the product's user run nothing but the helper, which refuses what it has not checked", async () => {
    const helper = options.helper;
    const refusals: Promise<readonly [string, boolean]>[] = [];
    for (const command of [
      `${helper} dkim-record ../../../etc`,
      `${helper} mailbox-remove ${alice}`,
      `${helper} domain-remove ${domain}`,
      `${helper} vacation ../x@${domain}`,
      `${helper} export ../..`,
      `${helper} nonsense`,
      "sudo -n /usr/bin/id",
      `sudo -n MAIL_HOST_CONF=/dev/null ${helper.replace("sudo -n ", "")} check`,
    ]) {
      refusals.push(asProductUser(command).then((result) => [command, result.ok] as const));
    }
    for (const [command, ok] of await Promise.all(refusals)) expect(ok, command).toBe(false);
    const state = (await asProductUser(`${helper} state`)).out.trim();
    const revision = (JSON.parse(state) as { revision: number }).revision;
    const stdinOf = (domains: string) =>
      ["== state", state, "== domains", domains, "== mailboxes", "== aliases", "== senders"]
        .concat([
          "== suspended-in",
          "== suspended-out",
          "== users",
          "== key.table",
          "== signing.table",
          "== removed",
        ])
        .join("\n");
    for (const bad of ["../../etc OK", `${domain} OK\nmydestination = x`, `${domain} OK extra`]) {
      const refused = await asProductUser(`${helper} apply ${revision} ${revision + 1}`, `${stdinOf(bad)}\n`);
      expect(refused.ok, bad).toBe(false);
      expect(refused.out).toMatch(/refused line|invalid/);
    }
    // A change from a state that is no longer the host's: told to read again (exit 75).
    const stale = await asProductUser(
      `${helper} apply ${revision - 1} ${revision}`,
      `${stdinOf(`${domain} OK`)}\n`,
    );
    expect(stale.out).toMatch(/state changed/);
    // Nothing of the refused changes was installed: alice still receives.
    await deliverFromOutside(host.endpoints(), {
      from: "y@exterieur.test",
      to: alice,
      subject: "Encore",
      text: ".",
    });
    await waitForMessage(host.endpoints(), alice, passwords.alice, "Encore");
  });

  it("refuses a host whose helper is another version", async () => {
    const helper = options.helper.replace("sudo -n ", "");
    const current = await readFile(helper, "utf8");
    // As the operator who updates the product but forgets the host: its copy is older.
    await writeFile(helper, `${current}\n# an older copy\n`);
    try {
      await expect(new SshMailHost(options).start()).rejects.toThrow(/n'a pas la version/);
    } finally {
      await writeFile(helper, current);
    }
    await new SshMailHost(options).start();
  });

  // Last: it stops the host's Postfix.
  it("reports the mail host down in the product's health, saying which daemon", async () => {
    if (!product) throw new Error("the product's test did not run");
    await runProcess("postfix", ["-c", daemons.paths.postfixDir, "stop"]);
    // A product process started now (the one above has its health of a moment ago for 30 s).
    const fresh = createMailHost(product.ctx.config, product.ctx.db) as SshMailHost;
    await fresh.start();
    product.ctx.mailHost = fresh;
    const health = await product.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json().reason).toMatch(
      /^e-mail : hôte e-mail injoignable ou arrêté : .*Postfix ne tourne pas/,
    );
    expect(health.json().mail.ok).toBe(false);
  });

  async function login(address: string, password: string): Promise<void> {
    const client = imapClient(host.endpoints(), address, password);
    await client.connect();
    await client.logout().catch(() => {});
  }
});

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** sshd in the foreground on loopback with its own keys and config. */
async function startSshd(dir: string, port: number): Promise<ChildProcess> {
  await makeSshKeys(dir, port, "mail-test");
  const config = [
    `Port ${port}`,
    "ListenAddress 127.0.0.1",
    `HostKey ${path.join(dir, "host_key")}`,
    `AuthorizedKeysFile ${path.join(dir, "client_key.pub")}`,
    "PasswordAuthentication no",
    "KbdInteractiveAuthentication no",
    "UsePAM no",
    "StrictModes no",
    `PidFile ${path.join(dir, "sshd.pid")}`,
  ];
  await chown(path.join(dir, "client_key.pub"), 0, 0);
  return runSshd(dir, port, config);
}
