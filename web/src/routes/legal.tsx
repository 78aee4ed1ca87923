import { PageHeader } from "../components/ui/page-header";
import { publicConfig } from "../config/public-config";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/legal";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Mentions légales",
    description:
      "Mentions légales : éditeur, hébergeur, propriété intellectuelle, usage de l'IA, données personnelles et cookies.",
  });

export default function Legal() {
  const c = publicConfig;
  return (
    <>
      <PageHeader title="Mentions légales" />
      <section className="section">
        <div className="container legal">
          <h2>Éditeur du site</h2>
          <p>
            {c.COMPANY_NAME}, {c.COMPANY_LEGAL_FORM}, SIRET {c.COMPANY_SIRET}, {c.COMPANY_ADDRESS}.
            E-mail&nbsp;: {c.CONTACT_EMAIL}. Téléphone&nbsp;: {c.CONTACT_PHONE}. Directeur de la
            publication&nbsp;: le représentant légal de {c.COMPANY_NAME}.
          </p>
          <h2>Hébergeur</h2>
          <p>{c.COMPANY_HOST}. Les sites de nos clients sont hébergés en France.</p>
          <h2>Propriété intellectuelle</h2>
          <p>
            Les contenus de ce site (textes, logos, illustrations) appartiennent à {c.COMPANY_NAME}, sauf
            mention contraire. Toute reproduction sans autorisation est interdite. Les contenus publiés par
            nos clients sur leurs propres sites restent leur propriété.
          </p>
          <h2>Usage de l'intelligence artificielle</h2>
          <p>
            L'option Koza utilise un modèle de langage pour rédiger des textes à partir des réponses du client
            au questionnaire. Les textes générés sont des propositions&nbsp;: le client les relit, les modifie
            et en reste responsable. Les photos envoyées ne servent qu'à son site, et leurs métadonnées
            (position GPS, appareil) sont supprimées.
          </p>
          <h2>Données personnelles (RGPD)</h2>
          <p>
            Nous traitons vos données (nom, e-mail, téléphone, adresse, informations de commande) pour
            exécuter votre commande, gérer votre site et vous contacter. Elles sont conservées pendant la
            durée de l'abonnement puis trois ans. Vous disposez d'un droit d'accès, de rectification,
            d'effacement, de limitation, d'opposition et de portabilité&nbsp;: écrivez à {c.CONTACT_EMAIL}.
            Vous pouvez saisir la CNIL (www.cnil.fr).
          </p>
          <h2>Cookies</h2>
          <p>
            Ce site n'utilise aucun cookie publicitaire ni de mesure d'audience tierce. Le captcha est
            auto-hébergé et ne dépose aucun traceur. Si la messagerie instantanée est activée, elle peut
            déposer un cookie fonctionnel.
          </p>
          <h2>Responsabilité</h2>
          <p>
            {c.COMPANY_NAME} s'efforce d'assurer l'exactitude des informations de ce site mais ne saurait être
            tenue responsable des erreurs, d'une indisponibilité temporaire ou des contenus publiés par ses
            clients.
          </p>
          <h2>Droit applicable et juridiction</h2>
          <p>
            Les présentes mentions sont régies par le droit français. En cas de litige, et après une tentative
            de résolution amiable, les tribunaux de Saint-Denis de La Réunion sont compétents.
          </p>
        </div>
      </section>
    </>
  );
}
