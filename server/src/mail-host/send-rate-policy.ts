/**
 * The per-sender send limit of the submission port: a Postfix policy service (Postfix's policy
 * delegation protocol, https://www.postfix.org/SMTPD_POLICY_README.html) that counts each
 * recipient a login submits and defers the ones past its budget for the window. A hostile site
 * (or a stolen mailbox password) sends at most that many messages an hour through the platform.
 */
import net from "node:net";

export interface SendLimit {
  /** Recipients a login may submit within `perSeconds`. */
  recipients: number;
  perSeconds: number;
}

/** An hour's budget of every login: ample for a site's forms and a person's mail, small for spam. */
export const DEFAULT_SEND_LIMIT: SendLimit = { recipients: 200, perSeconds: 3600 };

/** Postfix's answer past the budget (SMTP text: ASCII only). */
export const OVER_LIMIT_ACTION = "DEFER_IF_PERMIT 4.7.1 Limite d'envoi atteinte : reessayez plus tard";

/** The counting itself: a sliding window of recipient times per login. */
export class SendRateCounter {
  private readonly sent = new Map<string, number[]>();

  constructor(
    private readonly limit: SendLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one recipient for the login; false when the login's budget is spent (not counted then). */
  take(login: string): boolean {
    const now = this.now();
    const since = now - this.limit.perSeconds * 1000;
    const times = (this.sent.get(login) ?? []).filter((t) => t > since);
    if (times.length >= this.limit.recipients) {
      this.sent.set(login, times);
      return false;
    }
    times.push(now);
    this.sent.set(login, times);
    return true;
  }
}

/** The action for one policy request (its attributes). */
export function policyAction(counter: SendRateCounter, request: Map<string, string>): string {
  const login = request.get("sasl_username")?.toLowerCase();
  // Only recipients of authenticated submissions count; anything else is not this service's.
  if (request.get("protocol_state") !== "RCPT" || !login) return "DUNNO";
  return counter.take(login) ? "DUNNO" : OVER_LIMIT_ACTION;
}

export interface SendRatePolicy {
  /** Stops listening and ends the open connections. */
  close(): Promise<void>;
}

/** The service on 127.0.0.1:port; Postfix keeps its connections open across requests. */
export function startSendRatePolicy(port: number, limit: SendLimit): Promise<SendRatePolicy> {
  const counter = new SendRateCounter(limit);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    socket.on("error", () => {});
    let buffer = "";
    let request = new Map<string, string>();
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      // Far past any real request: a client that sends no empty line is cut off.
      if (buffer.length > 64 * 1024) return socket.destroy();
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
        const line = buffer.slice(0, end).replace(/\r$/, "");
        buffer = buffer.slice(end + 1);
        if (line === "") {
          socket.write(`action=${policyAction(counter, request)}\n\n`);
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
