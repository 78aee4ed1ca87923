import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSystemUser } from "../lib/system-accounts.ts";
import { type ProcessError, runProcess } from "../wordpress/run-process.ts";
import { hostConfigTemplates } from "./host-config.ts";
import { MAIL_USER } from "./local-mail-host.ts";
import { ensureMailCertificate } from "./mail-tls.ts";
import { MAIL_HELPER_DIR, mailHelperFiles } from "./ssh-mail-host.ts";

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
        MAIL_HOSTNAME: "mail.exemple.re",
        TLS_CERT: path.join(dir, "tls", "cert.pem"),
        TLS_KEY: path.join(dir, "tls", "private", "key.pem"),
        RESTART_SERVICES: "echo redemarres",
        ...overrides,
      })
        .map(([k, v]) => `${k}='${v}'\n`)
        .join("");
    const configure = () =>
      runProcess("bash", [helper, "configure"], {
        env: { MAIL_HOST_CONF: conf, PATH: process.env.PATH ?? "" },
      });

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), "mail-conf-"));
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
      conf = path.join(dir, "mail-host.conf");
      await writeFile(conf, settings(), { mode: 0o600 });
    }, 30_000);

    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

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
        path.join(root(), "sieve", "pipe", "learn-ham"),
        path.join(root(), "rspamd", "override.d", "statistic.conf"),
      ];
      for (const file of installed) expect(await readFile(file, "utf8"), file).not.toMatch(/@[A-Z_]+@/);
      expect(await readFile(etc("default/postsrsd"), "utf8")).toContain("SRS_DOMAIN=mail.exemple.re");

      // Again (a new helper copied): the same password, the learn programs keep working.
      await configure();
      expect(await readFile(path.join(root(), "sieve", "learn.header"), "utf8")).toBe(header);
    });

    it("refuses a value out of its shape, or a configuration a daemon refuses, and installs nothing", async () => {
      const before = await readFile(etc("postfix/main.cf"), "utf8");
      for (const [overrides, refusal] of [
        [{ MAIL_HOSTNAME: "mail.exemple.re|x" }, /MAIL_HOSTNAME/],
        [{ RELAY_HOST: "relais;reboot" }, /RELAY_HOST/],
        [{ TLS_CERT: path.join(dir, "absent.pem") }, /TLS_CERT/],
        // Dovecot cannot read a key that is a folder.
        [{ TLS_KEY: path.join(dir, "tls") }, /TLS_KEY/],
        [{ RELAY_HOST: "[relais.exemple.net]:587", DOVECOT_BROKEN: "yes" }, /Dovecot refuses/],
      ] as const) {
        // A dovecot.conf its parser refuses (a setting it does not know), as a wrong generator would ship.
        const shipped = path.join(dir, "helper", "conf", "dovecot.conf");
        const text = await readFile(path.join(CONF_DIR, "dovecot.conf"), "utf8");
        await writeFile(shipped, "DOVECOT_BROKEN" in overrides ? `${text}reglage_inconnu = 1\n` : text);
        await writeFile(conf, settings(overrides), { mode: 0o600 });
        const error = (await configure().then(
          () => null,
          (e: ProcessError) => e,
        )) as ProcessError | null;
        expect(error?.stderr, JSON.stringify(overrides)).toMatch(refusal);
        expect(await readFile(etc("postfix/main.cf"), "utf8")).toBe(before);
      }
      await writeFile(conf, settings(), { mode: 0o600 });
    });
  });
});
