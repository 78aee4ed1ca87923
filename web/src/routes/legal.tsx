import { PageHeader } from "../components/ui/page-header";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/legal";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Mentions légales",
    description:
      "Mentions légales : éditeur, hébergeur, propriété intellectuelle, usage de l'IA, données personnelles et cookies.",
  });

export default function Legal() {
  return <PageHeader title="Mentions légales" />;
}
