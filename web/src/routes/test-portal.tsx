import { TestPortalPage } from "../features/test-checkout/test-portal-page";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/test-portal";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Gestion de votre abonnement (test)",
    description: "Carte de paiement et factures de votre abonnement.",
    noIndex: true,
  });

export default function TestPortal() {
  return <TestPortalPage />;
}
