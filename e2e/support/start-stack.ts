/**
 * The whole product as the e2e tests use it: the real server (built web app, PGlite, worker,
 * WordPress host) on a fresh data directory, plus a real SMTP server that writes every
 * message it receives to DATA_DIR/mailbox as a .eml file the tests can read.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../server/src/wordpress/site-checks.ts";
import { startPebble } from "../../server/test/pebble.ts";
import { startSmtpSink } from "../../server/test/smtp-sink.ts";

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? ".test-output/e2e-data");
const mailbox = path.join(dataDir, "mailbox");
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(mailbox, { recursive: true });

// The sites' core template, a copy of the project's (hard links, never written in place): a
// journey makes it newer to see an update offered and run (e2e/maintenance.spec.ts).
const coreDir = path.join(dataDir, "wordpress-core");
execFileSync("cp", ["-al", path.resolve(".wordpress"), coreDir]);

// Let's Encrypt's test authority and its DNS (Debian's `pebble`), so a journey can take a custom
// domain live: the custom-domain checks ask this DNS, where nothing is published unless a journey
// publishes it (e2e/support/test-dns.ts), and Pebble checks HTTP-01 on the sites' nginx.
const wpPort = Number(process.env.E2E_PORT ?? "3100") + 5000;
mkdirSync(path.join(dataDir, "pebble"));
const pebble = await startPebble(path.join(dataDir, "pebble"), wpPort, { defaultIPv4: "" });
writeFileSync(path.join(dataDir, "test-dns.json"), JSON.stringify({ management: pebble.dnsManagementUrl }));

let count = 0;
const smtp = await startSmtpSink((mail) => {
  count += 1;
  writeFileSync(path.join(mailbox, `${String(count).padStart(4, "0")}-${mail.to.join(",")}.eml`), mail.raw);
});

const server = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? "3100",
    WP_PORT: String(wpPort),
    WP_TLS_PORT: String(await freePort()),
    DNS_RESOLVER: pebble.dnsServer,
    ACME_DIRECTORY_URL: pebble.directoryUrl,
    ACME_DIRECTORY_CA: pebble.tlsCaFile,
    CUSTOM_DOMAIN_TARGET: "127.0.0.1",
    // E2E_MAIL_PORT_BASE: runs side by side whose E2E_PORTs are close would share mail ports.
    MAIL_PORT_BASE: process.env.E2E_MAIL_PORT_BASE ?? String(Number(process.env.E2E_PORT ?? "3100") + 6000),
    // The customers' sshd (SFTP of Libre sites, decision 0059).
    SFTP_PORT: String(Number(process.env.E2E_PORT ?? "3100") + 7000),
    DATA_DIR: dataDir,
    WP_CORE_DIR: coreDir,
    // No journey reaches the WordPress.org directory: a Business kit waits, as offline (decision 0058).
    WP_PLUGIN_SOURCE: path.join(dataDir, "plugin-source"),
    // The journeys see a broken site found out within minutes.
    MONITOR_SCHEDULE: "* * * * *",
    // No journey waits for a nightly, weekly or hourly pass: a run that crosses one of their hours
    // (BACKUP at 22:00 UTC, MAINTENANCE at 00:00 UTC) would do hidden work on every site and
    // change the journeys' timing. Backups, updates and screenshots are asked for by the journeys;
    // the order page reads the visit log itself.
    BACKUP_SCHEDULE: "off",
    BACKUP_DRILL_SCHEDULE: "off",
    MAINTENANCE_SCHEDULE: "off",
    DISK_ALERT_SCHEDULE: "off",
    SCREENSHOT_SCHEDULE: "off",
    VISITS_SCHEDULE: "off",
    // The sites' disk quota (a btrfs image, decision 0071) is proven by site-confinement.test.ts.
    SITE_QUOTA: "off",
    SMTP_URL: smtp.url,
    ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN,
    LOG_LEVEL: "warn",
    // A site joins the directory within a minute of its owner changing its home page.
    DIRECTORY_CHECK_SCHEDULE: "* * * * *",
    // The journeys buy dozens of sites from one address in minutes: more than a visitor may.
    RATE_LIMIT_ALLOW_LIST: "127.0.0.1,::1",
  },
});
const stop = () => {
  server.kill("SIGTERM");
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", async (code) => {
  await smtp.close();
  await pebble.stop();
  process.exit(code ?? 0);
});
