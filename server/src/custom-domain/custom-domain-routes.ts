import { OrderPathParams, TokenQuery } from "@lagon/contracts/access-schemas";
import { DOMAIN_MESSAGES } from "@lagon/contracts/custom-domain";
import { DomainRequest, DomainRequestResult, MailDnsCheck } from "@lagon/contracts/custom-domain-schemas";
import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { route } from "../lib/route.ts";
import { ownDomainDnsRecords } from "./dns-records.ts";
import { checkOrderMailDns } from "./mail-dns-records.ts";
import { requestCustomDomain } from "./request-custom-domain.ts";

export async function customDomainRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      // The mail records of the live domain, checked at each call (the block's "Vérifier").
      route(
        scope,
        {
          method: "GET",
          url: "/api/order/:orderId/domain/mail-records",
          access: "order-token",
          rateLimit: "writes",
          params: OrderPathParams,
          query: TokenQuery,
          response: { 200: MailDnsCheck },
        },
        async ({ order }): Promise<MailDnsCheck> => checkOrderMailDns(ctx, order),
      );

      // The order page sends the order's token in the query string; a JSON `token` works too.
      route(
        scope,
        {
          method: "POST",
          url: "/api/order/:orderId/domain",
          access: "order-token",
          rateLimit: "forms",
          params: OrderPathParams,
          query: TokenQuery,
          body: DomainRequest.extend(TokenQuery.shape),
          response: { 200: DomainRequestResult },
        },
        async (request): Promise<DomainRequestResult> => {
          const { order } = request;
          const { token, ...domainRequest } = request.body;
          await requestCustomDomain(ctx, order, domainRequest);
          const records = ownDomainDnsRecords(ctx.config, order.subdomain, {
            domain: domainRequest.domainName,
            hasOwnDomain: domainRequest.hasOwnDomain,
          });
          return {
            success: true,
            detail: DOMAIN_MESSAGES.sent,
            domain: domainRequest.domainName,
            dns_records: records,
          };
        },
      );
    }),
  );
}
