/**
 * The per-sender send limit of the submission port: a Postfix policy service (Postfix's policy
 * delegation protocol, https://www.postfix.org/SMTPD_POLICY_README.html) that counts each
 * recipient a login submits and defers the ones past its budget for the window. A hostile site
 * (or a stolen mailbox password) sends at most that many messages an hour through the platform.
 */
import net from "node:net";
import type { SendCounts, SendLimit } from "./send-counts-table.ts";

/** An hour's budget of every login: ample for a site's forms and a person's mail, small for spam. */
export const DEFAULT_SEND_LIMIT: SendLimit = { recipients: 200, perSeconds: 3600 };

/** Postfix's answer past the budget (SMTP text: ASCII only). */
export const OVER_LIMIT_ACTION = "DEFER_IF_PERMIT 4.7.1 Limite d'envoi atteinte : reessayez plus tard";

/** Postfix's answer when the counts cannot be read: the sender retries (SMTP text: ASCII only). */
export const COUNTS_UNAVAILABLE_ACTION = "DEFER_IF_PERMIT 4.3.0 Service temporairement indisponible";

/** The counting itself: a sliding window of recipients per login, kept in the database. */
export class SendRateCounter {
  constructor(
    private readonly counts: SendCounts,
    private readonly limit: SendLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one recipient for the login; false when the login's budget is spent (not counted then). */
  take(login: string): Promise<boolean> {
    return this.counts.take(login, this.limit, new Date(this.now()));
  }
}

/** The action for one policy request (its attributes). */
export async function policyAction(counter: SendRateCounter, request: Map<string, string>): Promise<string> {
  const login = request.get("sasl_username")?.toLowerCase();
  // Only recipients of authenticated submissions count; anything else is not this service's.
  if (request.get("protocol_state") !== "RCPT" || !login) return "DUNNO";
  try {
    return (await counter.take(login)) ? "DUNNO" : OVER_LIMIT_ACTION;
  } catch {
    return COUNTS_UNAVAILABLE_ACTION;
  }
}

export interface SendRatePolicy {
  /** Stops listening and ends the open connections. */
  close(): Promise<void>;
}

/** The service on 127.0.0.1:port; Postfix keeps its connections open across requests. */
export function startSendRatePolicy(
  port: number,
  counts: SendCounts,
  limit: SendLimit,
): Promise<SendRatePolicy> {
  const counter = new SendRateCounter(counts, limit);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    socket.on("error", () => {});
    let buffer = "";
    let request = new Map<string, string>();
    // Answers in the order of the requests, each once its count is done.
    let answered = Promise.resolve();
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      // Far past any real request: a client that sends no empty line is cut off.
      if (buffer.length > 64 * 1024) return socket.destroy();
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
        const line = buffer.slice(0, end).replace(/\r$/, "");
        buffer = buffer.slice(end + 1);
        if (line === "") {
          const action = policyAction(counter, request);
          answered = answered.then(async () => {
            socket.write(`action=${await action}\n\n`);
          });
          request = new Map();
          continue;
        }
        const eq = line.indexOf("=");
        if (eq > 0) request.set(line.slice(0, eq), line.slice(eq + 1));
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const socket of sockets) socket.destroy();
          }),
      }),
    );
  });
}
