import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";

const PRIVATE_PREFIXES = ["/dashboard", "/admin", "/koza-questionnaire", "/success", "/api/"];

function thumbnailOrigin(template: string | undefined): string[] {
  if (!template) return [];
  try {
    return [new URL(template.replace(/\{[^}]*\}/g, "x")).origin];
  } catch {
    return [];
  }
}

/**
 * Helmet with a CSP that allows only what the product loads: its own origin, plus Stripe,
 * Crisp and the thumbnail service when they are configured. Tokens travel in URLs, so no
 * page ever sends a referrer, and private pages ask search engines not to index them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const stripe = config.STRIPE_PUBLISHABLE_KEY ? ["https://js.stripe.com"] : [];
  const crisp = config.CRISP_WEBSITE_ID ? ["https://client.crisp.chat", "https://*.crisp.chat"] : [];
  const crispWs = config.CRISP_WEBSITE_ID ? ["wss://client.relay.crisp.chat"] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...(config.STRIPE_SECRET_KEY ? ["https://checkout.stripe.com"] : [])],
        scriptSrc: ["'self'", "'unsafe-inline'", ...stripe, ...crisp],
        styleSrc: ["'self'", "'unsafe-inline'", ...crisp],
        imgSrc: ["'self'", "data:", "blob:", ...thumbnailOrigin(config.SCREENSHOT_URL_TEMPLATE), ...crisp],
        fontSrc: ["'self'", ...crisp],
        connectSrc: ["'self'", ...stripe, ...crisp, ...crispWs],
        frameSrc: ["'self'", ...stripe, ...crisp],
        workerSrc: ["'self'", "blob:"],
      },
    },
    referrerPolicy: { policy: "no-referrer" },
    crossOriginEmbedderPolicy: false,
    hsts: config.PUBLIC_URL.startsWith("https://"),
  });
  app.addHook("onSend", async (request, reply) => {
    const url = request.url;
    if (PRIVATE_PREFIXES.some((p) => url.startsWith(p))) {
      reply.header("X-Robots-Tag", "noindex, nofollow");
    }
  });
}
