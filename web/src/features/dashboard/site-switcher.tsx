import type { CustomerOrders } from "@lagon/contracts/orders";
import { useEffect, useState } from "react";
import { paths } from "../../config/paths";
import { fetchJson } from "../../lib/fetch-json";

const STATUS_LABEL: Record<string, string> = {
  active: "en ligne",
  processing: "en cours",
  pending: "en attente",
  error: "en erreur",
};

/** When the customer has several sites: a list to go from one to another. */
export function SiteSwitcher({ orderId, email, token }: { orderId: string; email: string; token: string }) {
  const [sites, setSites] = useState<CustomerOrders | null>(null);
  useEffect(() => {
    fetchJson<CustomerOrders>(
      `/api/customer/orders?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`,
    )
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
              onClick={(e) => {
                e.preventDefault();
                window.location.assign(paths.dashboard(s.order_id, s.magic_link_token));
              }}
            >
              <span className={`status-dot is-${s.status}`} aria-hidden="true" />{" "}
              <strong>{s.subdomain}</strong> — {s.plan_name}
              <span className="visually-hidden"> ({STATUS_LABEL[s.status] ?? s.status})</span>
              {s.koza_option ? <span className="koza-mark"> · Koza</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
