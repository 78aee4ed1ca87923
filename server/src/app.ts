import zlib from "node:zlib";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import "@lagon/contracts/zod-french";
import { MESSAGES } from "@lagon/contracts/errors";
import { adminRoutes } from "./admin/admin-routes.ts";
import { backupRoutes } from "./backups/backup-routes.ts";
import { BlogApi } from "./blog/blog-api.ts";
import { blogProxyRoutes } from "./blog/blog-proxy-routes.ts";
import { blogSeoRoutes } from "./blog/blog-seo-routes.ts";
import { blogSource } from "./blog/blog-source.ts";
import { bookingRoutes } from "./booking/booking-routes.ts";
import { chatRoutes } from "./chat/chat-routes.ts";
import { checkoutRoutes } from "./checkout/checkout-routes.ts";
import { contactRoutes } from "./contact/contact-routes.ts";
import type { Context } from "./context.ts";
import { customDomainRoutes } from "./custom-domain/custom-domain-routes.ts";
import { customerRoutes } from "./customer/customer-routes.ts";
import { directoryRoutes } from "./directory/directory-routes.ts";
import { healthRoutes } from "./health/health-routes.ts";
import { invoiceRoutes } from "./invoices/invoice-routes.ts";
import { kozaRoutes } from "./koza/koza-routes.ts";
import { mailSetupRoutes } from "./mail-setup/mail-setup-routes.ts";
import { mailboxRoutes } from "./mailboxes/mailbox-routes.ts";
import { maintenanceRoutes } from "./maintenance/maintenance-routes.ts";
import { DEFAULT_BODY_LIMIT } from "./plugins/body-limits.ts";
import { answerClientError } from "./plugins/client-errors.ts";
import { closeUnreadRequests } from "./plugins/close-unread-requests.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import { registerRateLimits } from "./plugins/rate-limits.ts";
import { RequestLog } from "./plugins/request-log.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { trustProxyOption } from "./plugins/trust-proxy.ts";
import { registerWebApp } from "./plugins/web-app.ts";
import { sftpRoutes } from "./sftp/sftp-routes.ts";
import { siteMailRoutes } from "./site-mail/site-mail-routes.ts";
import { subscriptionRoutes } from "./subscriptions/subscription-routes.ts";
import { testimonialRoutes } from "./testimonials/testimonial-routes.ts";
import { visitsRoutes } from "./visits/visits-routes.ts";

/**
 * Builds the HTTP app. Plugins load in this order: core, rate limits and errors, security, API
 * routes by access level (public, order token and mailbox, admin), web app.
 */
export async function buildApp(ctx: Context): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    logController: new RequestLog(),
    // The client's address is the socket's unless TRUST_PROXY names the proxy in front.
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    bodyLimit: DEFAULT_BODY_LIMIT,
    genReqId: () => crypto.randomUUID(),
    // A malformed URL or content type is the client's mistake, answered in French like the rest.
    frameworkErrors: (error, _request, reply) => {
      (reply as FastifyReply).status(error.statusCode ?? 400).send({ detail: MESSAGES.invalidRequest });
    },
    // What Node's parser refuses itself (a query string over 16 KB…) is answered in French too.
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await registerRateLimits(app, ctx.config.RATE_LIMIT_ALLOW_LIST);
  registerErrorHandler(app);
  closeUnreadRequests(app);
  await registerSecurityHeaders(app, ctx.config);
  // Pages, assets and API answers travel compressed: a phone on a slow network gets a third of the bytes.
  await app.register(compress, {
    encodings: ["br", "gzip"],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // Public level: no credential. Every such route is listed, with the reason, in access.test.ts.
  await app.register(healthRoutes, { ctx });
  await app.register(checkoutRoutes, { ctx });
  await app.register(contactRoutes, { ctx });
  await app.register(chatRoutes, { ctx });
  await app.register(directoryRoutes, { ctx });
  await app.register(testimonialRoutes, { ctx });
  // Online booking: public widget, slots, bookings and cancel links; the order page's part behind its token.
  await app.register(bookingRoutes, { ctx });
  const blogApi = new BlogApi(blogSource(ctx), ctx.log);
  await app.register(blogProxyRoutes, { blogApi });
  await app.register(blogSeoRoutes, { ctx, blogApi });
  // The provider's own routes: Stripe's webhook, or the local test checkout and portal.
  await ctx.payments.registerRoutes(app, ctx);
  // Order-token and mailbox levels: each scope checks its credential in one hook.
  await app.register(customerRoutes, { ctx });
  await app.register(backupRoutes, { ctx });
  await app.register(mailboxRoutes, { ctx });
  await app.register(siteMailRoutes, { ctx });
  await app.register(mailSetupRoutes, { ctx });
  await app.register(maintenanceRoutes, { ctx });
  await app.register(visitsRoutes, { ctx });
  await app.register(sftpRoutes, { ctx });
  await app.register(invoiceRoutes, { ctx });
  await app.register(customDomainRoutes, { ctx });
  await app.register(kozaRoutes, { ctx });
  await app.register(subscriptionRoutes, { ctx });
  // Admin level: everything under /api/admin, behind the admin token.
  await app.register(adminRoutes, { ctx, prefix: "/api/admin" });

  if (ctx.config.SERVE_WEB) await registerWebApp(app, ctx.config);
  return app;
}
