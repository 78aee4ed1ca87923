import type { DirectorySite } from "@lagon/contracts/directory-schemas";
import { formatMonthYear } from "@lagon/contracts/french-date";
import { useState } from "react";
import { publicConfig } from "../../config/public-config";
import { CategoryIcon } from "./category-icon";

/** One live site: thumbnail (or a placeholder with the name), Koza badge, category, place, link. */
export function SiteCard({ site }: { site: DirectorySite }) {
  const template = publicConfig.SCREENSHOT_URL_TEMPLATE;
  const [broken, setBroken] = useState(!template);
  return (
    <article className="site-card">
      <div className="site-thumb">
        {broken || !template ? (
          <div className="site-placeholder" aria-hidden="true">
            {site.company_name}
          </div>
        ) : (
          <img
            src={template.replace("{url}", encodeURIComponent(site.url))}
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
