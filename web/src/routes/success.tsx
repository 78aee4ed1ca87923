import { SuccessPage } from "../features/success/success-page";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/success";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Paiement confirmé",
    description: "Votre paiement est confirmé et votre site est en cours de création.",
    noIndex: true,
  });

export default function Success() {
  return <SuccessPage />;
}
