import { and, eq, isNull, lt, lte, ne, or } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type CustomDomain, customDomains } from "../db/schema.ts";

/**
 * The data access of `custom_domains`, an order's own domain and its life (requested, checked,
 * certified, live). Every write to the table and every plain look-up of one domain by a key is
 * here (docs/architecture.md, data-access.test.ts).
 */

/** The order's domain, locked until the transaction ends. */
export async function lockOrderCustomDomain(db: Db, orderId: string): Promise<CustomDomain | undefined> {
  const [current] = await db
    .select()
    .from(customDomains)
    .where(eq(customDomains.orderId, orderId))
    .for("update");
  return current;
}

/** Whether another order has that domain. */
export async function customDomainTakenByOther(db: Db, domain: string, orderId: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: customDomains.id })
    .from(customDomains)
    .where(and(eq(customDomains.domain, domain), ne(customDomains.orderId, orderId)));
  return taken !== undefined;
}

/** Records a requested domain; answers its id. */
export async function insertCustomDomain(
  db: Db,
  values: typeof customDomains.$inferInsert,
): Promise<number | undefined> {
  const [created] = await db.insert(customDomains).values(values).returning({ id: customDomains.id });
  return created?.id;
}

/** Removes a domain from its order. */
export async function deleteCustomDomain(db: Db, domainId: number): Promise<void> {
  await db.delete(customDomains).where(eq(customDomains.id, domainId));
}

/** Changes a domain's recorded fields. */
export async function updateCustomDomain(
  db: Db,
  domainId: number,
  values: Partial<typeof customDomains.$inferInsert>,
): Promise<void> {
  await db.update(customDomains).set(values).where(eq(customDomains.id, domainId));
}

/**
 * Takes the check lease of a domain due for a check and not being checked; answers the domain,
 * or nothing when it is not due, removed, or another worker holds it. One statement: two checks
 * at once give it to exactly one.
 */
export async function claimDomainCheck(
  db: Db,
  domainId: number,
  now: Date,
  leaseUntil: Date,
): Promise<CustomDomain | undefined> {
  const [domain] = await db
    .update(customDomains)
    .set({ checkLeaseUntil: leaseUntil })
    .where(
      and(
        eq(customDomains.id, domainId),
        lte(customDomains.nextCheckAt, now),
        or(isNull(customDomains.checkLeaseUntil), lt(customDomains.checkLeaseUntil, now)),
      ),
    )
    .returning();
  return domain;
}

/** A domain's check lease and next check date, if it still exists. */
export async function domainCheckLease(
  db: Db,
  domainId: number,
): Promise<{ lease: Date | null; next: Date | null } | undefined> {
  const [other] = await db
    .select({ lease: customDomains.checkLeaseUntil, next: customDomains.nextCheckAt })
    .from(customDomains)
    .where(eq(customDomains.id, domainId));
  return other;
}
