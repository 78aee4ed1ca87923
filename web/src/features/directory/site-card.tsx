import type { DirectorySite } from "@lagon/contracts/directory-schemas";
import { formatMonthYear } from "@lagon/contracts/french-date";
import { useState } from "react";
import { CategoryIcon } from "./category-icon";

/**
 * One live site: its screenshot (or, until there is one or if it fails to load, a placeholder
 * with the name), Koza badge, category, place, link.
 */
export function SiteCard({ site }: { site: DirectorySite }) {
  const [broken, setBroken] = useState(false);
  return (
    <article className="site-card">
      <div className="site-thumb">
        {broken || !site.screenshot_url ? (
          <div className="site-placeholder" aria-hidden="true">
            {site.company_name}
          </div>
        ) : (
          <img
            src={site.screenshot_url}
            alt=""
            width={400}
            height={250}
            loading="lazy"
            onError={() => setBroken(true)}
          />
        )}
        {site.has_koza ? <span className="koza-badge">Créé avec Koza</span> : null}
      </div>
      <div className="site-body">
        <p className="site-category">
          <CategoryIcon category={site.category} /> {site.category}
        </p>
        <h2>{site.company_name}</h2>
        <p>{[site.city, site.country].filter(Boolean).join(", ")}</p>
        <p className="site-since">En ligne depuis {formatMonthYear(site.created_at)}</p>
        <a href={site.url} target="_blank" rel="noopener noreferrer">
          Visiter le site<span className="visually-hidden"> de {site.company_name} (nouvel onglet)</span>
        </a>
      </div>
    </article>
  );
}
