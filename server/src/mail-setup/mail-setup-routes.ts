import { MAILBOX_MESSAGES } from "@lagon/contracts/mailboxes";
import { isReservedSubdomain, isValidSubdomain } from "@lagon/contracts/subdomain";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { Context } from "../context.ts";
import { AppError, badRequest, notFound } from "../lib/app-error.ts";
import { rawAnswer, route } from "../lib/route.ts";
import type { MailEndpoints } from "../mail-host/mail-host.ts";
import { isLiveCustomDomain } from "../mailboxes/order-mail-domain.ts";
import { outlookAutodiscover, thunderbirdAutoconfig } from "./mail-client-setup.ts";

const ADDRESS = /^[a-z0-9._-]{1,64}@[a-z0-9.-]{1,253}$/;
const XML = rawAnswer("application/xml");

/**
 * Public answers to mail programs setting up an address (Thunderbird's autoconfig, Outlook's
 * autodiscover). A site's mail domain (<subdomain>.<BASE_DOMAIN>) gets the host's settings from
 * its shape alone, whether or not the address or the site exists; a customer's own domain gets
 * them once live (its MX names our host): a caller learns no more than DNS tells.
 */
export async function mailSetupRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  async function endpointsFor(domain: string): Promise<MailEndpoints> {
    const suffix = `.${ctx.config.BASE_DOMAIN.toLowerCase()}`;
    const label = domain.endsWith(suffix) ? domain.slice(0, -suffix.length) : "";
    const ours = isValidSubdomain(label) && !isReservedSubdomain(label);
    // A customer's own domain once live: its MX names our host, so the answer tells nothing new.
    if (!ours && !(await isLiveCustomDomain(ctx, domain)))
      throw notFound(MAILBOX_MESSAGES.setupUnknownDomain);
    if (!ctx.mailHost) throw new AppError(503, MAILBOX_MESSAGES.hostDown);
    return ctx.mailHost.endpoints();
  }

  const sendXml = (reply: FastifyReply, xml: string) =>
    reply.header("cache-control", "no-store").type("application/xml; charset=utf-8").send(xml);

  // Thunderbird asks autoconfig.<domain>/mail/config-v1.1.xml?emailaddress=… then
  // <domain>/.well-known/autoconfig/mail/config-v1.1.xml; both come here. On a site's names, the
  // sites' nginx passes the second (and Outlook's request) here with the name in the Host or
  // X-Forwarded-Host header (decision 0114).
  for (const url of ["/mail/config-v1.1.xml", "/.well-known/autoconfig/mail/config-v1.1.xml"]) {
    route(
      app,
      {
        method: "GET",
        url,
        access: "public",
        rateLimit: "reads",
        query: z.object({ emailaddress: z.string().max(320).optional() }),
        response: { 200: XML },
      },
      async (request, reply) => {
        const asked = request.query.emailaddress?.trim().toLowerCase();
        const domain = asked
          ? ADDRESS.test(asked)
            ? asked.slice(asked.lastIndexOf("@") + 1)
            : ""
          : request.hostname
              .toLowerCase()
              .replace(/:\d+$/, "")
              .replace(/^autoconfig\./, "");
        return sendXml(reply, thunderbirdAutoconfig(domain, await endpointsFor(domain)));
      },
    );
  }

  // Outlook POSTs a small XML request naming the address. Its own parser, only here, with a
  // small limit: the request body is a few hundred bytes.
  await app.register(async (scope) => {
    for (const type of ["text/xml", "application/xml"])
      scope.addContentTypeParser(type, { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) =>
        done(null, body),
      );
    const spec = { method: "POST", url: "/autodiscover/autodiscover.xml", access: "public" } as const;
    route(scope, { ...spec, rateLimit: "reads", response: { 200: XML } }, async (request, reply) => {
      const body = typeof request.body === "string" ? request.body : "";
      const match = /<EMailAddress>\s*([^<\s]{1,320})\s*<\/EMailAddress>/i.exec(body);
      const address = match?.[1]?.toLowerCase() ?? "";
      if (!ADDRESS.test(address)) throw badRequest(MAILBOX_MESSAGES.setupNoAddress);
      const endpoints = await endpointsFor(address.slice(address.lastIndexOf("@") + 1));
      return sendXml(reply, outlookAutodiscover(address, endpoints));
    });
  });
}
