import type { SubscriptionStatus } from "@lagon/contracts/subscriptions";
import type { SiteState } from "../db/schema.ts";

/** What the host must do with the site in each status. */
export function wantedSiteState(status: SubscriptionStatus): SiteState {
  if (status === "archived") return "removed";
  if (status === "suspended" || status === "cancelled") return "suspended";
  return "online";
}
