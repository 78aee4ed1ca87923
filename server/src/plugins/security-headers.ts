import { createHash } from "node:crypto";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";

const PRIVATE_PREFIXES = [
  "/dashboard",
  "/admin",
  "/koza-questionnaire",
  "/success",
  "/paiement-test",
  "/portail-test",
  "/api/",
];

/**
 * The Content-Security-Policy: the product's own origin, plus Stripe and Crisp only when
 * configured. Inline scripts are allowed by hash only (the prerendered pages
 * pass theirs), never wholesale.
 */
export function contentSecurityPolicy(config: Config, inlineScriptHashes: string[] = []): string {
  const stripe = config.STRIPE_PUBLISHABLE_KEY ? ["https://js.stripe.com"] : [];
  const crisp = config.CRISP_WEBSITE_ID ? ["https://client.crisp.chat", "https://*.crisp.chat"] : [];
  const crispWs = config.CRISP_WEBSITE_ID ? ["wss://client.relay.crisp.chat"] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'", ...(config.STRIPE_SECRET_KEY ? ["https://checkout.stripe.com"] : [])],
    "script-src": ["'self'", ...inlineScriptHashes.map((h) => `'${h}'`), ...stripe, ...crisp],
    "style-src": ["'self'", "'unsafe-inline'", ...crisp],
    "img-src": ["'self'", "data:", "blob:", ...crisp],
    "font-src": ["'self'", ...crisp],
    "connect-src": ["'self'", ...stripe, ...crisp, ...crispWs],
    "frame-src": ["'self'", ...stripe, ...crisp],
    "worker-src": ["'self'", "blob:"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** sha256 sources of a page's inline scripts, for its CSP. */
export function inlineScriptHashes(html: string): string[] {
  const bodies = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => m[1] ?? "",
  );
  return [...new Set(bodies.map((b) => `sha256-${createHash("sha256").update(b).digest("base64")}`))];
}

/**
 * Helmet's headers with our CSP. Tokens travel in URLs, so no page ever sends a referrer, and
 * private pages ask search engines not to index them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    referrerPolicy: { policy: "no-referrer" },
    crossOriginEmbedderPolicy: false,
    hsts: config.PUBLIC_URL.startsWith("https://"),
  });
  const csp = contentSecurityPolicy(config);
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("Content-Security-Policy", csp);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (PRIVATE_PREFIXES.some((p) => request.url.startsWith(p))) {
      reply.header("X-Robots-Tag", "noindex, nofollow");
    }
    // An HTML page carries inline scripts (React Router's hydration data): allow exactly those.
    if (typeof payload === "string" && String(reply.getHeader("content-type")).startsWith("text/html")) {
      reply.header("Content-Security-Policy", contentSecurityPolicy(config, inlineScriptHashes(payload)));
    }
    return payload;
  });
}
