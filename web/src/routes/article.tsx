import { Link } from "react-router";
import { PageHeader } from "../components/ui/page-header";
import { paths } from "../config/paths";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/article";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Article du blog",
    description: "Conseils et actualités pour réussir la présence en ligne de votre entreprise.",
  });

export default function Article() {
  return (
    <PageHeader title="Article du blog">
      <p>
        <Link to={paths.articles()}>Retour au blog</Link>
      </p>
    </PageHeader>
  );
}
