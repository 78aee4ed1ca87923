import { PageHeader } from "../components/ui/page-header";
import { paths } from "../config/paths";
import { publicConfig } from "../config/public-config";
import { LostLinkForm } from "../features/lost-link/lost-link-form";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/customer-area";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Espace client",
    description: "Vous avez perdu le lien d'accès à votre commande ? Recevez un nouveau lien par e-mail.",
    path: paths.customerArea(),
  });

export default function CustomerArea() {
  return (
    <>
      <PageHeader title="Espace client">
        <p>
          Vous avez perdu le lien d'accès à votre commande&nbsp;? Indiquez votre adresse e-mail pour en
          recevoir un nouveau.
        </p>
      </PageHeader>
      <section className="section">
        <div className="container contact-layout">
          <LostLinkForm />
          <aside className="contact-card" aria-labelledby="lost-help-title">
            <h2 id="lost-help-title">Bon à savoir</h2>
            <p>
              Le lien vous donne accès à vos identifiants WordPress et à l'option de domaine personnalisé.
              Rien reçu après 5 minutes&nbsp;? Vérifiez vos courriers indésirables (spam).
            </p>
            <h2>Besoin d'aide&nbsp;?</h2>
            <p>
              <a href={paths.mailto(publicConfig.CONTACT_EMAIL)}>{publicConfig.CONTACT_EMAIL}</a>
              <br />
              <a href={paths.tel(publicConfig.CONTACT_PHONE)}>{publicConfig.CONTACT_PHONE}</a>
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
