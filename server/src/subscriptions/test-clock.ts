import type { TestClockView } from "@lagon/contracts/subscriptions-schemas";
import type { Context } from "../context.ts";
import { advanceClockOneDay, billingNow, clockOffsetDays } from "./billing-clock.ts";
import { runLifecycle } from "./run-lifecycle.ts";

let running: Promise<unknown> = Promise.resolve();

/**
 * Moves the offline billing clock N days forward, one day at a time, running the lifecycle at
 * each day as the hourly job would have: renewals, retries, reminders, suspension and archival
 * happen on their own dates and in their order. Calls in this process run one after the other.
 */
export function advanceTestClock(ctx: Context, days: number): Promise<TestClockView> {
  const run = running.then(async () => {
    for (let i = 0; i < days; i++) await runLifecycle(ctx, await advanceClockOneDay(ctx));
    return readTestClock(ctx);
  });
  running = run.catch(() => {});
  return run;
}

export async function readTestClock(ctx: Pick<Context, "db" | "payments">): Promise<TestClockView> {
  return { now: (await billingNow(ctx)).toISOString(), offset_days: await clockOffsetDays(ctx) };
}
