import { z } from "zod";
import { defineJob } from "../jobs/job-queue.ts";
import { sendLostLinks } from "./send-lost-links.ts";

/**
 * The lost-link request's work, out of the request: looking the address up and queueing its
 * e-mails here keeps the answer's time the same whether or not the address has orders.
 */
export const sendLostLinksJob = defineJob({
  name: "send-lost-links",
  payload: z.object({ email: z.string() }),
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 60,
  handle: ({ email }, ctx) => sendLostLinks(ctx, email),
});
