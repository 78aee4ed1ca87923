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

/** Debian's policyd-rate-limit: the production mail host's send-rate policy (decision 0101). */
export const POLICYD_RATE_LIMIT = "/usr/bin/policyd-rate-limit";

export interface PolicydRateLimitInput {
  /** Where it listens, on loopback (Postfix's check_policy_service inet:127.0.0.1:port). */
  port: number;
  /** Its sqlite3 counts (its user's folder) and its PID file. */
  database: string;
  pidFile: string;
  limit?: SendLimit;
  /** Its system user (Debian's package makes `policyd-rate-limit`). */
  user?: string;
}

/**
 * The configuration of Debian's policyd-rate-limit that counts as SendRateCounter does: every
 * recipient (RCPT) of an authenticated submission against its login's hourly budget, a sliding
 * window in sqlite3, and the same SMTP answers past the budget or when the counts cannot be read.
 * Nothing else is limited (no sender, no address: a mailbox's outside senders are not its).
 * Dovecot hands Postfix logins lower-cased (auth_username_format), so case cannot split a budget.
 */
export function policydRateLimitYaml({
  port,
  database,
  pidFile,
  limit = DEFAULT_SEND_LIMIT,
  user = "policyd-rate-limit",
}: PolicydRateLimitInput): string {
  const q = (value: string) => JSON.stringify(value);
  return `# Written by the product (server/src/mail-host/send-rate-policy.ts): the send-rate policy of decision 0056.
debug: False
user: ${q(user)}
group: ${q(user)}
pidfile: ${q(pidFile)}
backend: 0
sqlite_config:
  database: ${q(database)}
SOCKET: ["127.0.0.1", ${port}]
limits:
  - [${limit.recipients}, ${limit.perSeconds}]
limits_by_id: {}
limit_by_sasl: True
limit_by_sender: False
limit_by_ip: False
limited_networks: []
success_action: "DUNNO"
fail_action: ${q(OVER_LIMIT_ACTION)}
db_error_action: ${q(COUNTS_UNAVAILABLE_ACTION)}
report: False
delay_to_close: 300
`;
}
