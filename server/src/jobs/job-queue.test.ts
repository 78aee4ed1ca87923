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
          "select retry_limit, retry_delay from pgboss.queue where name = 'queue-policy-probe'",
        )
      ).rows[0];

    await (await startJobQueue(database, [job(2, 30)], log)).stop();
    expect(await policy()).toEqual({ retry_limit: 2, retry_delay: 30 });
    await (await startJobQueue(database, [job(8, 5)], log)).stop();
    expect(await policy()).toEqual({ retry_limit: 8, retry_delay: 5 });
  });
});
