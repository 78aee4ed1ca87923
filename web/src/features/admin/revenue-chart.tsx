import { MONTHS, SHORT_MONTHS } from "@lagon/contracts/french-date";
import { formatEuros } from "@lagon/contracts/pricing";
import { useEffect, useId, useRef, useState } from "react";
import "./revenue-chart.css";

export interface MonthRevenue {
  /** "2026-11" */
  month: string;
  /** Euros HT. */
  revenue: number;
}

const monthOf = (key: string) => Number(key.slice(5, 7)) - 1;
/** "novembre 2026" */
export const monthName = (key: string) => `${MONTHS[monthOf(key)]} ${key.slice(0, 4)}`;
const euros = (n: number) => formatEuros(Math.round(n * 100));
const wholeEuros = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  maximumFractionDigits: 0,
});

/**
 * The axis of a set of amounts: from 0 (or below, for a month of refunds) to above the highest,
 * in 3 to 5 round steps (1, 2, 2,5 or 5 times a power of ten).
 */
export function axisTicks(values: readonly number[]): number[] {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 100;
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const ticks: number[] = [];
  const first = Math.floor(low / step);
  for (let i = first; ticks.length < 2 || (ticks.at(-1) ?? 0) < high; i++) {
    ticks.push(Math.round(i * step * 100) / 100);
  }
  return ticks;
}

/** The width drawn before the page measures its own (the prerendered HTML). */
const DEFAULT_WIDTH = 720;
const HEIGHT = 250;
const LEFT = 64;
const RIGHT = 8;
const TOP = 22;
const BOTTOM = 40;

/**
 * Revenue per month as an SVG bar chart of our own (decision 0036): an image with a text
 * alternative for screen readers, a tooltip per bar, and the exact amounts in a table below.
 * Drawn at the width it is given, so its text keeps its size on a phone: where a month has less
 * room than its name, it gets its initial and the bars lose their amounts (the table has them).
 */
export function RevenueChart({ series }: { series: readonly MonthRevenue[] }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(280, Math.round(entry.contentRect.width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const ticks = axisTicks(series.map((m) => m.revenue));
  const low = ticks[0] ?? 0;
  const high = ticks.at(-1) ?? 1;
  const y = (v: number) => TOP + ((high - v) / (high - low || 1)) * (HEIGHT - TOP - BOTTOM);
  const slot = (width - LEFT - RIGHT) / Math.max(1, series.length);
  const barWidth = Math.min(40, slot * 0.62);
  const compact = slot < 44;
  const first = series[0];
  const last = series.at(-1);
  const best = series.reduce<MonthRevenue | undefined>(
    (b, m) => (!b || m.revenue > b.revenue ? m : b),
    undefined,
  );
  const total = series.reduce((sum, m) => sum + m.revenue, 0);
  const summary =
    first && last && best
      ? `De ${monthName(first.month)} à ${monthName(last.month)} : ${euros(total)} HT encaissés. ` +
        `Meilleur mois : ${monthName(best.month)}, ${euros(best.revenue)}. ` +
        `Ce mois-ci : ${euros(last.revenue)}.`
      : "Aucune donnée.";

  return (
    <figure className="revenue-chart">
      <div ref={box}>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          preserveAspectRatio="xMidYMid meet"
        >
          <title id={`${id}-title`}>Revenu encaissé HT par mois</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {ticks.map((t) => (
            <g key={t} className={t === 0 ? "chart-axis is-zero" : "chart-axis"}>
              <line x1={LEFT} x2={width - RIGHT} y1={y(t)} y2={y(t)} />
              <text x={LEFT - 8} y={y(t)} dy="0.32em" textAnchor="end">
                {wholeEuros.format(t)}
              </text>
            </g>
          ))}
          {series.map((m, i) => {
            const x = LEFT + i * slot + (slot - barWidth) / 2;
            const top = y(Math.max(0, m.revenue));
            const height = Math.abs(y(m.revenue) - y(0));
            const centre = x + barWidth / 2;
            const month = monthOf(m.month);
            // The year under January, and under the first month unless it would run into January's.
            const showYear = month === 0 || (i === 0 && !(compact && monthOf(series[1]?.month ?? "") === 0));
            return (
              <g key={m.month} className={m.revenue < 0 ? "chart-bar is-negative" : "chart-bar"}>
                <title>{`${monthName(m.month)} : ${euros(m.revenue)} HT`}</title>
                {/* A zero month keeps a hairline, so that it reads as zero and not as missing. */}
                <rect
                  x={x}
                  y={height > 0 ? top : y(0) - 1}
                  width={barWidth}
                  height={Math.max(height, 1)}
                  rx={3}
                />
                {m.revenue !== 0 && !compact && (
                  <text
                    className="chart-value"
                    x={centre}
                    y={m.revenue > 0 ? top - 6 : top + height + 14}
                    textAnchor="middle"
                  >
                    {wholeEuros.format(m.revenue)}
                  </text>
                )}
                <text className="chart-month" x={centre} y={HEIGHT - BOTTOM + 16} textAnchor="middle">
                  {compact ? MONTHS[month]?.charAt(0).toUpperCase() : SHORT_MONTHS[month]}
                </text>
                {showYear && (
                  <text className="chart-year" x={centre} y={HEIGHT - BOTTOM + 32} textAnchor="middle">
                    {m.month.slice(0, 4)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <details className="revenue-chart-data">
        <summary>Voir les montants mois par mois</summary>
        <table className="admin-table">
          <caption className="visually-hidden">Revenu encaissé HT par mois</caption>
          <thead>
            <tr>
              <th scope="col">Mois</th>
              <th scope="col">Revenu encaissé HT</th>
            </tr>
          </thead>
          <tbody>
            {series.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthName(m.month)}</th>
                <td>{euros(m.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
