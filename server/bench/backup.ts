/**
 * npm run bench:backup [-- SITES] — the daily backup of SITES sites (default 100) on the
 * embedded defaults (local host, restic repository in DATA_DIR): the time of the first day's
 * run and the repository's size, then a page added to every site and the second day's run, with
 * the repository's growth. Shows the cost of backups per site (disk, time).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { backupAllSites } from "../src/backups/site-backups.ts";
import { loadConfig } from "../src/config.ts";
import { createContext } from "../src/create-context.ts";
import type { Order } from "../src/db/schema.ts";
import { allJobs } from "../src/jobs/all-jobs.ts";
import { createLogger } from "../src/logger.ts";
import { findShownOrder } from "../src/orders/orders-table.ts";
import { siteAdminRest } from "../src/sites/site-of.ts";
import { freePort } from "../src/wordpress/site-checks.ts";
import { givenPaidOrder } from "../test/factories.ts";

const SITES = Number(process.argv[2] ?? 100);
const config = loadConfig({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "lagon-bench-backup-")),
  WP_PORT: String(await freePort()),
  LOG_LEVEL: "silent",
  SERVE_WEB: "false",
});
const ctx = await createContext(config, createLogger("silent"), { jobs: allJobs });
await ctx.wordpress.start();
await ctx.queue.work(ctx);

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const repositoryBytes = () =>
  Number(execFileSync("du", ["-sb", config.BACKUP_REPOSITORY], { encoding: "utf8" }).split("\t")[0]);

let started = Date.now();
const ids: string[] = [];
for (let i = 0; i < SITES; i++) ids.push(await givenPaidOrder(ctx, { subdomain: `bench-${i}` }));
let sites: Order[] = [];
while (sites.length < SITES) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rows = (await Promise.all(ids.map((id) => findShownOrder(ctx.db, id)))).filter(
    (r) => r !== undefined,
  );
  if (rows.some((r) => r.status === "error")) throw new Error("a site could not be installed");
  sites = rows.filter((r) => r.status === "active");
}
console.log(`${SITES} sites installed in ${Math.round((Date.now() - started) / 1000)} s`);

const day1 = new Date();
started = Date.now();
const first = await backupAllSites(ctx, day1);
const firstSeconds = (Date.now() - started) / 1000;
const afterFirst = repositoryBytes();
console.log(
  `day 1: ${first.done} sites backed up in ${firstSeconds.toFixed(0)} s (${(firstSeconds / SITES).toFixed(2)} s a site), repository ${megabytes(afterFirst)} MB (${megabytes(afterFirst / SITES)} MB a site)`,
);
if (first.failed.length > 0) console.log(`day 1 failures: ${first.failed.join(", ")}`);

// A day of work on every site: one new page.
for (const site of sites) {
  const wp = await siteAdminRest(ctx, site);
  if (!wp) throw new Error(`${site.subdomain} has no WordPress credentials`);
  await wp.json("POST", "/wp/v2/pages", {
    title: "Nos horaires",
    content: "<!-- wp:paragraph --><p>Ouvert du mardi au samedi, de 8h à 18h.</p><!-- /wp:paragraph -->",
    status: "publish",
  });
}

started = Date.now();
const second = await backupAllSites(ctx, new Date(day1.getTime() + 24 * 60 * 60 * 1000));
const secondSeconds = (Date.now() - started) / 1000;
const growth = repositoryBytes() - afterFirst;
console.log(
  `day 2: ${second.done} sites backed up in ${secondSeconds.toFixed(0)} s (${(secondSeconds / SITES).toFixed(2)} s a site), repository +${megabytes(growth)} MB (+${(growth / SITES / 1024).toFixed(0)} KB a site)`,
);
await ctx.close();
console.log(
  `backup: sites=${SITES} day1=${firstSeconds.toFixed(0)}s repo=${megabytes(afterFirst)}MB day2=${secondSeconds.toFixed(0)}s growth=${megabytes(growth)}MB`,
);
