import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import type { TemplateName } from "../mail/default-templates.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { planName } from "../orders/order-view.ts";
import { siteUrlOf } from "../sites/site-of.ts";

/** E-mails the agency about one site, with the variables every maintenance alert offers. */
export async function alertAgency(
  ctx: Pick<Context, "config" | "db" | "queue" | "secrets" | "wordpress">,
  order: Order,
  template: Extract<
    TemplateName,
    "site_down_agency" | "site_up_agency" | "site_update_failed_agency" | "site_disk_nearly_full_agency"
  >,
  vars: Record<string, string>,
): Promise<void> {
  await queueEmail(ctx, {
    template,
    to: ctx.config.AGENCY_EMAIL,
    orderId: order.id,
    vars: {
      site_url: await siteUrlOf(ctx, order),
      customer_name: order.customerName,
      plan_name: planName(order),
      admin_url: `${ctx.config.PUBLIC_URL}/admin`,
      ...vars,
    },
  });
}
