import { Link } from "react-router";
import { PageHeader } from "../components/ui/page-header";
import { paths } from "../config/paths";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Page introuvable",
    description: "La page que vous cherchez n'existe pas ou a été déplacée.",
    noIndex: true,
  });

export default function NotFound() {
  return (
    <PageHeader title="Page introuvable">
      <p>La page que vous cherchez n'existe pas ou a été déplacée.</p>
      <p>
        <Link to={paths.home()} className="button button-primary">
          Retour à l'accueil
        </Link>
      </p>
    </PageHeader>
  );
}
