import { randomUUID } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, HTTPMethods, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-context.ts";

const BLOG_READ_ONLY = "answers 405 to any write: the blog is read-only";

/**
 * The routes anyone may call without a credential, each with the reason. Every other route must
 * refuse a caller who has none (401, 403 or 404, the last for an id in the path that is itself
 * the credential). HEAD follows GET.
 */
const PUBLIC_ROUTES: Record<string, string> = {
  "GET /api/health":
    "load balancers and monitoring probe it; it tells whether the service runs, nothing more",
  "GET /api/captcha/challenge": "the contact and lost-link forms need a challenge before anyone is known",
  "POST /api/contact": "the contact form; a solved captcha and a rate limit guard it",
  "POST /api/chat/messages":
    "the chat: any visitor may write; a rate limit guards it, and a message adds only to the conversation its token opens",
  "POST /api/resend-magic-link":
    "the lost-link form: anyone may ask, the links only go to the orders' mailbox",
  "GET /api/directory": "the public directory of live sites whose owners opted in",
  "GET /api/testimonials":
    "the home page's testimonials, which the agency entered with each person's consent",
  "GET /api/directory/screenshots/:file":
    "the directory cards' screenshots, of listed sites only (a French 404 for any other)",
  "POST /api/stripe/create-checkout-session": "any visitor may start an order",
  "POST /api/validate-coupon/:code": "the order form checks a discount code before payment",
  "GET /api/subdomain-availability/:name": "the order form checks that a subdomain is free",
  "POST /api/stripe/webhook": "Stripe's calls, authenticated by their signature (400 without one)",
  "GET /blog/wp-json/*": "the agency blog's published articles, read-only, through an allow-list",
  "GET /blog/wp-content/uploads/*": "the agency blog's images",
  "POST /blog/*": BLOG_READ_ONLY,
  "PUT /blog/*": BLOG_READ_ONLY,
  "PATCH /blog/*": BLOG_READ_ONLY,
  "DELETE /blog/*": BLOG_READ_ONLY,
  "GET /articles": "the blog's list page",
  "GET /articles/:slug": "a blog article's page",
  "GET /sitemap.xml": "for search engines",
  "GET /mail/config-v1.1.xml":
    "Thunderbird's autoconfig: the mail host's settings for any site mail domain's shape, whether or not the address exists (no more than DNS tells)",
  "GET /.well-known/autoconfig/mail/config-v1.1.xml": "Thunderbird's autoconfig, its other address",
  "POST /autodiscover/autodiscover.xml":
    "Outlook's autodiscover: the same settings, for any address of a site mail domain's shape; a 4 KB body at most",
  "GET /booking-widget/booking.js": "the booking widget's script, loaded by Business sites' Réservation page",
  "GET /booking-widget/altcha.js": "the captcha's script, loaded by the booking widget",
  "GET /api/booking/sites/:site":
    "a live Business site's services, for its booking widget (404 for any other site)",
  "GET /api/booking/sites/:site/slots": "a live Business site's free slots, for its booking widget",
  "GET /api/booking/sites/:site/challenge": "the booking widget's captcha challenge",
  "OPTIONS /api/booking/sites/:site/bookings":
    "the browser's preflight of a booking from the site's own address",
  "POST /api/booking/sites/:site/bookings":
    "a visitor books a slot; a solved captcha and a rate limit guard it, and the slot is checked under a lock",
  "GET /reservation/annuler":
    "the visitor's cancel link: shows the booking its token opens, cancels nothing (a French 404 without the right token)",
  "POST /reservation/annuler": "the cancel link's button: cancels the booking its token opens, nothing else",
  "GET /*":
    "the web app's pages and files; a private page is an empty shell whose data comes from the API, with its token",
};

/**
 * Every route a Fastify instance created while `build` runs declares, as "METHOD /url", and those
 * of them declared without `route()` (no stated access level or no response schema).
 */
async function routesOf(build: () => Promise<unknown>): Promise<{ routes: string[]; undeclared: string[] }> {
  const routes = new Set<string>();
  const undeclared = new Set<string>();
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      routes.add(`${method} ${route.url}`);
      const declared = route.config?.access && route.schema?.response;
      if (!declared && method !== "HEAD") undeclared.add(`${method} ${route.url}`);
    }
  };
  // Fastify announces each new instance here before any plugin runs (its APM hook).
  const watch = (message: unknown) =>
    (message as { fastify: FastifyInstance }).fastify.addHook("onRoute", onRoute);
  diagnostics.subscribe("fastify.initialization", watch);
  try {
    await build();
  } finally {
    diagnostics.unsubscribe("fastify.initialization", watch);
  }
  return { routes: [...routes].sort(), undeclared: [...undeclared].sort() };
}

/** A web build reduced to the SPA fallback and the blog list, so the pages' routes exist too. */
function webBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lagon-web-"));
  mkdirSync(path.join(dir, "client", "articles"), { recursive: true });
  const page = "<!DOCTYPE html><html><head></head><body></body></html>";
  writeFileSync(path.join(dir, "client", "__spa-fallback.html"), page);
  writeFileSync(path.join(dir, "client", "articles", "index.html"), page);
  return dir;
}

const publicReason = (route: string) => PUBLIC_ROUTES[route.replace(/^HEAD /, "GET ")];

describe("access: every route outside the public allow-list refuses a caller without credentials", () => {
  const apps: {
    name: string;
    t: Awaited<ReturnType<typeof createTestApp>>;
    routes: string[];
    undeclared: string[];
  }[] = [];

  beforeAll(async () => {
    const web = { SERVE_WEB: "true", WEB_BUILD_DIR: webBuild() };
    const stripe = {
      STRIPE_SECRET_KEY: "sk_test_access",
      STRIPE_WEBHOOK_SECRET: "whsec_access",
      STRIPE_PRICE_STARTER: "price_starter",
      STRIPE_PRICE_BUSINESS: "price_business",
      STRIPE_PRICE_LIBRE: "price_libre",
      // Nothing here may reach Stripe: a closed port.
      STRIPE_API_URL: "http://127.0.0.1:9",
    };
    for (const [name, env] of [
      ["local test checkout", web],
      ["Stripe", { ...web, ...stripe }],
    ] as const) {
      let t: Awaited<ReturnType<typeof createTestApp>> | undefined;
      const { routes, undeclared } = await routesOf(async () => {
        t = await createTestApp(env);
      });
      if (t) apps.push({ name, t, routes, undeclared });
    }
  });
  afterAll(async () => {
    for (const { t } of apps) await t.close();
  });

  it("finds the routes of both payment set-ups, admin ones included", () => {
    expect(apps.map((a) => a.name)).toEqual(["local test checkout", "Stripe"]);
    const all = apps.flatMap((a) => a.routes);
    expect(all).toContain("GET /api/admin/orders");
    expect(all).toContain("POST /api/test-checkout/:sessionId/pay");
    expect(all).toContain("POST /api/stripe/webhook");
  });

  it("declares every route through route(): access level, rate limit, input and response schemas", () => {
    expect([...new Set(apps.flatMap((a) => a.undeclared))].sort()).toEqual([]);
  });

  it("allow-lists only routes that exist", () => {
    const all = new Set(apps.flatMap((a) => a.routes));
    expect(Object.keys(PUBLIC_ROUTES).filter((route) => !all.has(route))).toEqual([]);
  });

  it("answers 401, 403 or 404 on every other route", async () => {
    const answered: string[] = [];
    for (const { name, t, routes } of apps) {
      for (const route of routes.filter((r) => !publicReason(r))) {
        const [method, url] = route.split(" ") as [HTTPMethods, string];
        const res = await t.app.inject({
          method,
          // Each path parameter a random id: an id in the path opens nothing by itself.
          url: url.replace(/:\w+/g, () => randomUUID()).replace("*", "x"),
          ...(["GET", "HEAD", "OPTIONS"].includes(method) ? {} : { payload: {} }),
        });
        answered.push(`${name}: ${route} → ${res.statusCode}`);
      }
    }
    expect(answered.length).toBeGreaterThan(10);
    expect(answered.filter((line) => !/→ 40[134]$/.test(line))).toEqual([]);
  });
});
