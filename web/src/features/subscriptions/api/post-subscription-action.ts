import type { SubscriptionActionResult } from "@lagon/contracts/subscriptions-schemas";
import { apiPaths } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

export type SubscriptionAction = "cancel" | "undo-cancel" | "change-plan";

/** `POST /api/order/{id}/subscription/{action}`: the confirmation and the subscription after it. */
export function postSubscriptionAction(
  orderId: string,
  token: string,
  action: SubscriptionAction,
  body: Record<string, string> = {},
): Promise<SubscriptionActionResult> {
  return fetchJson<SubscriptionActionResult>(apiPaths.subscriptionAction(orderId, action), {
    method: "POST",
    body: JSON.stringify({ token, ...body }),
  });
}
