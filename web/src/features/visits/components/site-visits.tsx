import { formatDateTime } from "@lagon/contracts/french-date";
import {
  DEVICE_LABELS,
  DISTINCT_VISITORS_LABELS,
  VISIT_GRAIN_LABELS,
  VISIT_GRAINS,
  VISITS_PREVIEW,
  type VisitGrain,
  visitPeriodLabel,
  visitPeriodName,
} from "@lagon/contracts/visits";
import type { VisitCount, VisitPeriod, VisitSeries, VisitsView } from "@lagon/contracts/visits-schemas";
import { useCallback, useEffect, useState } from "react";
import { countOf } from "../../../lib/plural";
import { usePolling } from "../../../lib/use-polling";
import { getVisits } from "../api/get-visits";
import "./site-visits.css";

/** While the site's log is being read, the block asks again this often, this many times at most. */
const POLL_MS = 3000;
const MAX_POLLS = 40;

/**
 * "Statistiques de visite" on the order page: a Business site's visitors and pages viewed by day,
 * week or month, its most read pages, where visitors come from and on what device, from its own
 * server's log (no cookie). Starter and Libre see what Business gives, with no figure.
 */
export function SiteVisits({ orderId, token }: { orderId: string; token: string }) {
  const [view, setView] = useState<VisitsView | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [grain, setGrain] = useState<VisitGrain>("day");
  const [polls, setPolls] = useState(0);

  const load = useCallback(async () => {
    try {
      setView(await getVisits(orderId, token));
      setLoadError(false);
    } catch (err) {
      console.error("Statistiques de visite indisponibles", err);
      setLoadError(true);
    }
  }, [orderId, token]);

  useEffect(() => {
    void load();
  }, [load]);

  const refreshing = view?.included === true && view.refreshing && polls < MAX_POLLS;
  const poll = useCallback(async () => {
    setPolls((n) => n + 1);
    await load();
  }, [load]);
  usePolling(refreshing ? poll : null, POLL_MS);

  return (
    <section className="dashboard-card visits" aria-labelledby="visits-title">
      <h2 id="visits-title">Statistiques de visite</h2>
      {loadError ? (
        <p role="alert">Ces statistiques n'ont pas pu être chargées. Rechargez la page pour réessayer.</p>
      ) : view === null ? (
        <p role="status">Chargement…</p>
      ) : !view.included ? (
        <div className="visits-preview">
          <p>{VISITS_PREVIEW}</p>
          <p className="dashboard-help">
            Ces statistiques font partie de la formule Business : passez-y avec{" "}
            {"«\u00a0Changer de formule\u00a0»"}, dans {"«\u00a0Votre abonnement\u00a0»"}. Les visites de
            votre site sont déjà comptées : vous verrez aussi celles des mois passés, jusqu'à 13 mois.
          </p>
        </div>
      ) : (
        <>
          <p className="dashboard-help">
            Comptées depuis le journal de votre serveur, sans cookie ni bandeau de consentement : les adresses
            des visiteurs sont anonymisées avant d'être écrites, les robots et vos propres visites connectées
            ne comptent pas. Un visiteur est compté une fois par jour. Chiffres gardés 13 mois.
          </p>
          <p role="status" className="visits-updated">
            {refreshing
              ? "Mise à jour des chiffres en cours…"
              : view.analysed_at
                ? `Chiffres mis à jour le ${formatDateTime(view.analysed_at)}.`
                : "Les premiers chiffres arrivent bientôt."}
          </p>
          <section className="visits-distinct" aria-labelledby="visits-distinct-title">
            <h3 id="visits-distinct-title">{DISTINCT_VISITORS_LABELS.title}</h3>
            <dl>
              {(["last_7_days", "last_30_days"] as const).map((window) => (
                <div key={window}>
                  <dt>{DISTINCT_VISITORS_LABELS[window]}</dt>
                  <dd>{view.distinct_visitors[window]}</dd>
                </div>
              ))}
            </dl>
            <p className="dashboard-help">{DISTINCT_VISITORS_LABELS.help}</p>
          </section>
          <fieldset className="visits-tabs">
            <legend className="visually-hidden">Période</legend>
            {VISIT_GRAINS.map((g) => (
              <button
                key={g}
                type="button"
                className="dashboard-small-button"
                aria-pressed={grain === g}
                onClick={() => setGrain(g)}
              >
                {VISIT_GRAIN_LABELS[g].tab}
              </button>
            ))}
          </fieldset>
          <Series series={view.series.find((s) => s.grain === grain) as VisitSeries} />
        </>
      )}
    </section>
  );
}

function Series({ series }: { series: VisitSeries }) {
  const range = VISIT_GRAIN_LABELS[series.grain].range;
  const max = Math.max(1, ...series.periods.map((p) => p.page_views));
  const busiest = series.periods.reduce<VisitPeriod | undefined>(
    (a, b) => (!a || b.visitors > a.visitors ? b : a),
    undefined,
  );
  const summary =
    `${countOf(series.visitors, "visiteur", "visiteurs")} et ${countOf(series.page_views, "page vue", "pages vues")} sur ${range}` +
    (busiest && busiest.visitors > 0
      ? ` ; le plus de visiteurs : ${visitPeriodName(series.grain, busiest.start)} (${busiest.visitors}).`
      : ".");
  return (
    <>
      <dl className="visits-totals">
        <div>
          <dt>Visiteurs</dt>
          <dd>{series.visitors}</dd>
        </div>
        <div>
          <dt>Pages vues</dt>
          <dd>{series.page_views}</dd>
        </div>
      </dl>
      <figure className="visits-chart">
        <figcaption>Visiteurs et pages vues, {range}</figcaption>
        <div className="visits-bars" role="img" aria-label={summary}>
          {series.periods.map((p) => (
            <div
              key={p.start}
              className="visits-bar"
              title={`${visitPeriodName(series.grain, p.start)} : ${p.visitors} visiteurs, ${p.page_views} pages vues`}
            >
              <span className="visits-bar-views" style={{ height: `${(p.page_views / max) * 100}%` }} />
              <span className="visits-bar-visitors" style={{ height: `${(p.visitors / max) * 100}%` }} />
            </div>
          ))}
        </div>
        <div className="visits-axis" aria-hidden="true">
          <span>{visitPeriodLabel(series.grain, series.periods[0]?.start ?? "")}</span>
          <span>{visitPeriodLabel(series.grain, series.periods.at(-1)?.start ?? "")}</span>
        </div>
        <p className="visits-legend" aria-hidden="true">
          <span className="visits-key visits-key-visitors" /> Visiteurs{" "}
          <span className="visits-key visits-key-views" /> Pages vues
        </p>
      </figure>
      <details className="visits-table">
        <summary>Voir les chiffres en tableau</summary>
        <table>
          <caption className="visually-hidden">Visiteurs et pages vues, {range}</caption>
          <thead>
            <tr>
              <th scope="col">Période</th>
              <th scope="col">Visiteurs</th>
              <th scope="col">Pages vues</th>
            </tr>
          </thead>
          <tbody>
            {series.periods.map((p) => (
              <tr key={p.start}>
                <th scope="row">{visitPeriodName(series.grain, p.start)}</th>
                <td>{p.visitors}</td>
                <td>{p.page_views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <div className="visits-lists">
        <Ranking title="Pages les plus vues" items={series.pages} empty="Aucune page vue." unit="vues" />
        <Ranking
          title="Sites d'où viennent vos visiteurs"
          items={series.referrers}
          empty="Aucun visiteur venu d'un autre site (moteur de recherche, réseau social…)."
          unit="visiteurs"
        />
        <Ranking
          title="Appareils"
          items={series.devices.map(([kind, v, h]) => [
            DEVICE_LABELS[kind as keyof typeof DEVICE_LABELS] ?? kind,
            v,
            h,
          ])}
          empty="Aucun visiteur."
          unit="visiteurs"
        />
      </div>
    </>
  );
}

/** A list with a bar per line: pages count their views, the others their visitors. */
function Ranking({
  title,
  items,
  empty,
  unit,
}: {
  title: string;
  items: VisitCount[];
  empty: string;
  unit: "vues" | "visiteurs";
}) {
  const value = ([, visitors, hits]: VisitCount) => (unit === "vues" ? hits : visitors);
  const max = Math.max(1, ...items.map(value));
  return (
    <div className="visits-ranking">
      <h3>{title}</h3>
      {items.length === 0 ? (
        <p className="dashboard-help">{empty}</p>
      ) : (
        <ol>
          {items.map((item) => (
            <li key={item[0]}>
              <span className="visits-ranking-name">{item[0]}</span>
              <span className="visits-ranking-value">
                {unit === "vues"
                  ? countOf(value(item), "vue", "vues")
                  : countOf(value(item), "visiteur", "visiteurs")}
              </span>
              <span
                className="visits-ranking-bar"
                aria-hidden="true"
                style={{ width: `${(value(item) / max) * 100}%` }}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
