/**
 * What each plan adds to its WordPress site beyond the common install (decision 0058): Business
 * gets the shop; Starter and Libre have no kit yet. A kit is data: its plugins at pinned
 * versions, what apply-kit.php sets in the site, and the French names of the features it
 * brings. Booking and statistics are the platform's own (contracts PLAN_EXTRAS).
 */

import { SHOP_FEATURE } from "@lagon/contracts/plan-kits";
import type { SiteKit } from "../wordpress/wordpress-host.ts";
import type { PluginPin } from "../wordpress-plugins/plugin-source.ts";
import { businessShop, type ShopOwner } from "./business-shop.ts";

export interface PlanKit {
  plan: string;
  /** Plugins fetched, checked and installed first, each with its main file. */
  plugins: { pin: PluginPin; file: string }[];
  site: SiteKit;
  features: string[];
}

export function kitFor(plan: string, owner: ShopOwner): PlanKit | null {
  if (plan !== "business") return null;
  const shop = businessShop(owner);
  const file = `${shop.plugin.slug}/${shop.plugin.slug}.php`;
  return {
    plan,
    plugins: [{ pin: shop.plugin, file }],
    site: {
      activate: [file],
      deactivate: [],
      options: shop.options,
      pages: shop.pages,
      taxRates: shop.taxRates,
      product: shop.product,
    },
    features: [SHOP_FEATURE],
  };
}

/** Turns off what `from` brought and `to` does not; pages, products and orders stay in the site. */
export function kitOff(from: PlanKit, to: PlanKit | null): SiteKit {
  const kept = new Set(to?.site.activate ?? []);
  return {
    activate: [],
    deactivate: from.site.activate.filter((file) => !kept.has(file)),
    options: {},
    pages: [],
    taxRates: [],
    product: null,
  };
}
