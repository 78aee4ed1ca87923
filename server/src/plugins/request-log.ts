import { LogController } from "fastify";

type Args = Parameters<LogController["requestCompleted"]>;

/**
 * Fastify's request log, one line per request when it ends (with the request, the status and the
 * time taken) instead of two. A request refused with 429 writes none: the rate limit logs one
 * line per address and minute instead (rate-limits.ts), so a flood of refusals costs no disk.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Args[0], request: Args[1], reply: Args[2]): void {
    if (reply.statusCode === 429) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}
