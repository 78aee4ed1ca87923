import { PageHeader } from "../components/ui/page-header";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/articles";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Blog",
    description:
      "Conseils, guides et actualités pour réussir la présence en ligne de votre entreprise à La Réunion.",
  });

export default function Articles() {
  return (
    <PageHeader title="Blog">
      <p>Conseils et actualités pour réussir la présence en ligne de votre entreprise.</p>
    </PageHeader>
  );
}
