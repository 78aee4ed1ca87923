import { siteDiskMb } from "@lagon/contracts/plans";
import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import type { SiteIdentity } from "../wordpress/wordpress-host.ts";

/** What a customer's WordPress is installed with: its title, admin e-mail and legal notice. */
export function siteIdentity(ctx: Pick<Context, "config">, order: Order): SiteIdentity {
  const address = [order.address, [order.postalCode, order.city].filter(Boolean).join(" "), order.country]
    .filter((p) => p && p.trim() !== "")
    .join(", ");
  return {
    subdomain: order.subdomain,
    diskMb: siteDiskMb(order.planId),
    title: order.companyName?.trim() || order.subdomain,
    adminEmail: order.customerEmail,
    legal: {
      companyName: order.companyName?.trim() || order.customerName,
      legalForm: order.companyType ?? undefined,
      siret: order.siret ?? undefined,
      address: address || undefined,
      email: order.customerEmail,
      phone: order.customerPhone ?? undefined,
      host: ctx.config.COMPANY_HOST,
    },
  };
}
