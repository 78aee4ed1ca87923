import { DashboardPage } from "../features/dashboard/dashboard-page";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Votre commande",
    description: "Suivi de votre commande et accès à votre site.",
    noIndex: true,
  });

export default function Dashboard() {
  return <DashboardPage />;
}
