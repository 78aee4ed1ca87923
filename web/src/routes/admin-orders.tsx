import { AdminGate } from "../features/admin/admin-gate";
import { AdminOrdersPage } from "../features/admin/admin-orders-page";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/admin-orders";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Commandes — administration", description: "Administration.", noIndex: true });

export default function Page() {
  return <AdminGate>{(token) => <AdminOrdersPage token={token} />}</AdminGate>;
}
