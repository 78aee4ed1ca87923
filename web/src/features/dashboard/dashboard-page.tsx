import type { CustomerOrderView } from "@lagon/contracts/orders-schemas";
import { Link, useParams, useSearchParams } from "react-router";
import { paths } from "../../config/paths";
import { publicConfig } from "../../config/public-config";
import "./dashboard-page.css";
import { SiteBackups } from "../backups/components/site-backups";
import { BookingBlock } from "../booking/components/booking-block";
import { DomainRequestBlock } from "../custom-domains/components/domain-request";
import { OrderInvoicesBlock } from "../invoices/components/order-invoices";
import { MailboxesBlock } from "../mailboxes/components/mailboxes-block";
import { SiteMaintenance } from "../maintenance/components/site-maintenance";
import { SftpBlock } from "../sftp/components/sftp-block";
import { ContactFormBlock } from "../site-mail/components/contact-form-block";
import { SubscriptionBlock } from "../subscriptions/components/subscription-block";
import { SiteVisits } from "../visits/components/site-visits";
import { KitNotice } from "./kit-notice";
import { KozaPurchaseNotice, useKozaPurchase } from "./koza-purchase-notice";
import { KozaSection } from "./koza-section";
import { SiteSwitcher } from "./site-switcher";
import { StepList } from "./step-list";
import { useOrder } from "./use-order";
import { WpCredentials } from "./wp-credentials";

/** The customer's private order page, reached by the magic link or from the payment success page. */
export function DashboardPage() {
  const { orderId = "" } = useParams();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const kozaPurchase = useKozaPurchase();
  const state = useOrder(orderId, token, { untilKoza: kozaPurchase === "paye" });

  if (state.kind === "loading")
    return (
      <p className="page-loading" role="status">
        Chargement de votre commande…
      </p>
    );
  if (state.kind === "missing") {
    return (
      <section className="section">
        <div className="container">
          <div className="dashboard-card dashboard-missing">
            <h1>Commande introuvable</h1>
            <p>
              Ce lien d'accès n'est pas valide ou est incomplet. Utilisez le lien reçu par e-mail, ou
              demandez-en un nouveau depuis l'espace client.
            </p>
            <p className="dashboard-actions">
              <Link to={paths.home()} className="button button-primary">
                Retour à l'accueil
              </Link>
              <Link to={paths.customerArea()}>Recevoir un nouveau lien</Link>
            </p>
          </div>
        </div>
      </section>
    );
  }
  const { order } = state;
  const active = order.status === "active";
  return (
    <section className="section dashboard">
      <div className="container dashboard-grid">
        <div className="dashboard-main">
          <KozaPurchaseNotice purchase={kozaPurchase} order={order} token={token} />
          <header className="dashboard-card">
            <h1>Bonjour {order.customer_name} !</h1>
            <p>
              Commande n° <strong>{order.order_id.slice(0, 8)}</strong> — formule {order.plan_name}
            </p>
            <p>
              Adresse de votre site : <strong>{new URL(order.site_url).host}</strong>{" "}
              {active ? (
                <a
                  className="button button-accent"
                  href={order.site_url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Voir mon site
                </a>
              ) : null}
            </p>
          </header>

          <section className="dashboard-card" aria-labelledby="steps-title">
            <h2 id="steps-title">Création de votre site</h2>
            <StatusMessage order={order} />
            <StepList steps={order.steps} kit={order.kit} />
            <KitNotice kit={order.kit} />
          </section>

          <SubscriptionBlock order={order} token={token} />

          <OrderInvoicesBlock
            orderId={order.order_id}
            token={token}
            key={[
              order.koza_option,
              order.subscription?.plan_id,
              order.subscription?.status,
              order.subscription?.current_period_end,
            ].join("|")}
          />

          {active && order.wp_credentials ? <WpCredentials credentials={order.wp_credentials} /> : null}

          <KozaSection order={order} token={token} />

          {active ? <SiteVisits orderId={order.order_id} token={token} /> : null}

          {active ? <BookingBlock orderId={order.order_id} token={token} /> : null}

          {active ? <SiteMaintenance orderId={order.order_id} token={token} /> : null}

          {active ? <SiteBackups orderId={order.order_id} token={token} /> : null}

          {active ? <MailboxesBlock orderId={order.order_id} token={token} /> : null}

          {active ? <ContactFormBlock orderId={order.order_id} token={token} /> : null}
          {active && order.subscription?.plan_id === "libre" ? (
            <SftpBlock orderId={order.order_id} token={token} />
          ) : null}

          <DomainRequestBlock order={order} token={token} />
        </div>

        <aside className="dashboard-aside">
          {/* The customer's other sites need the link received by e-mail, not the success page's:
              asked for with the very token the server found to prove the mailbox. */}
          {order.access === "mailbox" ? (
            <SiteSwitcher
              orderId={order.order_id}
              email={order.customer_email}
              token={order.magic_link_token}
            />
          ) : null}
          <section className="dashboard-card" aria-labelledby="guides-title">
            <h2 id="guides-title">Guides</h2>
            <ul>
              <li>
                <a href={paths.guide("wordpress")}>Guide de démarrage WordPress (PDF)</a>
              </li>
              <li>
                <a href={paths.guide("koza")}>Guide Koza (PDF)</a>
              </li>
            </ul>
          </section>
          <section className="dashboard-card" aria-labelledby="help-title">
            <h2 id="help-title">Besoin d'aide ?</h2>
            <p>
              <a href={paths.mailto(publicConfig.CONTACT_EMAIL)}>{publicConfig.CONTACT_EMAIL}</a>
              <br />
              <a href={paths.tel(publicConfig.CONTACT_PHONE)}>{publicConfig.CONTACT_PHONE}</a>
            </p>
            <p>Du lundi au vendredi de 8h à 18h, le samedi de 9h à 12h (heure de La Réunion).</p>
          </section>
        </aside>
      </div>
    </section>
  );
}

function StatusMessage({ order }: { order: CustomerOrderView }) {
  if (order.status === "active") return <p className="status-message is-ready">Votre site est prêt !</p>;
  if (order.status === "error") {
    return (
      <div className="status-message is-error dashboard-alert" role="alert">
        <p>La création de votre site a rencontré un problème.</p>
        <p>
          Notre équipe a été prévenue et reprend votre commande : votre paiement est bien enregistré. Pour
          toute question, écrivez-nous à{" "}
          <a href={paths.mailto(publicConfig.CONTACT_EMAIL)}>{publicConfig.CONTACT_EMAIL}</a> ou appelez le{" "}
          <a href={paths.tel(publicConfig.CONTACT_PHONE)}>{publicConfig.CONTACT_PHONE}</a>.
        </p>
      </div>
    );
  }
  return (
    <p className="status-message">
      Votre site est en cours d'installation : comptez environ 5 minutes. Cette page se met à jour
      automatiquement.
    </p>
  );
}
