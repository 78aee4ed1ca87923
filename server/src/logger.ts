import pino, { type DestinationStream, type Logger } from "pino";

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
  "*.*.password",
  "*.*.token",
];

/** Removes the value of every `token` query parameter from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|session_id)=)[^&#]*/gi, "$1[REDACTED]");
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT, censor: "[REDACTED]" },
      serializers: {
        req(req: { id: string; method: string; url: string; ip?: string }) {
          return { id: req.id, method: req.method, url: redactUrl(req.url), ip: req.ip };
        },
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}
