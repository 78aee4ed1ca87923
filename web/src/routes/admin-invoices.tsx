import { AdminGate } from "../features/admin/admin-gate";
import { AdminInvoicesPage } from "../features/invoices/components/admin-invoices-page";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/admin-invoices";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Factures — administration", description: "Administration.", noIndex: true });

export default function Page() {
  return <AdminGate>{(token) => <AdminInvoicesPage token={token} />}</AdminGate>;
}
