import { PageHeader } from "../components/ui/page-header";
import { paths } from "../config/paths";
import { publicConfig } from "../config/public-config";
import "../features/marketing/marketing.css";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/legal";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Mentions légales",
    description:
      "Mentions légales\u00a0: éditeur, hébergeur, propriété intellectuelle, usage de l'intelligence artificielle (Koza), données personnelles (RGPD), cookies, responsabilité et juridiction.",
    path: paths.legal(),
  });

export default function Legal() {
  const c = publicConfig;
  const email = <a href={paths.mailto(c.CONTACT_EMAIL)}>{c.CONTACT_EMAIL}</a>;
  return (
    <>
      <PageHeader title="Mentions légales">
        <p>Les informations légales du site et de nos services, et vos droits sur vos données.</p>
      </PageHeader>
      <div className="section">
        <div className="container">
          <div className="prose legal">
            <section id="editeur" aria-labelledby="editeur-title">
              <h2 id="editeur-title">Éditeur du site</h2>
              <p>
                {c.COMPANY_NAME}, {c.COMPANY_LEGAL_FORM}, immatriculée sous le numéro SIRET {c.COMPANY_SIRET},
                dont le siège est situé {c.COMPANY_ADDRESS}.
              </p>
              <p>
                E-mail&nbsp;: {email}. Téléphone&nbsp;:{" "}
                <a href={paths.tel(c.CONTACT_PHONE)}>{c.CONTACT_PHONE}</a>. Directeur de la publication&nbsp;:
                le représentant légal de {c.COMPANY_NAME}.
              </p>
            </section>
            <section id="hebergeur" aria-labelledby="hebergeur-title">
              <h2 id="hebergeur-title">Hébergeur</h2>
              <p>Ce site et les sites de nos clients sont hébergés par&nbsp;: {c.COMPANY_HOST}.</p>
            </section>
            <section id="propriete-intellectuelle" aria-labelledby="propriete-intellectuelle-title">
              <h2 id="propriete-intellectuelle-title">Propriété intellectuelle</h2>
              <p>
                Les contenus de ce site (textes, logo, illustrations, code) appartiennent à {c.COMPANY_NAME},
                sauf mention contraire. Toute reproduction ou représentation, totale ou partielle, sans
                autorisation écrite est interdite.
              </p>
              <p>
                Les contenus que nos clients publient sur leur propre site (textes, photos, logos), y compris
                ceux rédigés avec Koza, restent leur propriété. WordPress est un logiciel libre distribué sous
                licence GPL.
              </p>
            </section>
            <section id="intelligence-artificielle" aria-labelledby="intelligence-artificielle-title">
              <h2 id="intelligence-artificielle-title">Usage de l'intelligence artificielle (Koza)</h2>
              <p>
                L'option Koza utilise un modèle de langage pour rédiger les textes d'un site vitrine de 5
                pages à partir des réponses du client au questionnaire. Les textes générés sont des
                propositions&nbsp;: le client les relit, les modifie si besoin et reste responsable de ce
                qu'il publie.
              </p>
              <p>
                Seules les réponses au questionnaire sont transmises au modèle, jamais les données de
                paiement. Les photos et le logo envoyés ne servent qu'au site du client&nbsp;; leurs
                métadonnées (position GPS, appareil photo) sont supprimées avant publication.
              </p>
            </section>
            <section id="donnees-personnelles" aria-labelledby="donnees-personnelles-title">
              <h2 id="donnees-personnelles-title">Données personnelles (RGPD)</h2>
              <p>
                {c.COMPANY_NAME} est responsable du traitement des données collectées sur ce site&nbsp;: nom,
                e-mail, téléphone, adresse, entreprise, informations de commande et messages envoyés par le
                formulaire de contact. Elles servent à exécuter votre commande, créer et gérer votre site,
                vous envoyer vos accès et répondre à vos demandes (exécution du contrat), et à tenir notre
                comptabilité (obligation légale).
              </p>
              <p>
                Elles sont conservées pendant la durée de l'abonnement puis trois ans, et dix ans pour les
                pièces comptables. Elles ne sont ni vendues ni cédées&nbsp;; seuls nos prestataires de
                paiement et d'envoi d'e-mails en reçoivent ce qui leur est nécessaire. Le paiement par carte
                est traité directement par notre prestataire de paiement&nbsp;: nous ne voyons jamais votre
                numéro de carte.
              </p>
              <p>
                Vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation, d'opposition
                et de portabilité de vos données&nbsp;: écrivez-nous à {email}. Si vous estimez que vos droits
                ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (www.cnil.fr).
              </p>
            </section>
            <section id="cookies" aria-labelledby="cookies-title">
              <h2 id="cookies-title">Cookies</h2>
              <p>
                Ce site n'utilise aucun cookie publicitaire ni aucune mesure d'audience tierce. Le captcha des
                formulaires est auto-hébergé et ne dépose aucun traceur.
              </p>
              <p>
                Deux services peuvent déposer des cookies strictement nécessaires à leur fonctionnement&nbsp;:
                la messagerie instantanée, lorsqu'elle est activée, pour conserver votre conversation, et
                notre prestataire de paiement, pour prévenir la fraude lors du paiement.
              </p>
            </section>
            <section id="responsabilite" aria-labelledby="responsabilite-title">
              <h2 id="responsabilite-title">Responsabilité</h2>
              <p>
                {c.COMPANY_NAME} s'efforce d'assurer l'exactitude des informations publiées sur ce site, sans
                pouvoir en garantir l'exhaustivité. Elle ne saurait être tenue responsable d'une
                indisponibilité temporaire du site, ni des contenus que ses clients publient sur leurs propres
                sites, ni des sites tiers vers lesquels pointent des liens.
              </p>
            </section>
            <section id="juridiction" aria-labelledby="juridiction-title">
              <h2 id="juridiction-title">Droit applicable et juridiction</h2>
              <p>
                Les présentes mentions sont régies par le droit français. En cas de litige, et après une
                tentative de résolution amiable, les tribunaux du ressort de Saint-Denis de La Réunion sont
                seuls compétents, sous réserve des règles protectrices applicables aux consommateurs.
              </p>
            </section>
          </div>
        </div>
      </div>
    </>
  );
}
