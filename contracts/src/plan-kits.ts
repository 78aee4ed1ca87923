// What each plan's kit adds to its WordPress site, in French (decision 0058): shown when the kit
// waits or is applied, and listed in the warning before a downgrade turns it off.

export const PLAN_KIT_FEATURES: Record<string, string[]> = {
  starter: [],
  business: ["Boutique en ligne WooCommerce (catalogue, panier, paiement, commandes)"],
  libre: [],
};

/** The features a move from plan `from` to plan `to` stops; the customer's data stays in the site. */
export function kitFeaturesLost(from: string, to: string): string[] {
  const kept = new Set(PLAN_KIT_FEATURES[to] ?? []);
  return (PLAN_KIT_FEATURES[from] ?? []).filter((feature) => !kept.has(feature));
}
