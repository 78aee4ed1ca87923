import type { KozaStatus, StepStatus } from "@lagon/contracts/orders";
import { and, arrayContains, desc, eq, inArray, isNull, lt, ne, not, or, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type Site, type SiteSetup, type SiteStepKey, sites } from "../db/schema.ts";

/**
 * What a site is before it has recorded anything: no host yet, not installed. Every order has its
 * site's row from its purchase on (decision 0109): only the site of an order that is not (or no
 * longer) there reads as this, nameless.
 */
export function blankSite(orderId: string): Site {
  return {
    orderId,
    name: "",
    host: null,
    setup: "pending",
    steps: {},
    wpAdminUrl: null,
    wpUsername: null,
    wpPasswordEnc: null,
    wpAppPasswordEnc: null,
    mailPasswordEnc: null,
    mailPasswordHash: null,
    contactEmail: null,
    kit: null,
    upgrades: [],
    screenshotAt: null,
    diskAlertAt: null,
    diskUsage: null,
    filledAt: null,
    leaseUntil: null,
    leaseHolder: null,
    kozaStatus: null,
    activatedAt: null,
  };
}

/**
 * The data access of `sites`, the hosted site each order made (decision 0067). A site's row is made
 * with its order (orders/create-paid-order.ts, decision 0109). Every write to `sites` and every
 * plain look-up of one site by a key is here (docs/architecture.md, data-access.test.ts).
 */
export async function getSite(db: Db, orderId: string): Promise<Site> {
  const [site] = await db.select().from(sites).where(eq(sites.orderId, orderId));
  return site ?? blankSite(orderId);
}

/** The sites of these orders, by order id (blank for those with no row yet). */
export async function getSites(db: Db, orderIds: readonly string[]): Promise<Map<string, Site>> {
  const rows = orderIds.length
    ? await db
        .select()
        .from(sites)
        .where(inArray(sites.orderId, [...orderIds]))
    : [];
  const byOrder = new Map(orderIds.map((id) => [id, blankSite(id)]));
  for (const row of rows) byOrder.set(row.orderId, row);
  return byOrder;
}

/** Makes the row of a new order's site, in its order's transaction (orders/create-paid-order.ts). */
export async function insertSite(db: Db, values: typeof sites.$inferInsert): Promise<void> {
  await db.insert(sites).values(values);
}

/** Whether a site other than this order's has that name. */
export async function otherSiteNamed(db: Db, name: string, orderId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: sites.orderId })
    .from(sites)
    .where(and(eq(sites.name, name), ne(sites.orderId, orderId)));
  return other !== undefined;
}

/** Records the site's WordPress host if it has none yet: a recorded host never changes (decision 0042). */
export async function recordSiteHost(db: Db, orderId: string, host: string): Promise<void> {
  await db
    .update(sites)
    .set({ host })
    .where(and(eq(sites.orderId, orderId), isNull(sites.host)));
}

/**
 * Adds a done upgrade's name to the site's list, in SQL: two upgrades of one site never overwrite
 * each other's name, and a name already there is not added twice.
 */
export async function addSiteUpgrade(db: Db, orderId: string, upgrade: string): Promise<void> {
  await db
    .update(sites)
    .set({ upgrades: sql`array_append(${sites.upgrades}, ${upgrade})` })
    .where(and(eq(sites.orderId, orderId), not(arrayContains(sites.upgrades, [upgrade]))));
}

/** Records these facts of an order's site (its row was made with the order). */
export async function updateSite(
  db: Db,
  orderId: string,
  patch: Partial<Omit<Site, "orderId" | "name">>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.update(sites).set(patch).where(eq(sites.orderId, orderId));
}

/**
 * Records one setup step's status and the time it changed, leaving the other steps untouched, and
 * the site's setup state with it when given: one statement, so readers never see one change
 * without the other.
 */
export async function setSiteStep(
  db: Db,
  orderId: string,
  step: SiteStepKey,
  status: StepStatus,
  setup?: SiteSetup,
): Promise<void> {
  const value = JSON.stringify({ status, timestamp: new Date().toISOString() });
  await db
    .update(sites)
    .set({
      steps: sql`jsonb_set(${sites.steps}, ${`{${step}}`}::text[], ${value}::jsonb, true)`,
      ...(setup ? { setup } : {}),
    })
    .where(eq(sites.orderId, orderId));
}

/**
 * Whether a site shows content of its own: Koza generated it, or its home page changed
 * (`filled_at`, directory/site-filled.ts). The predicate of the partial index sites_directory_idx,
 * written with literals so that the planner sees it is the index's own; for queries that join
 * `sites`.
 */
export const showsContent = sql`(${sites.kozaStatus} = 'completed' or ${sites.filledAt} is not null)`;

/** The directory's order, newest site first: the order of sites_directory_idx. */
export const directoryOrder = [desc(sites.activatedAt), desc(sites.orderId)];

/**
 * Moves the site's Koza state to `processing` if it is `from` (`regenerate`), or, with no `from`,
 * if it is neither running nor done (null included). One statement, so of two claims at once
 * exactly one wins. False when the state did not allow it.
 */
export async function claimKozaRun(db: Db, orderId: string, from?: KozaStatus): Promise<boolean> {
  const allowed = from
    ? eq(sites.kozaStatus, from)
    : sql`${sites.kozaStatus} is distinct from 'processing' and ${sites.kozaStatus} is distinct from 'completed'`;
  const rows = await db
    .update(sites)
    .set({ kozaStatus: "processing" })
    .where(and(eq(sites.orderId, orderId), allowed))
    .returning({ orderId: sites.orderId });
  return rows.length === 1;
}

/** Whether a job (provisioning, Koza, reinstall, update, backup) works on the site now. */
export const leaseHeld = (site: Pick<Site, "leaseUntil">) =>
  site.leaseUntil !== null && site.leaseUntil > new Date();

const leaseFree = () => or(isNull(sites.leaseUntil), lt(sites.leaseUntil, sql`now()`));
const inSeconds = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/**
 * Gives the site's lease to `holder` for `seconds` if it is free, expired, or held by `adopt`.
 * One statement (the second of two claims at once waits on the first's row, then finds it held),
 * so exactly one wins. False when another holds it, or the order does not exist.
 */
export async function takeSiteLease(
  db: Db,
  orderId: string,
  holder: string,
  seconds: number,
  adopt?: string,
): Promise<boolean> {
  const claimable = adopt ? or(leaseFree(), eq(sites.leaseHolder, adopt)) : leaseFree();
  const rows = await db
    .update(sites)
    .set({ leaseUntil: inSeconds(seconds), leaseHolder: holder })
    .where(and(eq(sites.orderId, orderId), claimable))
    .returning({ orderId: sites.orderId });
  return rows.length === 1;
}

/** Pushes back the end of `holder`'s lease; false if it is no longer theirs. */
export async function renewSiteLease(
  db: Db,
  orderId: string,
  holder: string,
  seconds: number,
): Promise<boolean> {
  const rows = await db
    .update(sites)
    .set({ leaseUntil: inSeconds(seconds) })
    .where(and(eq(sites.orderId, orderId), eq(sites.leaseHolder, holder)))
    .returning({ orderId: sites.orderId });
  return rows.length === 1;
}

/** Frees the site's lease if `holder` still has it. */
export async function releaseSiteLease(db: Db, orderId: string, holder: string): Promise<void> {
  await db
    .update(sites)
    .set({ leaseUntil: null, leaseHolder: null })
    .where(and(eq(sites.orderId, orderId), eq(sites.leaseHolder, holder)));
}

/**
 * Frees the leases past their end (every lease with `all`) and says who held them. Rows are
 * locked and cleared in one statement, so of several callers at once only one gets a given lease.
 */
export async function clearPastLeases(
  db: Db,
  all: boolean,
): Promise<{ orderId: string; holder: string | null }[]> {
  const result = (await db.execute(sql`
    with dead as (
      select order_id, lease_holder from ${sites}
      where lease_until is not null ${all ? sql`` : sql`and lease_until < now()`}
      for update skip locked
    )
    update ${sites} set lease_until = null, lease_holder = null
    from dead where ${sites.orderId} = dead.order_id
    returning dead.order_id as "orderId", dead.lease_holder as holder`)) as unknown as {
    rows: { orderId: string; holder: string | null }[];
  };
  return result.rows;
}
