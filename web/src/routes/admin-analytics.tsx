import { AdminAnalyticsPage } from "../features/admin/admin-analytics-page";
import { AdminGate } from "../features/admin/admin-gate";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/admin-analytics";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Statistiques — administration", description: "Administration.", noIndex: true });

export default function Page() {
  return <AdminGate>{(token) => <AdminAnalyticsPage token={token} />}</AdminGate>;
}
