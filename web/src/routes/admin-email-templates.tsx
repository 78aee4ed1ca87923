import { PageHeader } from "../components/ui/page-header";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/admin-email-templates";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Administration – Modèles d'e-mails",
    description: "Modification des modèles d'e-mails envoyés aux clients.",
    noIndex: true,
  });

export default function AdminEmailTemplates() {
  return <PageHeader title="Modèles d'e-mails" />;
}
