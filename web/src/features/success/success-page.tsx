import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { paths } from "../../config/paths";
import { publicConfig } from "../../config/public-config";
import { clearOrderDraft } from "../checkout/order-draft";
import { SuccessProgress } from "./success-progress";
import "./success.css";
import { type OrderStatus, useOrderStatus } from "./use-order-status";

const TIMELINE = [
  { minutes: 2, label: "Votre sous-domaine est réservé" },
  { minutes: 3, label: "WordPress est installé" },
  { minutes: 5, label: "Vos accès arrivent par e-mail" },
];

/** The return page after payment: follows the site's creation until it is live. */
export function SuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const state = useOrderStatus(sessionId);
  const order = state.kind === "waiting" ? state.order : null;
  const completed = order?.status === "completed";
  // Paid: the order form kept for a return from the payment page is no longer needed.
  useEffect(() => {
    if (sessionId) clearOrderDraft();
  }, [sessionId]);

  return (
    <section className="section success">
      <div className="container success-grid">
        <div>
          <h1>Merci pour votre commande&nbsp;!</h1>
          <p className="success-session">
            Identifiant de paiement : <code>{sessionId ?? "—"}</code>
          </p>
          {state.kind === "closed" ? (
            <div className="success-alert is-error" role="alert">
              <p>{state.detail}</p>
              <p>
                <Link to={paths.customerArea()}>Recevoir un nouveau lien</Link>
              </p>
            </div>
          ) : (
            <>
              <SuccessProgress completed={completed} />
              <OrderNotice order={order} />
            </>
          )}

          {completed && order?.wp_admin_user ? (
            <div className="success-credentials">
              <h2>Vos accès WordPress</h2>
              <dl>
                <dt>Administration</dt>
                <dd>
                  <a href={`${siteUrl(order.domain)}/wp-admin/`}>{`${siteUrl(order.domain)}/wp-admin/`}</a>
                </dd>
                <dt>Identifiant</dt>
                <dd>
                  <code>{order.wp_admin_user}</code>
                </dd>
                <dt>Mot de passe</dt>
                <dd>
                  <code>{order.wp_admin_password}</code>
                </dd>
              </dl>
              {order.order_id && order.magic_link_token ? (
                <>
                  <a
                    className="button button-accent"
                    href={paths.dashboard(order.order_id, order.magic_link_token)}
                  >
                    Accéder à mon espace client
                  </a>
                  <p className="success-other-sites">
                    Ce bouton ouvre la commande de ce site uniquement. Pour retrouver tous vos sites, utilisez
                    le lien reçu par e-mail.
                  </p>
                </>
              ) : null}
            </div>
          ) : null}
        </div>

        <aside className="success-timeline" aria-labelledby="timeline-title">
          <h2 id="timeline-title">Délais de livraison</h2>
          <ol>
            {TIMELINE.map((t) => (
              <li key={t.minutes}>
                <span className="timeline-time">~{t.minutes} min</span> {t.label}
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </section>
  );
}

/** Where the order stands: failed, live, or still being created. */
function OrderNotice({ order }: { order: OrderStatus | null }) {
  if (order?.failed) {
    return (
      <div className="success-alert is-error" role="alert">
        <p>
          <strong>La création de votre site a rencontré un problème.</strong> Votre paiement est bien
          enregistré et notre équipe a été prévenue : elle reprend votre commande au plus vite.
        </p>
        <p>
          Besoin d'aide ? <a href={paths.mailto(publicConfig.CONTACT_EMAIL)}>{publicConfig.CONTACT_EMAIL}</a>{" "}
          · <a href={paths.tel(publicConfig.CONTACT_PHONE)}>{publicConfig.CONTACT_PHONE}</a>
        </p>
      </div>
    );
  }
  if (order?.status === "completed") {
    return (
      <div className="success-alert is-done" role="status">
        <p className="success-done-title">Email envoyé !</p>
        <p>Votre site {order.domain ? <strong>{order.domain}</strong> : null} est en ligne.</p>
      </div>
    );
  }
  return (
    <div className="success-alert" role="status">
      <p>
        <strong>Vérifiez votre boîte mail</strong> : vos accès et le lien vers votre espace client vous y
        attendent dès que votre site est prêt (pensez aux courriers indésirables).
      </p>
    </div>
  );
}

/** The site's public address from its host name (http on localhost, https elsewhere). */
function siteUrl(domain: string | null): string {
  if (!domain) return "";
  if (/^https?:\/\//.test(domain)) return domain.replace(/\/$/, "");
  return `${domain.includes("localhost") ? "http" : "https"}://${domain}`;
}
