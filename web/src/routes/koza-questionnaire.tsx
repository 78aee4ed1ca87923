import { PageHeader } from "../components/ui/page-header";
import { KozaWizard } from "../features/koza/koza-wizard";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/koza-questionnaire";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Questionnaire Koza",
    description: "Koza rédige votre site à partir de vos réponses.",
    noIndex: true,
  });

export default function KozaQuestionnaire() {
  return (
    <>
      <PageHeader title="Questionnaire Koza">
        <p>
          Une dizaine de questions sur votre activité&nbsp;: Koza rédige et illustre les 5 pages de votre
          site.
        </p>
      </PageHeader>
      <section className="section">
        <div className="container">
          <KozaWizard />
        </div>
      </section>
    </>
  );
}
