import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SITE_MAIL_MESSAGES } from "@lagon/contracts/site-mail";
import { describe, expect, it } from "vitest";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import type { Context } from "./context.ts";
import type { Db } from "./db/database.ts";
import type { Order, Site } from "./db/schema.ts";
import { createMailHost, siteMailSubmission, sshMailEndpoints } from "./mail-host/create-mail-host.ts";
import type { MailHost } from "./mail-host/mail-host.ts";
import { SshMailHost } from "./mail-host/ssh-mail-host.ts";
import { siteMailView } from "./site-mail/site-mail.ts";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "lagon-config-"));
/**
 * Tokens of 128 random bits, written out: a fresh draw of 32 hexadecimal characters is all digits
 * 1 time in 3.4 million, which scores 106 bits and is refused.
 */
const HEX_TOKEN = "5afbac8086e7d93505d4562163c1667f";
const OTHER_HEX_TOKEN = "67c2a65b6ac348beade67596c653d167";
const BASE64URL_TOKEN = "m6z3SJkrtBE_4p7A5kWHKjaG0_mNecP71e1QazRXvb8";

describe("configuration", () => {
  it("reads one WordPress host from WP_SSH_HOST, or several from WP_SSH_HOSTS with the single-host settings as defaults", () => {
    const ssh = { DATA_DIR: tmp(), WP_HOST: "ssh", WP_SSH_KEY: "/etc/lagon/wp_key", WP_SSH_USER: "lagon" };
    expect(loadConfig({ ...ssh, WP_SSH_HOST: "wp1.example.re" }).wpSshHosts).toEqual([
      expect.objectContaining({ name: "wp1.example.re", host: "wp1.example.re", port: 22, newSites: true }),
    ]);
    const hosts = [
      { host: "wp1.example.re", newSites: false },
      {
        name: "wp2",
        host: "wp2.example.re",
        port: 2222,
        key: "/etc/lagon/wp2_key",
        connectHost: "10.0.0.22",
      },
    ];
    const config = loadConfig({ ...ssh, WP_SSH_HOSTS: JSON.stringify(hosts) });
    expect(config.wpSshHosts).toEqual([
      expect.objectContaining({
        name: "wp1.example.re",
        key: "/etc/lagon/wp_key",
        user: "lagon",
        newSites: false,
      }),
      expect.objectContaining({
        name: "wp2",
        port: 2222,
        key: "/etc/lagon/wp2_key",
        connectHost: "10.0.0.22",
        newSites: true,
      }),
    ]);
    expect(loadConfig({ DATA_DIR: tmp() }).wpSshHosts).toEqual([]);
    const connect = { ...ssh, WP_SSH_CONNECT_HOST: "10.0.0.21" };
    expect(loadConfig({ ...connect, WP_SSH_HOST: "wp1" }).wpSshHosts[0]?.connectHost).toBe("10.0.0.21");
    const listed = loadConfig({ ...connect, WP_SSH_HOSTS: '[{"host":"wp1"},{"host":"wp2"}]' }).wpSshHosts;
    expect(listed.map((h) => h.connectHost)).toEqual([undefined, undefined]);
  });

  it("refuses WordPress hosts it could not use, naming the setting", () => {
    const ssh = { DATA_DIR: tmp(), WP_HOST: "ssh" };
    const refused = (env: Record<string, string>) => () => loadConfig({ ...ssh, ...env });
    expect(refused({})).toThrow(/WP_SSH_HOST ou WP_SSH_HOSTS : requis/);
    expect(refused({ WP_SSH_HOST: "wp1" })).toThrow(/WP_SSH_KEY : requis pour l'hôte WordPress wp1/);
    expect(refused({ WP_SSH_HOSTS: "[{host: wp1}]" })).toThrow(/WP_SSH_HOSTS : liste JSON illisible/);
    expect(refused({ WP_SSH_HOSTS: "[]" })).toThrow(/WP_SSH_HOSTS : au moins un hôte/);
    const key = { WP_SSH_KEY: "/k" };
    expect(refused({ ...key, WP_SSH_HOSTS: '[{"host":"a","prot":2}]' })).toThrow(/WP_SSH_HOSTS/);
    expect(refused({ ...key, WP_SSH_HOSTS: '[{"host":"a"},{"name":"a","host":"b"}]' })).toThrow(
      /le nom a est donné à deux hôtes/,
    );
    expect(refused({ ...key, WP_SSH_HOSTS: '[{"host":"a","newSites":false}]' })).toThrow(
      /aucun hôte ne prend de nouveaux sites/,
    );
  });

  it("reads an SSH mail host, refuses one it could not reach, and sends the sites to its submission port", () => {
    const ssh = { DATA_DIR: tmp(), MAIL_HOST: "ssh", BASE_DOMAIN: "lagon-sites.re" };
    const refused = (env: Record<string, string>) => () => loadConfig({ ...ssh, ...env });
    expect(refused({})).toThrow(
      /MAIL_SSH_HOST : requis avec MAIL_HOST=ssh .* ; MAIL_SSH_KEY : requis avec MAIL_HOST=ssh/,
    );
    expect(refused({ MAIL_SSH_HOST: "mail1" })).toThrow(/^Configuration invalide : MAIL_SSH_KEY : requis/);
    expect(refused({ MAIL_SSH_HOST: "mail1", MAIL_SSH_KEY: "cle" })).toThrow(/MAIL_SSH_KEY : chemin absolu/);
    expect(refused({ MAIL_HOST: "distant" })).toThrow(/MAIL_HOST/);
    const config = loadConfig({ ...ssh, MAIL_SSH_HOST: "10.0.0.30", MAIL_SSH_KEY: "/etc/lagon/mail_key" });
    // Every process shares it, the API's and the workers' too.
    for (const ROLE of ["all", "api", "worker"] as const) {
      const host = createMailHost({ ...config, ROLE }, {} as Db);
      expect(host).toBeInstanceOf(SshMailHost);
      expect(host?.endpoints()).toEqual({
        host: "mail.lagon-sites.re",
        smtpPort: 25,
        submissionPort: 587,
        imapPort: 143,
        webmailUrl: "https://webmail.lagon-sites.re/",
        tls: { serverName: "mail.lagon-sites.re", caFile: undefined },
      });
    }
    // A public name: the sites' firewall lets it through; a private address is written for it.
    expect(siteMailSubmission(config)).toBeUndefined();
    const private_ = { ...config, MAIL_PUBLIC_HOST: "10.0.0.30", MAIL_SUBMISSION_PORT: 2587 };
    expect(siteMailSubmission(private_)).toBe("10.0.0.30:2587");
    expect(sshMailEndpoints(private_).tls.serverName).toBe("mail.lagon-sites.re");
    // The agency's own webmail when it names one.
    expect(sshMailEndpoints({ ...config, WEBMAIL_URL: "https://courriel.exemple.re/" }).webmailUrl).toBe(
      "https://courriel.exemple.re/",
    );
    // Sites of SSH WordPress hosts reach an SSH mail host (not the embedded one): they get a sender.
    const order = {
      subdomain: "boulangerie",
      customerEmail: "a@b.re",
      payment: { status: "completed", timestamp: null },
    } as Order;
    const site = { setup: "active", contactEmail: null, wpAppPasswordEnc: "x" } as Site;
    const started = { isStarted: () => true } as MailHost;
    const view = (mail: "ssh" | "local") =>
      siteMailView(
        { config: { ...config, WP_HOST: "ssh", MAIL_HOST: mail }, mailHost: started },
        order,
        site,
      );
    expect(view("ssh")).toMatchObject({
      sender: "wordpress@boulangerie.lagon-sites.re",
      unavailable_reason: null,
    });
    expect(view("local")).toMatchObject({ sender: null, unavailable_reason: SITE_MAIL_MESSAGES.sendingOff });
  });

  it("starts on embedded defaults and generates the admin token once", () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({
      PORT: 3000,
      BASE_DOMAIN: "localhost",
      PUBLIC_URL: "http://localhost:3000",
    });
    expect(first.DATABASE_URL).toBeUndefined();
    expect(first.ADMIN_TOKEN).toMatch(/^[0-9a-f]{64}$/);
    expect(first.adminTokenFile).toBe(path.join(dir, "secrets", "admin-token"));
    expect(readFileSync(path.join(dir, "secrets", "admin-token"), "utf8")).toBe(first.ADMIN_TOKEN);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.ADMIN_TOKEN).toBe(first.ADMIN_TOKEN);
    expect(second.adminTokenFile).toBe(first.adminTokenFile);
    const given = HEX_TOKEN;
    expect(loadConfig({ DATA_DIR: dir, ADMIN_TOKEN: given })).toMatchObject({
      ADMIN_TOKEN: given,
      adminTokenFile: undefined,
    });
  });

  it("accepts an ADMIN_TOKEN of at least 128 random bits and refuses a guessable one", () => {
    for (const token of [OTHER_HEX_TOKEN, BASE64URL_TOKEN]) {
      expect(loadConfig({ DATA_DIR: tmp(), ADMIN_TOKEN: token }).ADMIN_TOKEN).toBe(token);
    }
    for (const token of [
      "a".repeat(24),
      "a".repeat(200),
      "motdepasse-admin",
      randomBytes(12).toString("hex"),
    ]) {
      expect(() => loadConfig({ DATA_DIR: tmp(), ADMIN_TOKEN: token })).toThrow(
        /^Configuration invalide : ADMIN_TOKEN : trop prévisible/,
      );
    }
  });

  it("stops the boot on a stored secret changed by hand into something unusable", () => {
    const dir = tmp();
    loadConfig({ DATA_DIR: dir });
    writeFileSync(path.join(dir, "secrets", "admin-token"), "admin");
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/admin-token : jeton trop prévisible/);
    rmSync(path.join(dir, "secrets", "admin-token"));
    writeFileSync(path.join(dir, "secrets", "secret-key"), "abc");
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/secret-key : clé illisible/);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ CONTACT_EMAIL: "pas-un-email" }, "CONTACT_EMAIL"],
    [{ ADMIN_TOKEN: "court" }, "ADMIN_TOKEN"],
    [{ STRIPE_SECRET_KEY: "sk_test_x" }, "STRIPE_WEBHOOK_SECRET"],
    [{ BACKUP_SCHEDULE: "chaque nuit" }, "BACKUP_SCHEDULE"],
    [{ BACKUP_PASSWORD: "court" }, "BACKUP_PASSWORD"],
    [{ BACKUP_KEEP_DAILY: "0" }, "BACKUP_KEEP_DAILY"],
    [{ DATABASE_URL: "postgres://db/lagon", ROLE: "worker" }, "SECRET_KEY, ADMIN_TOKEN"],
    [{ MAIL_TLS_CERT: "/etc/ssl/mail.pem" }, "MAIL_TLS_CERT, MAIL_TLS_KEY"],
    [{ MAIL_TLS_CERT: "mail.pem", MAIL_TLS_KEY: "/etc/ssl/mail.key" }, "MAIL_TLS_CERT"],
    [
      { MAIL_RELAY_HOST: "[relais.test]:587", MAIL_RELAY_USER: "agence" },
      "MAIL_RELAY_USER, MAIL_RELAY_PASSWORD_FILE",
    ],
    [{ MAIL_RELAY_USER: "agence", MAIL_RELAY_PASSWORD_FILE: "/etc/lagon/relais" }, "MAIL_RELAY_HOST"],
    [{ MAIL_RELAY_USER: "agence x", MAIL_RELAY_PASSWORD_FILE: "/etc/lagon/relais" }, "MAIL_RELAY_USER"],
    [
      { MAIL_RELAY_USER: "agence", MAIL_RELAY_PASSWORD_FILE: "relais", MAIL_RELAY_HOST: "r.test" },
      "MAIL_RELAY_PASSWORD_FILE",
    ],
  ])("stops the boot on a bad value and names it: %o", (env, name) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(name);
    // One line, so that a start-up failure ends with one readable line.
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(/^Configuration invalide : [^\n]+$/);
  });

  it("serves the local test checkout on a loopback PUBLIC_URL only, unless LOCAL_TEST_PAYMENTS=on", () => {
    for (const url of [
      "http://localhost:3000",
      "http://LOCALHOST.:3000/",
      "http://boutique.localhost:8080",
      "http://127.0.0.1:3600",
      "http://127.8.9.10",
      "http://[::1]:3000",
      "http://[::ffff:127.0.0.1]:3000",
    ]) {
      expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: url }).PUBLIC_URL).toBe(url.replace(/\/$/, ""));
    }
    for (const url of [
      "https://www.lagon-digital.re",
      "http://192.168.1.10:3000",
      "http://10.0.0.5",
      "http://0.0.0.0:3000",
      "http://[::]:3000",
      "http://localhost.lagon-digital.re",
      "http://127.0.0.1.nip.io",
    ]) {
      expect(() => loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: url })).toThrow(
        /^Configuration invalide : PUBLIC_URL : [^\n]+ n'est pas une adresse locale, et sans STRIPE_SECRET_KEY [^\n]+LOCAL_TEST_PAYMENTS=on[^\n]+$/,
      );
      expect(() => loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: url, LOCAL_TEST_PAYMENTS: "off" })).toThrow(
        ConfigError,
      );
      expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: url, LOCAL_TEST_PAYMENTS: "on" }).PUBLIC_URL).toBe(
        url,
      );
    }
    const stripe = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    const prices = { STRIPE_PRICE_STARTER: "p1", STRIPE_PRICE_BUSINESS: "p2", STRIPE_PRICE_LIBRE: "p3" };
    expect(
      loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: "https://www.lagon-digital.re", ...stripe, ...prices })
        .PUBLIC_URL,
    ).toBe("https://www.lagon-digital.re");
    expect(() => loadConfig({ DATA_DIR: tmp(), LOCAL_TEST_PAYMENTS: "oui" })).toThrow(/LOCAL_TEST_PAYMENTS/);
  });

  it("backs up into DATA_DIR/backups by default, with a password derived from the secret key", () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.BACKUP_REPOSITORY).toBe(path.join(dir, "backups"));
    expect(first.BACKUP_PASSWORD).toMatch(/^[0-9a-f]{64}$/);
    expect(first.BACKUP_PASSWORD).not.toContain(first.SECRET_KEY);
    expect(loadConfig({ DATA_DIR: dir }).BACKUP_PASSWORD).toBe(first.BACKUP_PASSWORD);
    expect(loadConfig({ DATA_DIR: tmp() }).BACKUP_PASSWORD).not.toBe(first.BACKUP_PASSWORD);
    expect(first).toMatchObject({
      BACKUP_SCHEDULE: "0 2 * * *",
      BACKUP_KEEP_DAILY: 7,
      BACKUP_KEEP_WEEKLY: 4,
      BACKUP_KEEP_MONTHLY: 12,
    });
  });

  it("turns each configurable schedule off with « off », and no job then runs on it", async () => {
    const names = [
      "BACKUP_SCHEDULE",
      "BACKUP_DRILL_SCHEDULE",
      "MAINTENANCE_SCHEDULE",
      "MONITOR_SCHEDULE",
      "DISK_ALERT_SCHEDULE",
      "SCREENSHOT_SCHEDULE",
      "VISITS_SCHEDULE",
    ] as const;
    const on = loadConfig({ DATA_DIR: tmp() });
    const off = loadConfig({ DATA_DIR: tmp(), ...Object.fromEntries(names.map((name) => [name, " off "])) });
    for (const name of names) expect(off[name]).toBe("off");
    expect(() => loadConfig({ DATA_DIR: tmp(), BACKUP_DRILL_SCHEDULE: "hebdo" })).toThrow(
      /BACKUP_DRILL_SCHEDULE/,
    );
    const { allJobs } = await import("./jobs/all-jobs.ts");
    const { alertMissedBackups } = await import("./backups/missed-backups.ts");
    const scheduled = (config: Config) =>
      allJobs.filter((job) => job.cron?.({ config } as Context)).map((job) => job.name);
    // The missed-backup check goes with the nightly backup: without it, no backup is ever due.
    expect(
      scheduled(on)
        .filter((name) => !scheduled(off).includes(name))
        .sort(),
    ).toEqual([
      "backup-all-sites",
      "check-missed-backups",
      "disk-alerts",
      "monitor-sites",
      "read-all-site-visits",
      "restore-drill",
      "screenshot-sites",
      "update-sites",
    ]);
    expect(await alertMissedBackups({ config: off } as Context)).toEqual([]);
  });

  it("keeps generated secrets private to their owner", () => {
    const dir = tmp();
    loadConfig({ DATA_DIR: dir });
    for (const name of ["secret-key", "admin-token"]) {
      expect(statSync(path.join(dir, "secrets", name)).mode & 0o777).toBe(0o600);
    }
    expect(statSync(path.join(dir, "secrets")).mode & 0o777).toBe(0o700);
  });
});
