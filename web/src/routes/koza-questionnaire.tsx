import { useSearchParams } from "react-router";
import { PageHeader } from "../components/ui/page-header";
import { paths } from "../config/paths";
import { KozaGate } from "../features/koza/koza-gate";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/koza-questionnaire";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Questionnaire Koza",
    description:
      "Répondez au questionnaire : Koza rédige les textes et choisit les photos de votre site de 5 pages.",
    noIndex: true,
  });

export default function KozaQuestionnaire() {
  const [params] = useSearchParams();
  const orderId = params.get("orderId") ?? "";
  const token = params.get("token") ?? "";
  return (
    <>
      <PageHeader title="Questionnaire Koza">
        <p>
          Une dizaine de questions sur votre activité&nbsp;: Koza rédige et illustre les 5 pages de votre
          site.
        </p>
      </PageHeader>
      <section className="section">
        <div className="container">
          {orderId && token ? (
            <KozaGate orderId={orderId} token={token} />
          ) : (
            <div className="koza-notice" role="alert">
              <h2>Lien incomplet</h2>
              <p>
                Ouvrez le questionnaire depuis votre espace client, avec le lien reçu par e-mail.{" "}
                <a href={paths.customerArea()}>Recevoir un nouveau lien</a>
              </p>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
