import type { Context } from "../context.ts";
import { queueEmail } from "../mail/queue-email.ts";
import type { HostEvent } from "./wordpress-host.ts";

/** One alert per service in this window at most: a process that keeps dying sends one e-mail. */
const ALERT_WINDOW_MS = 15 * 60 * 1000;

/**
 * Logs every stop and restart of the WordPress host's processes and e-mails the agency when one
 * stops (they are restarted by themselves; the e-mail says so and links the health check).
 */
export function alertOnHostEvents(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "wordpress" | "log">,
): void {
  const lastAlert = new Map<string, number>();
  ctx.wordpress.onEvent((event: HostEvent) => {
    if (event.kind === "restored") {
      ctx.log.warn({ service: event.service }, "wordpress host: restarted");
      return;
    }
    ctx.log.error({ service: event.service, detail: event.detail }, "wordpress host: process stopped");
    const now = Date.now();
    if (now - (lastAlert.get(event.service) ?? 0) < ALERT_WINDOW_MS) return;
    lastAlert.set(event.service, now);
    queueEmail(ctx, {
      template: "host_down_agency",
      to: ctx.config.AGENCY_EMAIL,
      vars: {
        service: event.service,
        detail: event.detail,
        health_url: `${ctx.config.PUBLIC_URL}/api/health`,
      },
    }).catch((err: Error) => ctx.log.error({ err }, "wordpress host: alert not queued"));
  });
}
