import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { PassThrough, Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { and, count, eq, inArray } from "drizzle-orm";
import type { Context } from "../context.ts";
import { mailboxes, type Order, orders, siteBackups, sites, subscriptions } from "../db/schema.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { orderColumns } from "../orders/orders-table.ts";
import { runStreaming } from "../wordpress/run-process.ts";
import { mailDomainsOf, mailRestoreScope } from "./order-mail-domain.ts";

/**
 * A site's mail follows the site (decision 0066): suspended with it (nothing received, senders
 * told to retry; nothing sent; mailboxes kept), backed up and restored with it, kept in its final
 * copy when it is archived.
 */

/** One archive name per site's mail: restic's retention groups its snapshots apart from the site's. */
export const mailArchiveName = (subdomain: string) => `${subdomain}.mail.tar`;

async function hasMailboxes(ctx: Pick<Context, "db">, order: Order): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(mailboxes).where(eq(mailboxes.orderId, order.id));
  return (row?.n ?? 0) > 0;
}

/**
 * Suspends the site's mail domains, or lifts it. A host that is not running is brought to the
 * subscriptions' states when it starts (`restoreSuspensions`).
 */
export async function setOrderMailSuspended(
  ctx: Pick<Context, "config" | "db" | "mailHost">,
  order: Order,
  suspended: boolean,
): Promise<void> {
  if (!ctx.mailHost?.isStarted()) return;
  await ctx.mailHost.setSuspended(await mailDomainsOf(ctx, order), suspended);
}

/** At the host's start: the mail domains of every site with mailboxes suspended or not, as its subscription says. */
export async function restoreSuspensions(ctx: Pick<Context, "config" | "db" | "mailHost">): Promise<void> {
  const host = ctx.mailHost;
  if (!host) return;
  const rows = await ctx.db
    .select({ order: orderColumns, siteState: subscriptions.siteState })
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .leftJoin(subscriptions, eq(subscriptions.orderId, orders.id))
    .where(
      and(
        inArray(orders.id, ctx.db.selectDistinct({ id: mailboxes.orderId }).from(mailboxes)),
        mailRestoreScope(ctx, orders.id),
      ),
    );
  const suspended: string[] = [];
  const online: string[] = [];
  for (const { order, siteState } of rows)
    (siteState && siteState !== "online" ? suspended : online).push(...(await mailDomainsOf(ctx, order)));
  await host.setSuspended(online, false);
  await host.setSuspended(suspended, true);
}

/** Backs up the site's mailboxes beside the site (null when it has none, or no mail host). */
export async function backupOrderMail(
  ctx: Pick<Context, "config" | "db" | "mailHost" | "backups">,
  order: Order,
  time?: Date,
): Promise<{ id: string; sizeBytes: number } | null> {
  const host = ctx.mailHost;
  if (!host || !(await hasMailboxes(ctx, order))) return null;
  const domains = await mailDomainsOf(ctx, order);
  return ctx.backups.backup(
    mailArchiveName(order.subdomain),
    [`site=${order.subdomain}`, "kind=mail"],
    (into: Writable) => host.exportMail(domains, into),
    time,
  );
}

/** Puts the site's mailboxes back as they were in a backup's mail snapshot. */
export async function restoreOrderMail(
  ctx: Pick<Context, "config" | "db" | "mailHost" | "backups">,
  order: Order,
  backup: { subdomain: string; mailSnapshotId: string | null },
): Promise<void> {
  const host = ctx.mailHost;
  if (!backup.mailSnapshotId) return;
  if (!host) throw new Error("no mail host to restore the mailboxes on");
  const domains = await mailDomainsOf(ctx, order);
  // Read whole before the host is touched, as the site's archive: a repository failing midway
  // leaves the mailboxes as they were.
  const scratch = path.join(ctx.config.DATA_DIR, "tmp");
  await mkdir(scratch, { recursive: true, mode: 0o700 });
  const file = path.join(scratch, `restore-mail-${randomBytes(6).toString("hex")}.tar`);
  try {
    const out = createWriteStream(file, { mode: 0o600 });
    await ctx.backups.dump(backup.mailSnapshotId, mailArchiveName(backup.subdomain), out);
    out.end();
    await finished(out);
    for (const domain of domains) await host.addDomain(domain);
    await host.importMail(domains, createReadStream(file));
  } finally {
    await rm(file, { force: true });
  }
  await addOrderLog(ctx.db, order.id, {
    level: "info",
    action: "mailbox",
    details: "Adresses e-mail restaurées avec le site.",
  });
}

/** A message file of a Maildir, in the archive: <domain>/<local>/Maildir/[.<folder>/](cur|new)/<file>. */
const MESSAGE_ENTRY = /^([^/]+\/[^/]+)\/Maildir\/(?:\.[^/]+\/)?(?:cur|new)\/[^/]+$/;

/**
 * The restore drill's look at a backup's mail (decision 0070): its snapshot is read whole from
 * the repository (restic checks each piece it reads) and listed by tar, without touching the mail
 * host. Throws (French) when it cannot be read or holds anything but the site's mail domains;
 * answers what it holds, or null when the backup has no mail.
 */
export async function checkMailSnapshot(
  ctx: Pick<Context, "config" | "db" | "backups">,
  order: Order,
  backup: { subdomain: string; mailSnapshotId: string | null },
): Promise<{ mailboxes: number; messages: number } | null> {
  if (!backup.mailSnapshotId) return null;
  const domains = new Set(await mailDomainsOf(ctx, order));
  const tar = new PassThrough();
  const chunks: Buffer[] = [];
  const listing = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const listed = runStreaming("/usr/bin/tar", ["-t", "-f", "-"], {
    env: { PATH: "/usr/bin:/bin", LC_ALL: "C" },
    stdin: tar,
    stdout: listing,
  });
  try {
    await ctx.backups.dump(backup.mailSnapshotId, mailArchiveName(backup.subdomain), tar);
    tar.end();
    await listed;
  } catch (error) {
    // tar sees the end of what came and exits; its own verdict no longer matters.
    tar.end();
    await listed.catch(() => {});
    throw new Error(`le courrier de la sauvegarde est illisible (${(error as Error).message.slice(0, 200)})`);
  }
  const entries = Buffer.concat(chunks).toString("utf8").split("\n").filter(Boolean);
  const strangers = entries.filter((entry) => !domains.has(entry.split("/")[0] as string));
  if (strangers.length > 0)
    throw new Error(`le courrier de la sauvegarde contient autre chose que ses domaines : ${strangers[0]}`);
  const boxes = new Set<string>();
  let messages = 0;
  for (const entry of entries) {
    const box = entry.match(MESSAGE_ENTRY)?.[1];
    if (!box) continue;
    boxes.add(box);
    messages += 1;
  }
  return { mailboxes: boxes.size, messages };
}

/**
 * The site is removed from its host (archived, decision 0113): its mail domains leave the mail
 * host with everything on them (mailboxes and their mail, aliases and forwards, replies, the
 * site's sender login, DKIM keys), once the final copy `location` holds their mail. Without such
 * a copy of a site that has mailboxes, nothing is deleted: the domains stay, suspended, and the
 * order's log says why. Refuses (throws) for a site that is not being removed. Answers the
 * order log's line.
 */
export async function removeOrderMail(
  ctx: Pick<Context, "config" | "db" | "mailHost">,
  order: Order,
  location: string | null,
): Promise<{ level: "info" | "warning"; details: string } | null> {
  const host = ctx.mailHost;
  if (!host) return null;
  const [sub] = await ctx.db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, order.id));
  if (sub?.status !== "archived") throw new Error(`the site of ${order.id} is not archived: its mail stays`);
  const domains = await mailDomainsOf(ctx, order);
  const later = (why: string) => ({
    level: "warning" as const,
    details: `${domains.length > 1 ? "Les domaines" : "Le domaine"} e-mail ${listDomains(domains)} ${domains.length > 1 ? "restent" : "reste"} sur l'hébergement e-mail (${why}) : ${domains.length > 1 ? "ils seront retirés" : "il sera retiré"} à son prochain démarrage.`,
  });
  if (!host.isStarted()) return later("messagerie arrêtée");
  if (await hasMailboxes(ctx, order)) {
    const [copy] = location
      ? await ctx.db
          .select({ mail: siteBackups.mailSnapshotId })
          .from(siteBackups)
          .where(and(eq(siteBackups.id, location), eq(siteBackups.orderId, order.id)))
      : [];
    if (!copy?.mail) {
      await host.setSuspended(domains, true);
      return {
        level: "warning",
        details: `Les adresses e-mail du site ne sont dans aucune copie finale : ${listDomains(domains)} ${domains.length > 1 ? "restent" : "reste"} sur l'hébergement e-mail, ${domains.length > 1 ? "suspendus" : "suspendu"}, avec leur courrier (rien n'est supprimé).`,
      };
    }
  }
  try {
    for (const domain of domains) await host.removeDomain(domain);
  } catch (error) {
    return later(`messagerie injoignable : ${(error as Error).message.slice(0, 200)}`);
  }
  return {
    level: "info",
    details: `${domains.length > 1 ? "Domaines" : "Domaine"} e-mail ${listDomains(domains)} ${domains.length > 1 ? "retirés" : "retiré"} de l'hébergement e-mail : adresses, alias et renvois, réponses automatiques, clé DKIM et courrier (celui-ci est dans la copie finale).`,
  };
}

const listDomains = (domains: string[]) => domains.join(" et ");

/**
 * At the host's start: the mail domains of archived sites it still serves (a removal it missed,
 * being stopped or unreachable then) are removed now, as `removeOrderMail` does, with a line in
 * the order's log.
 */
export async function removeLeftMailDomains(
  ctx: Pick<Context, "config" | "db" | "mailHost">,
): Promise<number> {
  const host = ctx.mailHost;
  if (!host) return 0;
  const present = new Set(await host.domains());
  if (present.size === 0) return 0;
  const rows = await ctx.db
    .select({ order: orderColumns, location: subscriptions.archiveLocation })
    .from(orders)
    .innerJoin(sites, eq(sites.orderId, orders.id))
    .innerJoin(subscriptions, eq(subscriptions.orderId, orders.id))
    .where(and(eq(subscriptions.status, "archived"), eq(subscriptions.siteState, "removed")));
  let removed = 0;
  for (const { order, location } of rows) {
    if (!(await mailDomainsOf(ctx, order)).some((domain) => present.has(domain))) continue;
    const line = await removeOrderMail(ctx, order, location);
    // Only a removal is said: a site whose mail is in no copy keeps its domains at each start.
    if (line?.level !== "info") continue;
    removed += 1;
    await addOrderLog(ctx.db, order.id, { ...line, action: "mailbox" });
  }
  return removed;
}
