import { AdminGate } from "../features/admin/admin-gate";
import { AdminTemplatesPage } from "../features/admin/admin-templates-page";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/admin-email-templates";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Modèles d'e-mails — administration", description: "Administration.", noIndex: true });

export default function Page() {
  return <AdminGate>{(token) => <AdminTemplatesPage token={token} />}</AdminGate>;
}
