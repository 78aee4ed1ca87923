import { featuresLost } from "@lagon/contracts/plan-kits";
import type { SubscriptionView } from "@lagon/contracts/subscriptions-schemas";

/** A site's subscription as `GET /api/order/{id}` sends it: active Business, renewing on 22 December. */
export function subscriptionFixture(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    status: "active",
    status_label: "Actif",
    plan_id: "business",
    plan_name: "Business",
    amount_ttc_cents: 5425,
    current_period_end: "2026-12-22T09:00:00.000Z",
    cancel_at: null,
    cancel_effective_if_now: "2027-01-22T09:00:00.000Z",
    pending_plan: null,
    past_due_since: null,
    suspend_at: null,
    archive_at: null,
    site_change: null,
    card_label: "•••• 4242",
    plan_choices: [
      {
        plan_id: "starter",
        plan_name: "Starter",
        amount_ttc_cents: 2170,
        change: "downgrade",
        charge_now_cents: 0,
        stops: featuresLost("business", "starter"),
        mail: null,
        mail_refusal: null,
      },
      {
        plan_id: "libre",
        plan_name: "Libre",
        amount_ttc_cents: 1628,
        change: "downgrade",
        charge_now_cents: 0,
        stops: featuresLost("business", "libre"),
        mail: null,
        mail_refusal: null,
      },
    ],
    ...overrides,
  };
}
