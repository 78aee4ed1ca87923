import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { givenPaidOrder } from "../../test/factories.ts";
import { waitFor } from "../../test/smtp-sink.ts";
import { createTestContext } from "../../test/test-context.ts";
import type { Context } from "../context.ts";
import { getSite, updateSite } from "../sites/sites-table.ts";
import { defineJob } from "./job-queue.ts";
import {
  claimForQueuedJob,
  claimOrderLease,
  LEASE_SECONDS,
  LeaseLost,
  sweepDeadLeases,
} from "./order-lease.ts";

/** A job that waits until told, counting how many of its runs are under way at once. */
const gate = { open: false, running: 0, most: 0, done: 0 };
const slowJob = defineJob({
  name: "slow-test-job",
  payload: z.object({ n: z.number() }),
  retryLimit: 2,
  retryDelaySeconds: 1,
  expireInSeconds: 3600,
  concurrency: 3,
  async handle() {
    gate.running++;
    gate.most = Math.max(gate.most, gate.running);
    await waitFor(() => gate.open || undefined, 60_000);
    gate.running--;
    gate.done++;
  },
});

describe("order leases and job concurrency", () => {
  let ctx: Context;
  let orderId: string;
  const lease = () => getSite(ctx.db, orderId);
  beforeAll(async () => {
    ctx = await createTestContext({}, [slowJob]);
    orderId = await givenPaidOrder(ctx, { subdomain: "bail-test" });
  });
  afterAll(() => ctx?.close());
  afterEach(() => vi.useRealTimers());

  it("lets one run hold a site at a time, until it releases it", async () => {
    const first = await claimOrderLease(ctx, orderId, { name: "provision-order", id: "run-1" });
    expect(first).not.toBeNull();
    expect(await claimOrderLease(ctx, orderId, { name: "provision-order", id: "run-2" })).toBeNull();
    expect(await claimForQueuedJob(ctx, orderId, "reinstall-wordpress")).toBeNull();
    expect((await lease()).leaseHolder).toMatch(/^provision-order:run-1:[0-9a-f]{12}$/);
    await first?.release();
    expect(await lease()).toMatchObject({ leaseUntil: null, leaseHolder: null });
    const second = await claimOrderLease(ctx, orderId, { name: "provision-order", id: "run-2" });
    expect(second).not.toBeNull();
    await second?.release();

    // A job queued with the lease adopts it when it starts; no other run can take it meanwhile.
    const queued = await claimForQueuedJob(ctx, orderId, "reinstall-wordpress");
    expect(queued).toMatch(/^reinstall-wordpress:queued:/);
    expect(await claimOrderLease(ctx, orderId, { name: "update-site", id: "run-3" })).toBeNull();
    const adopted = await claimOrderLease(
      ctx,
      orderId,
      { name: "reinstall-wordpress", id: "run-4" },
      queued ?? "",
    );
    expect(adopted).not.toBeNull();
    await adopted?.release();
  });

  it("gives a site with no row yet to exactly one of several claims at once, and none for an order that is not", async () => {
    const fresh = await givenPaidOrder(ctx, { subdomain: "bail-neuf" });
    expect(await getSite(ctx.db, fresh)).toMatchObject({ leaseUntil: null });
    const claims = await Promise.all(
      [1, 2, 3, 4].map((n) => claimOrderLease(ctx, fresh, { name: "provision-order", id: `race-${n}` })),
    );
    const won = claims.filter((c) => c !== null);
    expect(won).toHaveLength(1);
    expect(await claimForQueuedJob(ctx, fresh, "reinstall-wordpress")).toBeNull();
    await won[0]?.release();
    expect(await claimOrderLease(ctx, randomUUID(), { name: "provision-order", id: "none" })).toBeNull();
  });

  it("renews the lease while a long step runs, and stops a run whose lease was taken over", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const held = await claimOrderLease(ctx, orderId, { name: "provision-order", id: "long" });
    // Minutes of SSH: the lease is about to end, the heartbeat pushes it back.
    await updateSite(ctx.db, orderId, { leaseUntil: new Date(Date.now() + 1000) });
    await vi.advanceTimersByTimeAsync(15_000);
    await waitFor(async () => {
      const until = (await lease()).leaseUntil as Date;
      return until.getTime() - Date.now() > (LEASE_SECONDS - 10) * 1000 || undefined;
    });
    expect(await claimOrderLease(ctx, orderId, { name: "provision-order", id: "other" })).toBeNull();
    held?.check();

    // A run frozen past its lease: another took the site; the first stops at its next step.
    await updateSite(ctx.db, orderId, { leaseHolder: "provision-order:other:abc" });
    await vi.advanceTimersByTimeAsync(15_000);
    await waitFor(() => {
      try {
        held?.check();
        return undefined;
      } catch (err) {
        return err;
      }
    }).then((err) => expect(err).toBeInstanceOf(LeaseLost));
    await held?.release();
    expect((await lease()).leaseHolder).toBe("provision-order:other:abc");
    await updateSite(ctx.db, orderId, { leaseUntil: null, leaseHolder: null });
  });

  it("hands the job of a dead worker's lease back to the queue at once", async () => {
    const jobId = (await ctx.queue.send(slowJob, { n: 0 })) as string;
    // Its worker died: the lease is past and nobody renews it.
    await updateSite(ctx.db, orderId, {
      leaseUntil: new Date(Date.now() - 1000),
      leaseHolder: `${slowJob.name}:${jobId}:dead`,
    });
    const live = await givenPaidOrder(ctx, { subdomain: "bail-vivant" });
    const held = await claimOrderLease(ctx, live, { name: "provision-order", id: "alive" });

    expect(await sweepDeadLeases(ctx)).toBe(1);
    expect(await lease()).toMatchObject({ leaseUntil: null, leaseHolder: null });
    const { rows } = await ctx.database.sql.executeSql("select state, output from pgboss.job where id = $1", [
      jobId,
    ]);
    expect(rows).toEqual([
      { state: "retry", output: { message: "Le processus qui traitait cette tâche s'est arrêté." } },
    ]);
    // A live run's lease is left alone, and a second sweep finds nothing.
    expect(await sweepDeadLeases(ctx)).toBe(0);
    await held?.release();
  });

  it("runs as many jobs of a kind at once as its concurrency says", async () => {
    // Queued before the workers start: each worker's first fetch, sent as it starts, takes one.
    for (let n = 1; n <= 5; n++) await ctx.queue.send(slowJob, { n });
    await ctx.queue.work(ctx);
    await waitFor(() => gate.running >= 3 || undefined, 30_000);
    // Every worker sent its first fetch before work() returned, long before this read (PGlite
    // answers its one connection in order): a fourth worker would hold a fourth job.
    const { rows } = await ctx.database.sql.executeSql(
      `select count(*) filter (where state = 'active')::int as active,
         count(*) filter (where state = 'created')::int as waiting
       from pgboss.job where name = $1`,
      [slowJob.name],
    );
    const [jobs] = rows as { active: number; waiting: number }[];
    expect(jobs?.active).toBe(3);
    expect(jobs?.waiting).toBeGreaterThanOrEqual(2);
    expect(gate.running).toBe(3);
    gate.open = true;
    await waitFor(() => gate.done >= 5 || undefined, 30_000);
    expect(gate.most).toBe(3);
  });
});
