import pino, { type DestinationStream, type Logger } from "pino";
import { redactSecrets } from "./lib/redact-secrets.ts";

/** Paths never written to logs: credentials, tokens and anything that unlocks an account. */
const REDACT = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["stripe-signature"]',
  "*.password",
  "*.token",
  "*.magic_link_token",
  "*.adminPassword",
  "*.appPassword",
  "*.wp_admin_password",
  "*.apiKey",
  "*.sessionId",
  "*.session_id",
  "*.checkoutSessionId",
  "*.*.password",
  "*.*.token",
];

const MASK = "[REDACTED]";

/** Masks tokens in query strings and capability path segments (checkout session ids) of a URL. */
export function redactUrl(url: string): string {
  return redactSecrets(url, MASK);
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT, censor: MASK },
      serializers: {
        req(req: { id: string; method: string; url: string; ip?: string }) {
          return { id: req.id, method: req.method, url: redactUrl(req.url), ip: req.ip };
        },
        // Error messages and stacks may quote the URL that failed (Fastify's 404, fetch errors).
        err(err: Error) {
          const out = pino.stdSerializers.err(err);
          return { ...out, message: redactUrl(out.message), stack: redactUrl(out.stack) };
        },
      },
      hooks: {
        // Plain message strings get the same treatment as URLs: a secret quoted in a message is masked.
        logMethod(args, method) {
          method.apply(
            this,
            args.map((a) => (typeof a === "string" ? redactUrl(a) : a)) as Parameters<typeof method>,
          );
        },
      },
    },
    destination,
  );
}
