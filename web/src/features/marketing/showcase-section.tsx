import type { DirectorySite } from "@lagon/contracts/directory-schemas";
import { type CSSProperties, useState } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths";
import { useDirectorySites } from "./use-directory-sites";
import "./marketing.css";

/** How many of the newest live sites the home page shows. */
const SHOWN = 3;
const COLORS = ["#8a4b14", "#1f4e79", "#7a2a5b", "#2f6b3a", "#6b4fa0"];

/** A miniature of a site's home page, drawn in CSS, until the site has its screenshot: decorative. */
function SiteThumbnail({ name, tagline, color }: { name: string; tagline: string; color: string }) {
  return (
    <div className="showcase-thumb" aria-hidden="true" style={{ "--site-color": color } as CSSProperties}>
      <div className="thumb-bar">
        <span />
        <span />
        <span />
      </div>
      <div className="thumb-hero">
        <span className="thumb-name">{name}</span>
        <span className="thumb-tagline">{tagline}</span>
        <span className="thumb-button" />
      </div>
      <div className="thumb-cards">
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}

function ShowcaseCard({ site, index }: { site: DirectorySite; index: number }) {
  const [broken, setBroken] = useState(false);
  return (
    <li>
      {site.screenshot_url && !broken ? (
        <img
          className="showcase-shot"
          src={site.screenshot_url}
          alt=""
          width={400}
          height={250}
          loading="lazy"
          onError={() => setBroken(true)}
        />
      ) : (
        <SiteThumbnail
          name={site.company_name}
          tagline={site.category}
          color={COLORS[index % COLORS.length] as string}
        />
      )}
      <h3>{site.company_name}</h3>
      <p>
        {[site.city, site.country].filter(Boolean).join(", ")}
        <br />
        {site.has_koza ? "Site rédigé par Koza" : site.category}
      </p>
      <a href={site.url} target="_blank" rel="noopener noreferrer">
        Visiter le site<span className="visually-hidden"> de {site.company_name} (nouvel onglet)</span>
      </a>
    </li>
  );
}

/** The newest sites of the directory, as it really is: an empty directory shows none. */
export function ShowcaseSection() {
  const sites = useDirectorySites();
  return (
    <section className="section showcase" aria-labelledby="showcase-title" aria-busy={sites === null}>
      <div className="container">
        <h2 id="showcase-title" className="section-title">
          Ils sont en ligne
        </h2>
        {sites === null ? null : sites.length === 0 ? (
          <p className="section-lead">
            Les sites de nos clients apparaissent ici dès leur mise en ligne, s'ils choisissent de figurer
            dans notre annuaire. Le vôtre pourrait être le premier&nbsp;!
          </p>
        ) : (
          <>
            <p className="section-lead">
              Les derniers sites de nos clients mis en ligne, tirés de notre annuaire.
            </p>
            <ul
              className="showcase-grid"
              style={{ "--items": sites.slice(0, SHOWN).length } as CSSProperties}
            >
              {sites.slice(0, SHOWN).map((site, i) => (
                <ShowcaseCard key={site.subdomain} site={site} index={i} />
              ))}
            </ul>
            <p className="center">
              <Link to={paths.directory()} className="button button-primary">
                Voir l'annuaire des sites
              </Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
