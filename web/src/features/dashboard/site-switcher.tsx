import type { OrderStatus } from "@lagon/contracts/orders";
import type { CustomerOrders } from "@lagon/contracts/orders-schemas";
import { SUBSCRIPTION_STATUS_LABELS } from "@lagon/contracts/subscriptions";
import { useEffect, useState } from "react";
import { paths } from "../../config/paths";
import { getCustomerOrders } from "./api/get-customer-orders";
import "./site-switcher.css";

const STATUS: Record<OrderStatus, { icon: string; label: string }> = {
  active: { icon: "✓", label: "en ligne" },
  processing: { icon: "…", label: "en cours de création" },
  pending: { icon: "…", label: "en attente" },
  error: { icon: "!", label: "en erreur" },
};

/**
 * When the customer has several sites: the list of them with each one's subscription status,
 * for a page opened with the e-mailed link (`token` proves the mailbox). Each is a plain link to
 * its own order page, so choosing one loads that page afresh.
 */
export function SiteSwitcher({ orderId, email, token }: { orderId: string; email: string; token: string }) {
  const [sites, setSites] = useState<CustomerOrders | null>(null);
  useEffect(() => {
    getCustomerOrders(email, token)
      .then(setSites)
      .catch((err) => console.error("Liste des sites indisponible", err));
  }, [email, token]);
  if (!sites || sites.total_sites < 2) return null;
  return (
    <nav className="dashboard-card site-switcher" aria-labelledby="switcher-title">
      <h2 id="switcher-title">Vos {sites.total_sites} sites</h2>
      <ul>
        {sites.orders.map((s) => (
          <li key={s.order_id}>
            <a
              href={paths.dashboard(s.order_id, s.magic_link_token)}
              aria-current={s.order_id === orderId ? "page" : undefined}
            >
              <span className={`site-status is-${s.status}`} aria-hidden="true">
                {STATUS[s.status].icon}
              </span>
              <span className="site-name">
                <strong>{s.subdomain}</strong>
                <span className="site-plan">
                  {s.plan_name}
                  <span className="visually-hidden"> — {STATUS[s.status].label}</span>
                </span>
                {s.subscription_status ? (
                  <span className={`site-subscription is-${s.subscription_status}`}>
                    Abonnement : {SUBSCRIPTION_STATUS_LABELS[s.subscription_status].toLowerCase()}
                  </span>
                ) : null}
              </span>
              {s.koza_option ? <span className="koza-mark">Koza</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
