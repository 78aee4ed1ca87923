import { PageHeader } from "../components/ui/page-header";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/admin-analytics";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Administration – Statistiques",
    description: "Clients, chiffre d'affaires et croissance des commandes.",
    noIndex: true,
  });

export default function AdminAnalytics() {
  return <PageHeader title="Statistiques" />;
}
