import type { CSSProperties } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths";
import "./marketing.css";

const SITES = [
  {
    name: "Boulangerie Payet",
    place: "Saint-Paul, La Réunion",
    kind: "Site vitrine rédigé par Koza",
    tagline: "Pains au feu de bois",
    color: "#8a4b14",
  },
  {
    name: "Garage Hoarau",
    place: "Saint-Pierre, La Réunion",
    kind: "Prise de rendez-vous en ligne",
    tagline: "Entretien et réparation",
    color: "#1f4e79",
  },
  {
    name: "Coiffure Madinina",
    place: "Fort-de-France, Martinique",
    kind: "Boutique en ligne",
    tagline: "Soins et coiffure afro",
    color: "#7a2a5b",
  },
];

/** A miniature of the site's home page, drawn in CSS: decorative. */
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

export function ShowcaseSection() {
  return (
    <section className="section showcase" aria-labelledby="showcase-title">
      <div className="container">
        <h2 id="showcase-title" className="section-title">
          Ils sont en ligne
        </h2>
        <p className="section-lead">
          Boulangers, garagistes, coiffeurs, restaurateurs&nbsp;: des entreprises de toutes les îles ont créé
          leur site avec nous.
        </p>
        <ul className="showcase-grid">
          {SITES.map((site) => (
            <li key={site.name}>
              <SiteThumbnail name={site.name} tagline={site.tagline} color={site.color} />
              <h3>{site.name}</h3>
              <p>
                {site.place}
                <br />
                {site.kind}
              </p>
            </li>
          ))}
        </ul>
        <p className="center">
          <Link to={paths.directory()} className="button button-primary">
            Voir l'annuaire des sites
          </Link>
        </p>
      </div>
    </section>
  );
}
