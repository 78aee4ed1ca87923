import type { Analytics } from "@lagon/contracts/admin";
import { formatShortDate } from "@lagon/contracts/french-date";
import { formatEuros } from "@lagon/contracts/pricing";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths";
import { adminFetch } from "./admin-api";
import { AdminNav } from "./admin-gate";

/** The agency's figures: clients, revenue, plans, 30-day growth, funnel; CSV export. */
export function AdminAnalyticsPage({ token }: { token: string }) {
  const [data, setData] = useState<Analytics | null>(null);
  useEffect(() => {
    adminFetch<Analytics>("/api/admin/analytics", token)
      .then(setData)
      .catch((err) => console.error("Statistiques indisponibles", err));
  }, [token]);
  const max = Math.max(1, ...(data?.growth_data.map((d) => d.count) ?? [1]));
  const active = data?.stats.active_orders ?? 0;
  return (
    <>
      <header className="admin-header">
        <h1>Statistiques</h1>
        <AdminNav token={token} current="analytics" />
      </header>
      <p>
        <Link to={paths.adminOrders(token)}>← Retour aux commandes</Link>{" "}
        <a
          className="button button-primary"
          href={`/api/admin/export-csv?token=${encodeURIComponent(token)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Exporter en CSV
        </a>
      </p>
      {data ? (
        <>
          <ul className="admin-counters">
            <li>
              <span>Clients</span> <strong>{data.stats.total_orders}</strong> <small>{active} actifs</small>
            </li>
            <li>
              <span>Revenu mensuel total</span> <strong>{formatEuros(data.stats.total_revenue * 100)}</strong>{" "}
              <small>dont {formatEuros(data.stats.monthly_revenue * 100)} ce mois-ci</small>
            </li>
            <li>
              <span>En cours</span> <strong>{data.stats.processing_orders}</strong>
            </li>
            <li>
              <span>Erreurs</span> <strong>{data.stats.error_orders}</strong>
            </li>
          </ul>
          <section className="admin-panel" aria-labelledby="plans-title">
            <h2 id="plans-title">Répartition par formule (sites actifs)</h2>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Formule</th>
                  <th scope="col">Sites</th>
                  <th scope="col">Part</th>
                  <th scope="col">Revenu mensuel</th>
                </tr>
              </thead>
              <tbody>
                {data.revenue_by_plan.map((p) => (
                  <tr key={p._id}>
                    <td>{p._id}</td>
                    <td>{p.count}</td>
                    <td>{active ? Math.round((p.count / active) * 100) : 0} %</td>
                    <td>{formatEuros(p.revenue * 100)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>
              Revenu récurrent mensuel (MRR) : <strong>{formatEuros(data.mrr * 100)}</strong>
            </p>
          </section>
          <section className="admin-panel" aria-labelledby="funnel-title">
            <h2 id="funnel-title">Entonnoir</h2>
            <p>
              Paiements ouverts <strong>{data.funnel.checkouts_opened}</strong> → payés{" "}
              <strong>{data.funnel.paid}</strong> → sites en ligne <strong>{data.funnel.live}</strong>
            </p>
          </section>
          <section className="admin-panel" aria-labelledby="growth-title">
            <h2 id="growth-title">Nouvelles commandes sur 30 jours</h2>
            <ol className="admin-growth">
              {data.growth_data.map((d) => (
                <li key={d.date}>
                  <span className="growth-date">{formatShortDate(`${d.date}T12:00:00Z`)}</span>
                  <span className="growth-bar" style={{ width: `${(d.count / max) * 100}%` }} />
                  <span className="growth-count">{d.count}</span>
                </li>
              ))}
            </ol>
          </section>
        </>
      ) : (
        <p>Chargement…</p>
      )}
    </>
  );
}
