import { type ChildProcess, spawn } from "node:child_process";
import {
  chmod,
  chown,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../test/smtp-sink.ts";
import { ensureSystemUser, userId } from "../lib/system-accounts.ts";
import { type ProcessError, runProcess } from "../wordpress/run-process.ts";
import { freePort } from "../wordpress/site-checks.ts";
import { HOST_RUN_DIR, hostConfigTemplates, hostPorts } from "./host-config.ts";
import { MAIL_USER, waitForPort } from "./local-mail-host.ts";
import { WEBMAIL_USER, waitForSocket } from "./local-webmail.ts";
import {
  bayesLearns,
  campaignText,
  deliverFromOutside,
  moveMessage,
  RoundcubeVisit,
  startLoginRelay,
  submitAs,
  teachingMessage,
  waitForMessage,
} from "./mail-checks.ts";
import type { MailEndpoints } from "./mail-host.ts";
import { mailHostPaths, RELAY_MAPS } from "./mail-host-config.ts";
import { emptyMailState, type MailState, mailChanges, mailHostFiles } from "./mail-state.ts";
import { ensureMailCertificate } from "./mail-tls.ts";
import { hashMailboxPassword } from "./mailbox-password.ts";
import { GTUBE, RSPAMD_USER } from "./rspamd-config.ts";
import { POLICYD_RATE_LIMIT } from "./send-rate-policy.ts";
import { MAIL_HELPER_DIR, mailHelperFiles, SECTIONS_ORDER } from "./ssh-mail-host.ts";
import { WEBMAIL_HOST_SOCKET } from "./webmail-host-config.ts";

const CONF_DIR = path.join(MAIL_HELPER_DIR, "conf");

describe("a production mail host's own configuration (host/conf/, the helper's configure)", () => {
  it("ships exactly what the generators render (npm run mail-host:conf writes it)", async () => {
    const templates = hostConfigTemplates();
    expect((await readdir(CONF_DIR)).sort()).toEqual(Object.keys(templates).sort());
    for (const [name, text] of Object.entries(templates))
      expect(await readFile(path.join(CONF_DIR, name), "utf8"), name).toBe(text);
  });

  describe("configure, run as root on a scratch host", () => {
    let dir: string;
    let helper: string;
    let conf: string;
    const etc = (file: string) => path.join(dir, "etc", file);
    const root = () => path.join(dir, "mail");
    const settings = (overrides: Record<string, string> = {}) =>
      Object.entries({
        MAIL_ROOT: root(),
        POSTFIX_CONFIG_DIR: etc("postfix"),
        DOVECOT_CONF: etc("dovecot/dovecot.conf"),
        OPENDKIM_CONF: etc("opendkim.conf"),
        POLICYD_CONF: etc("policyd-rate-limit.yaml"),
        POSTSRSD_DEFAULT: etc("default/postsrsd"),
        RSPAMD_DROPIN: etc("systemd/rspamd.service.d/lagon.conf"),
        LOGROTATE_CONF: etc("logrotate.d/lagon-mail"),
        MAIL_HOSTNAME: "mail.exemple.re",
        TLS_CERT: path.join(dir, "tls", "cert.pem"),
        TLS_KEY: path.join(dir, "tls", "private", "key.pem"),
        RESTART_SERVICES: "echo redemarres",
        DKIM_RELOAD: "true",
        // The webmail (lib/webmail.sh): its name is the default, webmail.exemple.re.
        ...webmailSettings(),
        ...overrides,
      })
        .map(([k, v]) => `${k}='${v}'\n`)
        .join("");
    /** The webmail's files in the scratch folder, its own certificate, TLS_CA trusting both. */
    const webmailSettings = () => ({
      WEBMAIL_ROOT: path.join(dir, "webmail"),
      WEBMAIL_NGINX_SITE: etc("nginx/lagon-webmail.conf"),
      WEBMAIL_FPM_POOL: etc("php/lagon-webmail.conf"),
      WEBMAIL_TLS_CERT: path.join(dir, "webmail-tls", "cert.pem"),
      WEBMAIL_TLS_KEY: path.join(dir, "webmail-tls", "private", "key.pem"),
      TLS_CA: path.join(dir, "ca.pem"),
      WEBMAIL_RELOAD: "echo webmail-recharge",
    });
    const configure = () =>
      runProcess("bash", [helper, "configure"], {
        env: { MAIL_HOST_CONF: conf, PATH: process.env.PATH ?? "" },
      });

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), "mail-conf-"));
      // The daemons' users cross it to their own folders (policyd-rate-limit's counts).
      await chmod(dir, 0o711);
      for (const file of mailHelperFiles()) {
        const target = path.join(dir, "helper", file);
        await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
        await copyFile(path.join(MAIL_HELPER_DIR, file), target);
      }
      helper = path.join(dir, "helper", "mail-host.sh");
      for (const folder of ["postfix", "dovecot", "default"]) await mkdir(etc(folder), { recursive: true });
      await ensureSystemUser(MAIL_USER);
      const tls = await ensureMailCertificate(path.join(dir, "tls"), "mail.exemple.re");
      expect([tls.certFile, tls.keyFile]).toEqual([
        path.join(dir, "tls", "cert.pem"),
        path.join(dir, "tls", "private", "key.pem"),
      ]);
      await ensureSystemUser(WEBMAIL_USER);
      const webmailTls = await ensureMailCertificate(path.join(dir, "webmail-tls"), "webmail.exemple.re");
      await writeFile(
        path.join(dir, "ca.pem"),
        `${await readFile(tls.certFile, "utf8")}${await readFile(webmailTls.certFile, "utf8")}`,
      );
      conf = path.join(dir, "mail-host.conf");
      await writeFile(conf, settings(), { mode: 0o600 });
    }, 30_000);

    /** The daemons a test started, stopped by their PIDs (after a timed-out test too). */
    const daemons: ChildProcess[] = [];
    async function stopDaemons(): Promise<void> {
      if (daemons.length === 0) return;
      await runProcess("/usr/sbin/postfix", ["-c", etc("postfix"), "stop"]).catch(() => {});
      for (const child of daemons.splice(0)) {
        if (child.exitCode !== null || child.signalCode !== null) continue;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        // OpenDKIM takes seconds to end on SIGTERM (local-mail-host.ts); policyd-rate-limit ends on SIGINT.
        const opendkim = child.spawnfile.endsWith("opendkim");
        child.kill(opendkim ? "SIGKILL" : child.spawnfile === POLICYD_RATE_LIMIT ? "SIGINT" : "SIGTERM");
        await exited;
      }
      await rm(HOST_RUN_DIR, { recursive: true, force: true });
    }

    afterAll(async () => {
      await stopDaemons();
      await relay?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    /**
     * rspamd's Bayes files are made by configure, before rspamd's first start, by one process
     * (decision 0108): rspamd's own schema, rspamd's files. Two processes starting on none race.
     */
    async function expectBayesFilesMade(): Promise<void> {
      const rspamdId = await userId(RSPAMD_USER);
      for (const file of ["bayes.spam.sqlite", "bayes.ham.sqlite", "learn_cache.sqlite"]) {
        const made = path.join(root(), "rspamd-state", file);
        expect((await stat(made)).uid, file).toBe(rspamdId);
      }
      for (const kind of ["spam", "ham"]) {
        const { stdout } = await runProcess("/usr/sbin/runuser", [
          ...["-u", RSPAMD_USER, "--", "/usr/bin/sqlite3", "-readonly"],
          path.join(root(), "rspamd-state", `bayes.${kind}.sqlite`),
          "PRAGMA user_version; SELECT name FROM users; SELECT COUNT(*) FROM tokenizer;",
        ]);
        expect(stdout.split("\n").filter(Boolean), kind).toEqual(["1", "default", "1"]);
      }
      // Nothing of the one-off rspamd is left: no process on its files, no run folder.
      expect((await readdir(root())).filter((name) => name.startsWith(".rspamd-init"))).toEqual([]);
    }

    /** What Postfix was given for the relay's login: none, or this relay, login and password. */
    async function expectRelayLogin(login: { relay: string; user: string; password: string } | null) {
      const postconf = async (name: string) =>
        (await runProcess("/usr/sbin/postconf", ["-c", etc("postfix"), "-h", name])).stdout.trim();
      expect(await postconf("smtp_sasl_auth_enable")).toBe(login ? "yes" : "no");
      expect(await postconf("smtp_sasl_password_maps")).toBe(`hash:${root()}/postfix/${RELAY_MAPS.password}`);
      expect(await postconf("smtp_tls_policy_maps")).toBe(`hash:${root()}/postfix/${RELAY_MAPS.tls}`);
      for (const name of Object.values(RELAY_MAPS))
        for (const file of [name, `${name}.db`]) {
          const { mode, uid } = await stat(path.join(root(), "postfix", file));
          expect([mode & 0o777, uid], file).toEqual([0o600, 0]);
        }
      const lookup = async (name: string) =>
        (
          await runProcess("/usr/sbin/postmap", [
            ...["-c", etc("postfix"), "-q", login?.relay ?? "[relais.exemple.net]:587"],
            `hash:${root()}/postfix/${name}`,
          ]).catch(() => ({ stdout: "" }))
        ).stdout.trim();
      expect(await lookup(RELAY_MAPS.password)).toBe(login ? `${login.user}:${login.password}` : "");
      // The login goes over TLS or not at all: that one destination is `encrypt`.
      expect(await lookup(RELAY_MAPS.tls)).toBe(login ? "encrypt" : "");
    }

    /** A root-only file with a relay password (0600, as the guide says). */
    function relayPasswordFile(): string {
      return path.join(dir, "relais.password");
    }

    /**
     * The outbound relay of a host whose port 25 is closed, asking for a login (decision 0108): a
     * real SMTP server (smtp-server) that offers STARTTLS with the host's test certificate and
     * takes AUTH only over TLS and only with its password. Configure is given a wrong one first.
     */
    let relay: Awaited<ReturnType<typeof startRelay>> | undefined;
    async function startRelay() {
      const relay = await startLoginRelay("Rel4is-secret!-0108", {
        key: await readFile(path.join(dir, "tls", "private", "key.pem")),
        cert: await readFile(path.join(dir, "tls", "cert.pem")),
      });
      await writeFile(relayPasswordFile(), "mauvais-mot-de-passe\n", { mode: 0o600 });
      return {
        ...relay,
        login: { relay: relay.host, ...relay.login },
        settings: {
          RELAY_HOST: relay.host,
          RELAY_USER: relay.login.user,
          RELAY_PASSWORD_FILE: relayPasswordFile(),
        },
      };
    }

    /**
     * Junk learning on the installed files (decisions 0087, 0092): moves over IMAP run the
     * IMAPSieve scripts, their pipe programs hand the message to the controller with the host's
     * password, and the mailbox's own Bayes learns; then rspamd's milter scores a message like the
     * ones its owner moved to Junk with that Bayes, so both of rspamd's processes have it (0108).
     */
    async function learnsFromJunkMoves(endpoints: MailEndpoints, address: string, password: string) {
      // rspamd's two processes opened the Bayes files configure made: neither waited on the other's
      // creation of them (on no files, each start logs it, decision 0108).
      const rspamdLog = await readFile(path.join(root(), "rspamd-state", "rspamd.log"), "utf8");
      expect(rspamdLog).toContain("rspamd_proxy");
      expect(rspamdLog).not.toContain("database is locked");
      const learned = () => bayesLearns(dir, address);
      expect(await learned()).toEqual({ spam: 0, ham: 0 });
      // Two messages of their own (rspamd learns none under 11 words), read, then moved to Junk.
      const letters = {
        "Lettre d'information de novembre":
          "Découvrez nos nouveautés du mois : des remises sur toute la gamme, des conseils de saison et notre sélection de produits pour la maison et le jardin.",
        "Facture de novembre pour la terrasse":
          "Bonjour, vous trouverez ci-joint la facture des travaux de la terrasse, à régler sous trente jours par virement. Merci pour votre confiance et à bientôt.",
      };
      for (const [subject, text] of Object.entries(letters)) {
        await deliverFromOutside(endpoints, { from: "contact@exterieur.test", to: address, subject, text });
        await waitForMessage(endpoints, address, password, subject, { timeoutMs: 30_000 });
      }
      let spam = 0;
      for (const subject of Object.keys(letters)) {
        await moveMessage(endpoints, address, password, { subject, from: "INBOX", to: "Junk" });
        spam += 1;
        await waitFor(async () => (await learned()).spam === spam);
      }
      // The owner takes the invoice back out of Junk: unlearned as spam, learned as ham.
      await moveMessage(endpoints, address, password, {
        subject: "Facture de novembre pour la terrasse",
        from: "Junk",
        to: "INBOX",
      });
      await waitFor(async () => (await learned()).ham === 1);
      expect(await learned()).toEqual({ spam: 1, ham: 1 });
      expect(await bayesLearns(dir, "autres@exemple.re")).toEqual({ spam: 0, ham: 0 });

      // Bayes scores once the host has 20 learns of each kind (min_learns, decision 0092): the rest
      // of them taught through the controller, for another mailbox.
      const header = await readFile(path.join(root(), "sieve", "learn.header"), "utf8");
      const controller = async (url: string, headers: Record<string, string> = {}, body?: string) => {
        const response = await fetch(`http://127.0.0.1:${hostPorts().learn}${url}`, {
          method: body === undefined ? "GET" : "POST",
          headers: { ...headers, Password: header.replace(/^Password: /, "").trim() },
          body,
        });
        expect(response.status).toBe(200);
        return response.json() as Promise<{ statfiles: { symbol: string; revision: number }[] }>;
      };
      for (const kind of ["spam", "ham"] as const) {
        const symbol = kind === "spam" ? "BAYES_SPAM" : "BAYES_HAM";
        const learns = async () =>
          (await controller("/stat")).statfiles.find((file) => file.symbol === symbol)?.revision ?? 0;
        for (let n = 0; (await learns()) < 20; n++) {
          expect(n).toBeLessThan(20);
          await controller(`/learn${kind}`, { "Deliver-To": "autres@exemple.re" }, teachingMessage(kind, n));
        }
      }
      // The owner moves two messages of a campaign to Junk; the third, from outside, goes there by
      // itself: the milter's scan used this mailbox's Bayes (BAYES_SPAM, 5.1 points).
      for (const n of [1, 2]) {
        const subject = `Votre cadeau n°${n}`;
        await deliverFromOutside(endpoints, {
          from: "promo@soldes.test",
          to: address,
          subject,
          text: campaignText(n),
        });
        await waitForMessage(endpoints, address, password, subject, { timeoutMs: 30_000 });
        await moveMessage(endpoints, address, password, { subject, from: "INBOX", to: "Junk" });
      }
      await waitFor(async () => (await learned()).spam === 3);
      const subject = "VOTRE CADEAU DE BIENVENUE VOUS ATTEND";
      await deliverFromOutside(endpoints, {
        from: "promo@soldes.test",
        to: address,
        subject,
        text: campaignText(3),
      });
      const scored = await waitForMessage(endpoints, address, password, subject, {
        mailbox: "Junk",
        timeoutMs: 30_000,
      });
      expect(scored).toMatch(/^X-Spam: Yes/m);
      // Through an alias: scanned for the alias (no Bayes of its own), its copy gets the mailbox's
      // Bayes at delivery (bayes-verdict, decision 0112), and goes to Junk too.
      await deliverFromOutside(endpoints, {
        from: "promo@soldes.test",
        to: "ventes@exemple.re",
        subject: `${subject} PAR L'ALIAS`,
        text: campaignText(4),
      });
      const viaAlias = await waitForMessage(endpoints, address, password, `${subject} PAR L'ALIAS`, {
        mailbox: "Junk",
        timeoutMs: 30_000,
      });
      expect(viaAlias).toMatch(/^X-Lagon-Spam-Score: -?\d+\.\d\d ventes@exemple\.re$/m);
      expect(viaAlias).not.toMatch(/^X-Spam:/m);
    }

    /**
     * The relay's login set by configure (decision 0108): with the wrong password the relay refuses
     * the login and the message stays in Postfix's queue, deferred; configure run again with the
     * right one, the queue flushed, the message reaches the relay, the login sent over TLS only.
     */
    async function relaysWithItsLogin(endpoints: MailEndpoints, state: MailState) {
      if (!relay) throw new Error("no relay");
      await expectRelayLogin({ ...relay.login, password: "mauvais-mot-de-passe" });
      // Another login of the host sends (the first one spent this scratch host's budget of 3).
      const sender = { address: "envois@exemple.re", password: "motdepasse-essai-2" };
      mailChanges.setMailbox(state, {
        address: sender.address,
        passwordHash: await hashMailboxPassword(sender.password),
        quotaBytes: 1024 ** 2,
      });
      state.revision = 2;
      const files: Record<string, string> = {
        state: `${JSON.stringify(state)}\n`,
        ...mailHostFiles(state, mailHostPaths(root(), HOST_RUN_DIR)),
        removed: "",
      };
      await runProcess("bash", [helper, "apply", "1", "2"], {
        stdin: SECTIONS_ORDER.map((name) => `== ${name}\n${files[name] ?? ""}`).join(""),
        env: { MAIL_HOST_CONF: conf, PATH: process.env.PATH ?? "" },
      });
      const subject = "Confirmation de rendez-vous";
      await submitAs(endpoints, sender.address, sender.password, {
        from: sender.address,
        to: "client@ailleurs.test",
        subject,
        text: "Votre rendez-vous est confirmé pour mardi.",
      });
      const queued = async () =>
        (await runProcess("/usr/sbin/postqueue", ["-c", etc("postfix"), "-j"])).stdout
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { recipients: { address: string; delay_reason?: string }[] });
      const deferred = await waitFor(async () =>
        (await queued())
          .flatMap((message) => message.recipients)
          .find((r) => r.address === "client@ailleurs.test" && r.delay_reason),
      );
      expect(deferred.delay_reason).toMatch(/SASL authentication failed.*535/);
      expect(relay.received).toEqual([]);
      expect(relay.attempts.length).toBeGreaterThan(0);
      expect(relay.attempts.every((attempt) => attempt.secure && !attempt.right)).toBe(true);

      // The right password, configure again (Postfix reloaded), the queue flushed: it arrives.
      await writeFile(relayPasswordFile(), `${relay.login.password}\n`, { mode: 0o600 });
      await writeFile(
        conf,
        settings({
          ...Object.fromEntries(
            (await readFile(conf, "utf8"))
              .split("\n")
              .filter(Boolean)
              .map((line) => line.match(/^(\w+)='(.*)'$/)?.slice(1) as [string, string]),
          ),
          RESTART_SERVICES: `/usr/sbin/postfix -c ${etc("postfix")} reload`,
        }),
        { mode: 0o600 },
      );
      const { stdout, stderr } = await configure();
      await expectRelayLogin(relay.login);
      await runProcess("/usr/sbin/postqueue", ["-c", etc("postfix"), "-f"]);
      const arrived = await waitFor(() =>
        relay?.received.find((mail) => mail.to.includes("client@ailleurs.test")),
      );
      expect(arrived.from).toBe(sender.address);
      expect(arrived.raw).toContain(`Subject: ${subject}`);
      expect(relay.attempts.at(-1)).toEqual({ user: relay.login.user, right: true, secure: true });
      expect(await queued()).toEqual([]);
      // Neither password is ever written out: not by configure, not in Postfix's log.
      const log = await readFile(path.join(root(), "log", "postfix.log"), "utf8");
      for (const secret of [relay.login.password, "mauvais-mot-de-passe"])
        expect(`${stdout}${stderr}${log}`).not.toContain(secret);
      await writeFile(conf, settings(), { mode: 0o600 });
    }

    it("puts in the host's values, checks them with each daemon and installs every file", async () => {
      const { stdout } = await configure();
      expect(stdout).toContain("redemarres");
      expect(stdout.trim().endsWith("configured mail.exemple.re")).toBe(true);
      const main = await readFile(etc("postfix/main.cf"), "utf8");
      expect(main).toMatch(/^myhostname = mail\.exemple\.re$/m);
      expect(main).toMatch(/^inet_interfaces = all$/m);
      expect(main).toContain(`virtual_mailbox_maps = hash:${root()}/postfix/mailboxes`);
      // Other servers and mail programs on every address; the send-rate policy on loopback.
      const master = await readFile(etc("postfix/master.cf"), "utf8");
      expect(master).toMatch(/^25 inet n - n - - smtpd$/m);
      expect(master).toMatch(/^587 inet n - n - - smtpd$/m);
      expect(main).toContain("check_policy_service inet:127.0.0.1:10029");
      const policyd = await readFile(etc("policyd-rate-limit.yaml"), "utf8");
      expect(policyd).toContain('SOCKET: ["127.0.0.1", 10029]');
      const uid = (await runProcess("id", ["-u", MAIL_USER])).stdout.trim();
      const dovecot = await readFile(etc("dovecot/dovecot.conf"), "utf8");
      expect(dovecot).toMatch(new RegExp(`^first_valid_uid = ${uid}$`, "m"));
      expect(dovecot).toMatch(/^listen = \*, ::$/m);
      // The learn programs send the host's own controller password, made once, kept from others.
      const header = await readFile(path.join(root(), "sieve", "learn.header"), "utf8");
      const password = header.match(/^Password: ([0-9a-f]{48})$/m)?.[1];
      expect(password).toBeDefined();
      expect(await readFile(path.join(root(), "rspamd", "rspamd.conf"), "utf8")).toContain(
        `password = "${password}";`,
      );
      expect((await stat(path.join(root(), "sieve", "learn.header"))).mode & 0o777).toBe(0o640);
      expect((await stat(path.join(root(), "sieve", "pipe", "learn-spam"))).mode & 0o777).toBe(0o750);
      expect((await stat(path.join(root(), "sieve", "spam.svbin"))).isFile()).toBe(true);
      const installed = [
        etc("postfix/main.cf"),
        etc("postfix/master.cf"),
        etc("dovecot/dovecot.conf"),
        etc("opendkim.conf"),
        etc("default/postsrsd"),
        etc("systemd/rspamd.service.d/lagon.conf"),
        etc("logrotate.d/lagon-mail"),
        path.join(root(), "sieve", "pipe", "learn-ham"),
        path.join(root(), "rspamd", "override.d", "statistic.conf"),
      ];
      for (const file of installed) expect(await readFile(file, "utf8"), file).not.toMatch(/@[A-Z_]+@/);
      expect(await readFile(etc("default/postsrsd"), "utf8")).toContain("SRS_DOMAIN=mail.exemple.re");

      // The webmail: Roundcube on this host's IMAP and submission over STARTTLS (checked for its
      // name), its key made here, its database made; nginx on the webmail's name.
      expect(stdout).toContain("webmail-recharge");
      const webmail = path.join(dir, "webmail");
      const roundcube = await readFile(path.join(webmail, "config", "config.inc.php"), "utf8");
      expect(roundcube).toContain("$config['imap_host'] = 'tls://127.0.0.1:143';");
      expect(roundcube).toContain("$config['smtp_host'] = 'tls://127.0.0.1:587';");
      expect(roundcube).toContain("'peer_name' => 'mail.exemple.re'");
      const desKey = (await readFile(path.join(webmail, "des.key"), "utf8")).trim();
      expect(desKey).toMatch(/^[A-Za-z0-9+/]{24}$/);
      expect(roundcube).toContain(`$config['des_key'] = '${desKey}';`);
      expect((await stat(path.join(webmail, "des.key"))).mode & 0o777).toBe(0o600);
      expect((await stat(path.join(webmail, "config", "config.inc.php"))).mode & 0o777).toBe(0o640);
      expect((await stat(path.join(webmail, "db", "roundcube.sqlite"))).isFile()).toBe(true);
      const site = await readFile(etc("nginx/lagon-webmail.conf"), "utf8");
      expect(site).toMatch(/^ {4}server_name webmail\.exemple\.re;$/m);
      expect(site).toMatch(/^ {4}listen 443 ssl http2;$/m);
      expect(site).toContain(`ssl_certificate ${path.join(dir, "webmail-tls", "cert.pem")};`);
      expect(await readFile(etc("php/lagon-webmail.conf"), "utf8")).toContain(
        `env[ROUNDCUBE_CONFIG_DIR] = ${webmail}/config`,
      );
      for (const file of [etc("nginx/lagon-webmail.conf"), etc("php/lagon-webmail.conf")])
        expect(await readFile(file, "utf8"), file).not.toMatch(/@[A-Z_]+@/);
      await expectBayesFilesMade();
      await expectRelayLogin(null);

      // Again (a new helper copied): the same password, the learn programs keep working.
      await configure();
      expect(await readFile(path.join(root(), "sieve", "learn.header"), "utf8")).toBe(header);
      expect(await readFile(path.join(webmail, "config", "config.inc.php"), "utf8")).toBe(roundcube);
    });

    it("runs: a login submits through the installed daemons, deferred in French past its budget; mail from another server is scored by rspamd and read over IMAP", async () => {
      const ports = {
        SMTP_PORT: await freePort(),
        SUBMISSION_PORT: await freePort(),
        IMAP_PORT: await freePort(),
      };
      // The webmail's HTTPS and HTTP ports (lib/webmail.sh), free ones too.
      const web = { WEBMAIL_PORT: await freePort(), WEBMAIL_HTTP_PORT: await freePort() };
      relay = await startRelay();
      await writeFile(
        conf,
        settings({
          ...Object.fromEntries(Object.entries({ ...ports, ...web }).map(([k, v]) => [k, String(v)])),
          ...relay.settings,
        }),
        {
          mode: 0o600,
        },
      );
      await configure();
      // This scratch host's budget is 3, its counts and PID file in the scratch folder.
      const policydDir = path.join(dir, "policyd");
      await mkdir(policydDir);
      const uid = await userId("policyd-rate-limit");
      await chown(policydDir, uid, uid);
      const yaml = (await readFile(etc("policyd-rate-limit.yaml"), "utf8"))
        .replace("- [200, 3600]", "- [3, 3600]")
        .replace("/var/lib/policyd-rate-limit/db.sqlite3", path.join(policydDir, "counts.sqlite3"))
        .replace("/run/policyd-rate-limit/policyd-rate-limit.pid", path.join(policydDir, "policyd.pid"));
      expect(yaml).toContain("- [3, 3600]");
      await writeFile(etc("policyd-rate-limit.yaml"), yaml);
      // What systemd makes for the unit (RuntimeDirectory=lagon-mail/rspamd, 0700, its user's).
      const rspamdId = await userId(RSPAMD_USER);
      await mkdir(path.join(HOST_RUN_DIR, "rspamd"), { recursive: true, mode: 0o700 });
      await chown(path.join(HOST_RUN_DIR, "rspamd"), rspamdId, rspamdId);
      const children = [
        ["/usr/sbin/dovecot", "-F", "-c", etc("dovecot/dovecot.conf")],
        ["/usr/sbin/postfix", "-c", etc("postfix"), "start-fg"],
        // Its PID file in the scratch folder, not Debian's unit's.
        ["/usr/sbin/opendkim", "-f", "-x", etc("opendkim.conf"), "-P", path.join(dir, "opendkim.pid")],
        [POLICYD_RATE_LIMIT, "--file", etc("policyd-rate-limit.yaml")],
        // As the unit's drop-in starts it (rspamd.service.conf), as _rspamd: the milter scores what comes in.
        [
          "/usr/bin/setpriv",
          ...["--reuid", RSPAMD_USER, "--regid", RSPAMD_USER, "--clear-groups"],
          ...["/usr/bin/rspamd", "-f", "-c", path.join(root(), "rspamd", "rspamd.conf")],
          ...[`--var=LOCAL_CONFDIR=${root()}/rspamd`, `--var=DBDIR=${root()}/rspamd-state`],
          ...[`--var=RUNDIR=${HOST_RUN_DIR}/rspamd`, `--var=LOGDIR=${root()}/rspamd-state`],
        ],
        // With the values configure wrote for Debian's unit (/etc/default/postsrsd).
        [
          "/usr/sbin/postsrsd",
          ...["-s", path.join(root(), "srs.secret"), "-d", "mail.exemple.re", "-l", "127.0.0.1", "-4"],
          ...["-f", String(hostPorts().srsForward), "-r", String(hostPorts().srsReverse), "-u", "postsrsd"],
          ...["-p", path.join(dir, "postsrsd.pid")],
        ],
      ].map(([command, ...args]) => spawn(command as string, args, { stdio: ["ignore", "ignore", "pipe"] }));
      daemons.push(...children);
      // A daemon that exits fails the test with what it said, instead of a wait for its port.
      const failed = new Promise<never>((_, reject) => {
        for (const child of children) {
          let said = "";
          child.stderr?.on("data", (chunk: Buffer) => {
            said += chunk.toString();
          });
          child.once("exit", (code) => reject(new Error(`${child.spawnfile} exited (${code}): ${said}`)));
        }
      });
      failed.catch(() => {});
      try {
        const internal = hostPorts();
        for (const port of [
          ports.SUBMISSION_PORT,
          internal.auth,
          internal.dkim,
          internal.policy,
          internal.srsReverse,
          internal.spam,
          ports.SMTP_PORT,
          ports.IMAP_PORT,
        ])
          await Promise.race([waitForPort(port, 55_000), failed]);
        // A mailbox, as the product installs it through the helper's apply (ssh-mail-host.ts).
        const password = "motdepasse-essai-1";
        const state = emptyMailState();
        mailChanges.addDomain(state, "exemple.re");
        const address = "contact@exemple.re";
        mailChanges.setMailbox(state, {
          address,
          passwordHash: await hashMailboxPassword(password),
          quotaBytes: 1024 ** 2,
        });
        mailChanges.setAlias(state, "ventes@exemple.re", [address]);
        state.revision = 1;
        const files: Record<string, string> = {
          state: `${JSON.stringify(state)}\n`,
          ...mailHostFiles(state, mailHostPaths(root(), HOST_RUN_DIR)),
          removed: "",
        };
        const input = SECTIONS_ORDER.map((name) => `== ${name}\n${files[name] ?? ""}`).join("");
        await runProcess("bash", [helper, "apply", "0", "1"], {
          stdin: input,
          env: { MAIL_HOST_CONF: conf, PATH: process.env.PATH ?? "" },
        });
        const replies = await submitRecipients(ports.SUBMISSION_PORT, address, password, [
          "a@exterieur.test",
          "b@exterieur.test",
          "c@exterieur.test",
          "d@exterieur.test",
        ]);
        expect(replies.slice(0, 3).map((reply) => reply.slice(0, 3))).toEqual(["250", "250", "250"]);
        expect(replies[3]).toMatch(/^450 4\.7\.1 .*Limite d'envoi atteinte : reessayez plus tard/);
        // A whole message from another server: Postfix, rspamd's milter, LMTP, Dovecot, read over IMAP.
        const endpoints = {
          host: "127.0.0.1",
          smtpPort: ports.SMTP_PORT,
          submissionPort: ports.SUBMISSION_PORT,
          imapPort: ports.IMAP_PORT,
          tls: { serverName: "mail.exemple.re", caFile: path.join(dir, "tls", "cert.pem") },
        };
        await deliverFromOutside(endpoints, {
          from: "client@exterieur.test",
          to: address,
          subject: "Devis pour une terrasse",
          text: "Bonjour, pourriez-vous me faire un devis ?",
        });
        const source = await waitForMessage(endpoints, address, password, "Devis pour une terrasse", {
          timeoutMs: 30_000,
        });
        expect(source).toContain("pourriez-vous me faire un devis");
        expect(source).not.toMatch(/^X-Spam:/m);
        // Scored on the way in by the host's rspamd: its spam goes to Junk (Dovecot's global Sieve).
        await deliverFromOutside(endpoints, {
          from: "promo@exterieur.test",
          to: address,
          subject: "Offre exceptionnelle",
          text: `Vous avez gagné un voyage.\r\n${GTUBE.junk}\r\n`,
        });
        const spam = await waitForMessage(endpoints, address, password, "Offre exceptionnelle", {
          mailbox: "Junk",
          timeoutMs: 30_000,
        });
        expect(spam).toMatch(/^X-Spam: Yes/m);

        await webmailReadsInbox(web, address, password, ports.SUBMISSION_PORT);
        await learnsFromJunkMoves(endpoints, address, password);
        await relaysWithItsLogin(endpoints, state);
      } finally {
        await stopDaemons();
        await relay?.close();
      }
    }, 180_000);

    /**
     * The host's webmail on the installed files, as Debian's units start them (php-fpm with the
     * pool, nginx with the server blocks inside its http block): the mailbox's owner logs in to
     * Roundcube over HTTPS and reads the message from another server; the helper's health sees it,
     * then sees it down once php-fpm stops.
     */
    async function webmailReadsInbox(
      web: { WEBMAIL_PORT: number; WEBMAIL_HTTP_PORT: number },
      address: string,
      password: string,
      submissionPort: number,
    ): Promise<void> {
      // It sends through this host's submission port (the budget of this login is spent above).
      expect(await readFile(path.join(dir, "webmail", "config", "config.inc.php"), "utf8")).toContain(
        `$config['smtp_host'] = 'tls://127.0.0.1:${submissionPort}';`,
      );
      const fpmConf = path.join(dir, "php-fpm.conf");
      await writeFile(
        fpmConf,
        `[global]\npid = ${dir}/php-fpm.pid\nerror_log = ${dir}/php-fpm.log\ndaemonize = no\ninclude = ${etc("php/lagon-webmail.conf")}\n`,
      );
      const nginxConf = path.join(dir, "nginx.conf");
      await writeFile(
        nginxConf,
        `user www-data www-data;\npid ${dir}/nginx.pid;\nerror_log ${dir}/nginx-error.log;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n  client_body_temp_path ${dir}/nginx-body;\n  fastcgi_temp_path ${dir}/nginx-fastcgi;\n  include ${etc("nginx/lagon-webmail.conf")};\n}\n`,
      );
      await mkdir(path.dirname(WEBMAIL_HOST_SOCKET), { recursive: true });
      const fpm = spawn("/usr/sbin/php-fpm8.2", ["--nodaemonize", "--fpm-config", fpmConf], {
        stdio: "ignore",
      });
      const nginx = spawn("/usr/sbin/nginx", ["-c", nginxConf, "-g", "daemon off;"], { stdio: "ignore" });
      daemons.push(fpm, nginx);
      await waitForSocket(WEBMAIL_HOST_SOCKET);
      await waitForPort(web.WEBMAIL_PORT, 20_000);

      const visit = new RoundcubeVisit(`https://127.0.0.1:${web.WEBMAIL_PORT}/`, {
        servername: "webmail.exemple.re",
        ca: await readFile(path.join(dir, "webmail-tls", "cert.pem")),
      });
      const loginPage = await visit.request("/");
      expect(loginPage.status).toBe(200);
      expect(loginPage.text).toContain('lang="fr"');
      expect(loginPage.headers.get("strict-transport-security")).toBe("max-age=31536000");
      const { login, inbox: inboxPage } = await visit.login(address, password, loginPage.text);
      expect(login.status, login.text.slice(0, 2000)).toBe(302);
      const inbox = inboxPage.text;
      expect(inbox).toContain(address);
      const headers = { "x-roundcube-request": inbox.match(/"request_token":"([^"]+)"/)?.[1] ?? "" };
      const list = await visit.request("/?_task=mail&_action=list&_mbox=INBOX&_remote=1", { headers });
      expect(list.text).toContain("Devis pour une terrasse");
      const uid = list.text.match(/add_message_row\((\d+)/)?.[1];
      expect(uid).toBeDefined();
      const shown = await visit.request(`/?_task=mail&_action=show&_mbox=INBOX&_uid=${uid}`);
      expect(shown.text).toContain("pourriez-vous me faire un devis");
      // Plain HTTP on the webmail's name: to HTTPS.
      const plain = await new RoundcubeVisit(`http://127.0.0.1:${web.WEBMAIL_HTTP_PORT}/`).request(
        "/?_task=mail",
        {
          headers: { host: "webmail.exemple.re" },
        },
      );
      expect([plain.status, plain.headers.get("location")]).toEqual([
        301,
        "https://webmail.exemple.re/?_task=mail",
      ]);

      const health = () =>
        runProcess("bash", [helper, "health"], {
          env: { MAIL_HOST_CONF: conf, PATH: process.env.PATH ?? "" },
        });
      expect((await health()).stdout.trim()).toBe("ok");
      const exited = new Promise((resolve) => fpm.once("exit", resolve));
      fpm.kill("SIGTERM");
      await exited;
      const down = await health().then(
        () => null,
        (e: ProcessError) => e,
      );
      expect(down?.stderr).toContain("le webmail ne répond pas (HTTP 502)");
    }

    /**
     * The logs the daemons wrote under the host's folders (Postfix's, Dovecot's, rspamd's since
     * configure's Bayes step, Roundcube's), rotated by the installed logrotate file as Debian's
     * timer runs it, without a daemon started (decision 0113).
     */
    it("rotates the host's logs with the logrotate file configure installed", async () => {
      const rotation = etc("logrotate.d/lagon-mail");
      const text = await readFile(rotation, "utf8");
      const { mode, uid } = await stat(rotation);
      expect([mode & 0o777, uid]).toEqual([0o644, 0]);
      const webmailLogs = path.join(dir, "webmail", "log");
      expect(text).toContain(`${root()}/log/postfix.log ${root()}/log/dovecot.log {`);
      expect(text).not.toMatch(/@[A-Z_]+@/);
      // Folders a daemon's user can write are rotated as that user: root's logrotate would
      // otherwise follow links that user put there.
      expect(text).toContain(`${root()}/rspamd-state/rspamd.log {\n  su _rspamd _rspamd\n`);
      expect(text).toContain(`${webmailLogs}/*.log {\n  su ${WEBMAIL_USER} ${WEBMAIL_USER}\n`);
      const logs = [
        path.join(root(), "log", "postfix.log"),
        path.join(root(), "log", "dovecot.log"),
        path.join(root(), "rspamd-state", "rspamd.log"),
        path.join(webmailLogs, "errors.log"),
      ];
      // Roundcube logs only its errors (and what it sends): one, as its own user.
      await writeFile(logs[3] as string, "[27-Nov-2026 23:50:00 +0400]: erreur de test\n");
      await runProcess("chown", [`${WEBMAIL_USER}:${WEBMAIL_USER}`, logs[3] as string]);
      const before = new Map<string, { text: string; uid: number }>();
      for (const log of logs) {
        const content = await readFile(log, "utf8");
        expect(content.length, log).toBeGreaterThan(0);
        before.set(log, { text: content, uid: (await stat(log)).uid });
      }
      const state = path.join(dir, "logrotate.state");
      const { stderr } = await runProcess("logrotate", ["-f", "-s", state, rotation]);
      expect(stderr).toBe("");
      for (const log of logs) {
        const was = before.get(log) as { text: string; uid: number };
        // Copied whole to .1 (compressed only at the next rotation), the file itself emptied in
        // place: its writer goes on appending to it, its owner unchanged.
        expect(await readFile(`${log}.1`, "utf8"), log).toBe(was.text);
        expect((await stat(`${log}.1`)).uid, log).toBe(was.uid);
        const now = await stat(log);
        expect([now.size, now.uid], log).toEqual([0, was.uid]);
      }
    });

    it("refuses a value out of its shape, or a configuration a daemon refuses, and installs nothing", async () => {
      const before = await readFile(etc("postfix/main.cf"), "utf8");
      const webmailBefore = await readFile(etc("nginx/lagon-webmail.conf"), "utf8");
      for (const [overrides, refusal] of [
        [{ MAIL_HOSTNAME: "mail.exemple.re|x" }, /MAIL_HOSTNAME/],
        [{ RELAY_HOST: "relais;reboot" }, /RELAY_HOST/],
        [{ TLS_CERT: path.join(dir, "absent.pem") }, /TLS_CERT/],
        // Dovecot cannot read a key that is a folder.
        [{ TLS_KEY: path.join(dir, "tls") }, /TLS_KEY/],
        [{ RELAY_HOST: "[relais.exemple.net]:587", DOVECOT_BROKEN: "yes" }, /Dovecot refuses/],
        [{ RSPAMD_BROKEN: "yes" }, /rspamd refuses its configuration/],
        [{ LOGROTATE_BROKEN: "yes" }, /logrotate refuses logrotate\.conf/],
        [{ LOGROTATE_CONF: "/etc/logrotate.d/lagon mail" }, /LOGROTATE_CONF/],
        // The webmail's: PHP, php-fpm, nginx (a key given as the certificate), and its settings.
        [{ WEBMAIL_PHP_BROKEN: "yes" }, /PHP refuses Roundcube's config\.inc\.php/],
        [{ WEBMAIL_FPM_BROKEN: "yes" }, /php-fpm refuses the webmail's pool/],
        [{ WEBMAIL_TLS_CERT: path.join(dir, "webmail-tls", "private", "key.pem") }, /nginx refuses/],
        [{ WEBMAIL_HOSTNAME: "webmail.exemple.re;" }, /WEBMAIL_HOSTNAME/],
        [{ WEBMAIL_PORT: "443;" }, /WEBMAIL_PORT/],
        // A relay login without its relay, or with a password file others may read.
        [
          { RELAY_USER: "agence", RELAY_PASSWORD_FILE: relayPasswordFile() },
          /RELAY_USER: a login needs RELAY_HOST/,
        ],
        [
          {
            RELAY_HOST: "[relais.exemple.net]:587",
            RELAY_USER: "agence",
            RELAY_PASSWORD_FILE: path.join(dir, "tls", "cert.pem"),
          },
          /RELAY_PASSWORD_FILE: root's, mode 0600 or 0400/,
        ],
      ] as const) {
        // A dovecot.conf or an rspamd file its parser refuses, as a wrong generator would ship.
        for (const [name, broken, junk] of [
          ["dovecot.conf", "DOVECOT_BROKEN" in overrides, "reglage_inconnu = 1\n"],
          ["rspamd--local.d--actions.conf", "RSPAMD_BROKEN" in overrides, "reject = {{ ;\n"],
          ["webmail-config.inc.php", "WEBMAIL_PHP_BROKEN" in overrides, "$config['skin'] = ;\n"],
          ["webmail-php-fpm.conf", "WEBMAIL_FPM_BROKEN" in overrides, "pm = inconnu\n"],
          ["logrotate.conf", "LOGROTATE_BROKEN" in overrides, "rotate beaucoup\n"],
        ] as const) {
          const text = await readFile(path.join(CONF_DIR, name), "utf8");
          await writeFile(path.join(dir, "helper", "conf", name), broken ? `${text}${junk}` : text);
        }
        await writeFile(conf, settings(overrides), { mode: 0o600 });
        const error = (await configure().then(
          () => null,
          (e: ProcessError) => e,
        )) as ProcessError | null;
        expect(error?.stderr, JSON.stringify(overrides)).toMatch(refusal);
        expect(await readFile(etc("postfix/main.cf"), "utf8")).toBe(before);
        expect(await readFile(etc("nginx/lagon-webmail.conf"), "utf8")).toBe(webmailBefore);
      }
      await writeFile(conf, settings(), { mode: 0o600 });
    });
  });
});

/**
 * An SMTP submission up to its recipients: STARTTLS, AUTH PLAIN, MAIL FROM, then each RCPT TO;
 * the reply to each RCPT (Postfix asks the send-rate policy there).
 */
async function submitRecipients(port: number, user: string, password: string, recipients: string[]) {
  let socket: net.Socket | tls.TLSSocket = net.connect(port, "127.0.0.1");
  let buffer = "";
  let waiting: ((reply: string) => void) | undefined;
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString();
    // A reply ends with a line "NNN text" (not "NNN-text").
    const match = buffer.match(/(^|\n)(\d{3}) [^\n]*\n$/);
    if (match && waiting) {
      const reply = buffer.split("\n").filter(Boolean).at(-1) as string;
      buffer = "";
      const done = waiting;
      waiting = undefined;
      done(reply.trim());
    }
  };
  const next = () => new Promise<string>((resolve) => (waiting = resolve));
  const command = (line: string) => {
    const reply = next();
    socket.write(`${line}\r\n`);
    return reply;
  };
  socket.on("data", onData);
  await next();
  await command("EHLO essai.exterieur.test");
  expect(await command("STARTTLS")).toMatch(/^220/);
  socket.off("data", onData);
  socket = tls.connect({ socket, rejectUnauthorized: false });
  await new Promise((resolve) => socket.once("secureConnect", resolve));
  socket.on("data", onData);
  await command("EHLO essai.exterieur.test");
  expect(await command(`AUTH PLAIN ${Buffer.from(`\0${user}\0${password}`).toString("base64")}`)).toMatch(
    /^235/,
  );
  expect(await command(`MAIL FROM:<${user}>`)).toMatch(/^250/);
  const replies: string[] = [];
  for (const recipient of recipients) replies.push(await command(`RCPT TO:<${recipient}>`));
  await command("QUIT");
  socket.destroy();
  return replies;
}
