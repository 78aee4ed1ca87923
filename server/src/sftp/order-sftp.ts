import type { PlanId } from "@lagon/contracts/plans";
import {
  PLAIN_SITE_FOLDER,
  SFTP_HOME,
  SFTP_MESSAGES,
  SFTP_PLANS,
  type SiteMode,
} from "@lagon/contracts/sftp";
import type { SftpPasswordResult, SftpView } from "@lagon/contracts/sftp-schemas";
import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import { AppError, forbidden } from "../lib/app-error.ts";
import { newMailboxPassword } from "../mail-host/mailbox-password.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { orderStatus } from "../orders/orders-table.ts";
import { siteHostOf } from "../sites/site-of.ts";
import { getSite } from "../sites/sites-table.ts";
import type { SftpChange, SftpState } from "../wordpress/site-sftp.ts";

/**
 * A Libre site's SFTP access and what its address serves (decision 0059), through the order's
 * WordPress host: the host keeps it all (the password hashed in /etc/shadow, the keys, the mode),
 * the database nothing.
 */

/** Why the order has no SFTP (French), or null. */
async function unavailableReason(
  ctx: Pick<Context, "db" | "wordpress">,
  order: Order,
): Promise<string | null> {
  if (!SFTP_PLANS.includes(order.planId as PlanId)) return SFTP_MESSAGES.notIncluded;
  if (orderStatus(order, await getSite(ctx.db, order.id)) !== "active") return SFTP_MESSAGES.notReady;
  if (!(await siteHostOf(ctx, order.id)).sftpEndpoint()) return SFTP_MESSAGES.unavailable;
  return null;
}

async function view(
  ctx: Pick<Context, "db" | "wordpress">,
  order: Order,
  state: SftpState | null,
  reason: string | null,
): Promise<SftpView> {
  const endpoint = (await siteHostOf(ctx, order.id)).sftpEndpoint();
  return {
    unavailable_reason: reason,
    settings:
      state && endpoint
        ? {
            host: endpoint.host,
            port: endpoint.port,
            user: state.user,
            home: SFTP_HOME,
            plain_folder: PLAIN_SITE_FOLDER,
          }
        : null,
    mode: state?.mode ?? "wordpress",
    password_set: state?.passwordSet ?? false,
    keys: state?.keys ?? [],
  };
}

async function change(
  ctx: Pick<Context, "db" | "wordpress" | "log">,
  order: Order,
  what: SftpChange,
): Promise<SftpState> {
  const reason = await unavailableReason(ctx, order);
  if (reason) throw forbidden(reason);
  try {
    return await (await siteHostOf(ctx, order.id)).sftp(order.subdomain, what);
  } catch (err) {
    // The helper checks keys with ssh-keygen: a line of the right shape may still be no key.
    if (what.action === "key-add" && /invalid public key/.test(String((err as Error).message))) {
      throw new AppError(400, SFTP_MESSAGES.keyInvalid);
    }
    ctx.log.error({ err, orderId: order.id, action: what.action }, "sftp change failed");
    throw new AppError(503, SFTP_MESSAGES.unavailable);
  }
}

function logSftp(ctx: Pick<Context, "db">, order: Order, details: string): Promise<void> {
  return addOrderLog(ctx.db, order.id, { level: "info", action: "sftp", details });
}

export async function sftpView(
  ctx: Pick<Context, "db" | "wordpress" | "log">,
  order: Order,
): Promise<SftpView> {
  const reason = await unavailableReason(ctx, order);
  if (reason) return view(ctx, order, null, reason);
  return view(ctx, order, await change(ctx, order, { action: "status" }), null);
}

/** Sets the password the customer chose, or draws one: answered this once, kept only hashed. */
export async function setSftpPassword(
  ctx: Pick<Context, "db" | "wordpress" | "log">,
  order: Order,
  chosen?: string,
): Promise<SftpPasswordResult> {
  const password = chosen ?? newMailboxPassword();
  const state = await change(ctx, order, { action: "password", password });
  await logSftp(ctx, order, "Mot de passe SFTP changé par le client.");
  return { password: chosen === undefined ? password : null, view: await view(ctx, order, state, null) };
}

export async function addSftpKey(
  ctx: Pick<Context, "db" | "wordpress" | "log">,
  order: Order,
  key: string,
): Promise<SftpView> {
  const state = await change(ctx, order, { action: "key-add", key });
  await logSftp(ctx, order, "Clé SSH ajoutée à l'accès SFTP par le client.");
  return view(ctx, order, state, null);
}

export async function removeSftpKey(
  ctx: Pick<Context, "db" | "wordpress" | "log">,
  order: Order,
  fingerprint: string,
): Promise<SftpView> {
  const before = await change(ctx, order, { action: "status" });
  if (!before.keys.some((key) => key.fingerprint === fingerprint)) {
    throw new AppError(404, SFTP_MESSAGES.keyUnknown);
  }
  const state = await change(ctx, order, { action: "key-remove", fingerprint });
  await logSftp(ctx, order, "Clé SSH retirée de l'accès SFTP par le client.");
  return view(ctx, order, state, null);
}

/** What the site's address serves: its WordPress or the plain site; no file is touched. */
export async function setSiteMode(
  ctx: Pick<Context, "db" | "wordpress" | "log">,
  order: Order,
  mode: SiteMode,
): Promise<SftpView> {
  const reason = await unavailableReason(ctx, order);
  if (reason) throw forbidden(reason);
  try {
    await (await siteHostOf(ctx, order.id)).setSiteMode(order.subdomain, mode);
  } catch (err) {
    ctx.log.error({ err, orderId: order.id, mode }, "site mode change failed");
    throw new AppError(503, SFTP_MESSAGES.unavailable);
  }
  await logSftp(
    ctx,
    order,
    mode === "plain" ? "Site libre choisi : /wp-content/www est servi." : "Site WordPress de nouveau servi.",
  );
  return sftpView(ctx, order);
}
