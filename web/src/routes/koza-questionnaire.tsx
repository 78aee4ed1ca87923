import { PageHeader } from "../components/ui/page-header";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/koza-questionnaire";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Questionnaire Koza",
    description:
      "Répondez au questionnaire : Koza rédige les textes et choisit les photos de votre site de 5 pages.",
    noIndex: true,
  });

export default function KozaQuestionnaire() {
  return (
    <PageHeader title="Questionnaire Koza">
      <p>
        Répondez à quelques questions sur votre activité&nbsp;: Koza rédige les textes et choisit les photos
        de votre site de 5 pages.
      </p>
    </PageHeader>
  );
}
