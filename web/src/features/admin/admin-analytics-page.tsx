import type { Analytics } from "@lagon/contracts/admin-schemas";
import { formatShortDate } from "@lagon/contracts/french-date";
import { formatEuros } from "@lagon/contracts/pricing";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { apiPaths, withToken } from "../../api/paths";
import { paths } from "../../config/paths";
import { countOf, plural } from "../../lib/plural";
import { AdminNav } from "./admin-gate";
import { getAnalytics } from "./api/get-analytics";
import { RevenueChart } from "./revenue-chart";
import "./admin-analytics-page.css";

/** The API's euros (two decimals at most) in French: "1 234,50 €". */
const euros = (n: number) => formatEuros(Math.round(n * 100));
const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)} %` : "—");
/** "12,5 %": the churn rate, to a tenth of a percent. */
const rate = (r: number) => `${(Math.round(r * 1000) / 10).toString().replace(".", ",")} %`;

/**
 * The agency's figures: clients, money collected (HT, from our invoices), the 12-month chart,
 * MRR, churn and past due, plans, 30-day growth and funnel; CSV export.
 */
export function AdminAnalyticsPage({ token }: { token: string }) {
  const [data, setData] = useState<Analytics | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    getAnalytics(token)
      .then(setData)
      // Spec: an analytics failure is logged only.
      .catch((err) => {
        console.error("Statistiques indisponibles", err);
        setFailed(true);
      });
  }, [token]);

  return (
    <>
      <header className="admin-header">
        <h1>Statistiques</h1>
        <AdminNav token={token} current="analytics" />
      </header>
      <p className="admin-analytics-actions">
        <Link to={paths.adminOrders(token)}>← Retour aux commandes</Link>
        <a
          className="button button-primary"
          href={withToken(apiPaths.adminExportCsv(), token)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Exporter en CSV
        </a>
      </p>
      {data ? <Figures data={data} /> : failed ? null : <p>Chargement…</p>}
    </>
  );
}

function Figures({ data }: { data: Analytics }) {
  const { stats, funnel } = data;
  const max = Math.max(1, ...data.growth_data.map((d) => d.count));
  const newOrders = data.growth_data.reduce((n, d) => n + d.count, 0);
  return (
    <>
      <ul className="admin-counters is-wide" aria-label="Chiffres clés">
        <li>
          <span>Clients</span> <strong>{stats.total_customers}</strong>{" "}
          <small>dont {countOf(stats.active_customers, "actif", "actifs")}</small>
        </li>
        <li>
          <span>Revenu total HT</span> <strong>{euros(stats.total_revenue)}</strong>{" "}
          <small>dont {euros(stats.monthly_revenue)} ce mois-ci</small>
        </li>
        <li>
          <span>En cours</span> <strong>{stats.processing_orders}</strong>
        </li>
        <li>
          <span>Erreurs</span> <strong>{stats.error_orders}</strong>
        </li>
      </ul>
      <p className="admin-note">
        Revenu encaissé d'après nos factures, hors taxes : abonnements, Koza et remises compris,
        remboursements (avoirs) déduits.
      </p>
      <ul className="admin-counters is-wide" aria-label="Abonnements">
        <li>
          <span>Revenu mensuel récurrent (MRR) HT</span> <strong>{euros(data.mrr)}</strong>{" "}
          <small>abonnements actifs, remises déduites</small>
        </li>
        <li>
          <span>Attrition sur 30 jours</span>{" "}
          <strong>{data.churn_rate === null ? "—" : rate(data.churn_rate)}</strong>{" "}
          <small>
            {data.churn.active_at_start > 0
              ? `${countOf(data.churn.ended, "abonnement terminé", "abonnements terminés")} sur ${data.churn.active_at_start}`
              : "aucun abonnement il y a 30 jours"}
          </small>
        </li>
        <li>
          <span>Impayés HT</span> <strong>{euros(data.past_due_amount)}</strong>{" "}
          <small>{countOf(data.past_due_count, "abonnement en retard", "abonnements en retard")}</small>
        </li>
      </ul>
      <section className="admin-panel admin-revenue" aria-labelledby="revenue-title">
        <h2 id="revenue-title">Revenu encaissé sur 12 mois (HT)</h2>
        <RevenueChart series={data.revenue_series} />
      </section>
      <div className="admin-panels">
        <section className="admin-panel" aria-labelledby="plans-title">
          <h2 id="plans-title">Répartition par formule</h2>
          <div className="admin-table-scroll">
            <table className="admin-table">
              <caption className="visually-hidden">
                Sites actifs par formule, part du nombre de sites actifs et revenu mensuel récurrent
              </caption>
              <thead>
                <tr>
                  <th scope="col">Formule</th>
                  <th scope="col">Sites actifs</th>
                  <th scope="col">Part</th>
                  <th scope="col">MRR HT</th>
                </tr>
              </thead>
              <tbody>
                {data.revenue_by_plan.map((p) => (
                  <tr key={p._id}>
                    <th scope="row">{p._id}</th>
                    <td>{p.count}</td>
                    <td>{percent(p.count, stats.active_orders)}</td>
                    <td>{euros(p.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className="admin-panel" aria-labelledby="funnel-title">
          <h2 id="funnel-title">Entonnoir de commande</h2>
          <ol className="admin-funnel">
            <li>
              <span>Checkout ouvert</span> <strong>{funnel.checkouts_opened}</strong>
            </li>
            <li>
              <span>Payé</span> <strong>{funnel.paid}</strong>{" "}
              <small>{percent(funnel.paid, funnel.checkouts_opened)} des checkouts</small>
            </li>
            <li>
              <span>Site en ligne</span> <strong>{funnel.live}</strong>{" "}
              <small>{percent(funnel.live, funnel.paid)} des paiements</small>
            </li>
          </ol>
        </section>
      </div>
      <section className="admin-panel" aria-labelledby="growth-title">
        <h2 id="growth-title">Nouvelles commandes sur 30 jours</h2>
        <p className="admin-growth-total">{countOf(newOrders, "commande", "commandes")} sur la période</p>
        <ol className="admin-growth">
          {data.growth_data.map((d) => (
            <li key={d.date}>
              <span className="growth-date">{formatShortDate(`${d.date}T12:00:00Z`)}</span>
              <span className="growth-bar" aria-hidden="true">
                <span style={{ width: d.count > 0 ? `max(3px, ${(d.count / max) * 100}%)` : 0 }} />
              </span>
              <span className="growth-count">
                {d.count}
                <span className="visually-hidden"> {plural(d.count, "commande", "commandes")}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
