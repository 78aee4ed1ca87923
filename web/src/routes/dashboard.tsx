import { PageHeader } from "../components/ui/page-header";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Suivi de votre commande",
    description:
      "Suivez la création de votre site, retrouvez vos identifiants WordPress et gérez vos options.",
    noIndex: true,
  });

export default function Dashboard() {
  return (
    <PageHeader title="Suivi de votre commande">
      <p>Suivez la création de votre site et retrouvez vos identifiants WordPress.</p>
    </PageHeader>
  );
}
