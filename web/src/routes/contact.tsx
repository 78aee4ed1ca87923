import { PageHeader } from "../components/ui/page-header";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Contact",
    description:
      "Une question sur nos offres ou votre site ? Écrivez-nous : notre équipe de Saint-Paul vous répond rapidement.",
  });

export default function Contact() {
  return (
    <PageHeader title="Contactez-nous">
      <p>
        Une question sur nos offres ou sur votre site&nbsp;? Écrivez-nous, nous vous répondons rapidement.
      </p>
    </PageHeader>
  );
}
