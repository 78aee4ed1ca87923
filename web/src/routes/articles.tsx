import { PageHeader } from "../components/ui/page-header";
import { paths } from "../config/paths";
import { BlogList } from "../features/blog/blog-list";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/articles";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Blog",
    description:
      "Conseils, guides et actualités pour réussir la présence en ligne de votre entreprise à La Réunion.",
    path: paths.articles(),
  });

export default function Articles() {
  return (
    <>
      <PageHeader title="Blog">
        <p>Conseils et actualités pour réussir la présence en ligne de votre entreprise.</p>
      </PageHeader>
      <BlogList />
    </>
  );
}
