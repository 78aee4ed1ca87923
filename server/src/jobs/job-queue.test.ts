import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openTestDatabase } from "../../test/test-context.ts";
import { createLogger } from "../logger.ts";
import { defineJob, startJobQueue } from "./job-queue.ts";

const job = (retryLimit: number, retryDelaySeconds: number) =>
  defineJob({
    name: "queue-policy-probe",
    payload: z.object({}),
    retryLimit,
    retryDelaySeconds,
    expireInSeconds: 60,
    handle: async () => {},
  });

/** A new version of the product starts on a database an earlier one made. */
describe("the job queue's policies", () => {
  let close: (() => Promise<void>) | undefined;
  afterAll(() => close?.());

  it("take a retry limit and delay changed in the code, on a queue that already exists", async () => {
    const database = await openTestDatabase();
    close = () => database.close();
    const log = createLogger("silent");
    const policy = async () =>
      (
        await database.sql.executeSql(
          "select retry_limit, retry_delay, retry_backoff from pgboss.queue where name = 'queue-policy-probe'",
        )
      ).rows[0];

    await (await startJobQueue(database, [job(2, 30)], log)).stop();
    expect(await policy()).toEqual({ retry_limit: 2, retry_delay: 30, retry_backoff: true });
    await (await startJobQueue(database, [job(8, 5)], log)).stop();
    expect(await policy()).toEqual({ retry_limit: 8, retry_delay: 5, retry_backoff: true });
    // No delay, no backoff: pg-boss would back off from 1 s (the tests' jobs, test-jobs.ts).
    await (await startJobQueue(database, [job(8, 0)], log)).stop();
    expect(await policy()).toEqual({ retry_limit: 8, retry_delay: 0, retry_backoff: false });
  });
});

describe("a job sent by this process", () => {
  let close: (() => Promise<void>) | undefined;
  afterAll(() => close?.());

  it("wakes this process's idle worker at once, however seldom it polls", async () => {
    const database = await openTestDatabase();
    const handled: ((id: string) => void)[] = [];
    const probe = defineJob({
      name: "queue-wake-probe",
      payload: z.object({ n: z.number() }),
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      // Polling alone would find the second job an hour after the first.
      pollingIntervalSeconds: 3600,
      handle: async (_payload, _ctx, job) => handled.shift()?.(job.id),
    });
    const queue = await startJobQueue(database, [probe], createLogger("silent"));
    close = async () => {
      await queue.stop();
      await database.close();
    };
    await queue.work({} as Parameters<typeof queue.work>[0]);
    const run = async (n: number) => {
      const done = new Promise<string>((resolve) => handled.push(resolve));
      const id = await queue.send(probe, { n });
      expect(await done).toBe(id);
    };
    // The first may be found by the worker's first poll; the second, sent once the worker has
    // gone back to sleep, only by the wake-up.
    await run(1);
    await run(2);
  });
});
