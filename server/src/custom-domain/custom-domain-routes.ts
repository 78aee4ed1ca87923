import { TokenQuery } from "@lagon/contracts/access-schemas";
import { DOMAIN_MESSAGES } from "@lagon/contracts/custom-domain";
import {
  DomainRequest,
  type DomainRequestResult,
  type MailDnsCheck,
} from "@lagon/contracts/custom-domain-schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Context } from "../context.ts";
import { orderTokenScope } from "../customer/order-access.ts";
import { ownDomainDnsRecords } from "./dns-records.ts";
import { checkOrderMailDns } from "./mail-dns-records.ts";
import { requestCustomDomain } from "./request-custom-domain.ts";

export async function customDomainRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(ctx, (scope) => {
      // The mail records of the live domain, checked at each call (the block's "Vérifier").
      scope.withTypeProvider<ZodTypeProvider>().get(
        "/api/order/:orderId/domain/mail-records",
        {
          config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
          schema: { params: z.object({ orderId: z.string() }), querystring: TokenQuery },
        },
        async ({ order }): Promise<MailDnsCheck> => checkOrderMailDns(ctx, order),
      );

      // The order page sends the order's token in the query string; a JSON `token` works too.
      scope.withTypeProvider<ZodTypeProvider>().post(
        "/api/order/:orderId/domain",
        {
          config: { rateLimit: { max: 10, timeWindow: "10 minutes" } },
          schema: {
            params: z.object({ orderId: z.string() }),
            querystring: TokenQuery,
            body: DomainRequest.extend(TokenQuery.shape),
          },
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
