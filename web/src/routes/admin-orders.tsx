import { PageHeader } from "../components/ui/page-header";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/admin-orders";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Administration – Commandes",
    description: "Liste des commandes et suivi de la création des sites.",
    noIndex: true,
  });

export default function AdminOrders() {
  return <PageHeader title="Commandes" />;
}
