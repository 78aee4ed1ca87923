import { TestCheckoutPage } from "../features/test-checkout/test-checkout-page";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/test-checkout";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Paiement de test", description: "Paiement de test de votre commande.", noIndex: true });

export default function TestCheckout() {
  return <TestCheckoutPage />;
}
