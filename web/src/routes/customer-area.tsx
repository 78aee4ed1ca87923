import { PageHeader } from "../components/ui/page-header";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/customer-area";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Espace client",
    description: "Vous avez perdu le lien d'accès à votre commande ? Recevez un nouveau lien par e-mail.",
  });

export default function CustomerArea() {
  return (
    <PageHeader title="Espace client">
      <p>
        Vous avez perdu le lien d'accès à votre commande&nbsp;? Indiquez votre adresse e-mail pour en recevoir
        un nouveau.
      </p>
    </PageHeader>
  );
}
