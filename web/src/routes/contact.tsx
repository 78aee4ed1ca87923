import { PageHeader } from "../components/ui/page-header";
import { paths } from "../config/paths";
import { publicConfig } from "../config/public-config";
import { ContactForm } from "../features/contact/contact-form";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Contact",
    description:
      "Une question sur nos offres ou votre site ? Écrivez-nous : notre équipe de Saint-Paul vous répond rapidement.",
    path: paths.contact(),
  });

export default function Contact() {
  return (
    <>
      <PageHeader title="Contactez-nous">
        <p>
          Une question sur nos offres ou sur votre site&nbsp;? Écrivez-nous, nous vous répondons rapidement.
        </p>
      </PageHeader>
      <section className="section">
        <div className="container contact-layout">
          <ContactForm />
          <aside className="contact-card" aria-labelledby="contact-details-title">
            <h2 id="contact-details-title">Nos coordonnées</h2>
            <p>
              <a href={paths.mailto(publicConfig.CONTACT_EMAIL)}>{publicConfig.CONTACT_EMAIL}</a>
              <br />
              <a href={paths.tel(publicConfig.CONTACT_PHONE)}>{publicConfig.CONTACT_PHONE}</a>
              <br />
              Saint-Paul, La Réunion
            </p>
            <h2>Horaires du support</h2>
            <p>Heure de La Réunion (UTC+4)&nbsp;:</p>
            <ul>
              <li>Du lundi au vendredi&nbsp;: 8h – 18h</li>
              <li>Le samedi&nbsp;: 9h – 12h</li>
              <li>Le dimanche&nbsp;: fermé</li>
            </ul>
          </aside>
        </div>
      </section>
    </>
  );
}
