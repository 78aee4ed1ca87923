import { DIRECTORY_CATEGORIES } from "@lagon/contracts/checkout";
import { DIRECTORY_COUNTRIES, DIRECTORY_EMPTY } from "@lagon/contracts/directory";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths";
import { countOf, plural } from "../../lib/plural";
import "./directory.css";
import { SiteCard } from "./site-card";
import { type DirectoryFilters, useDirectory } from "./use-directory";

const NO_FILTERS: DirectoryFilters = { q: "", category: "", country: "" };

/** The public directory of our customers' live sites: searched, filtered and paged by the server. */
export function DirectoryPage() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const directory = useDirectory(filters);
  const set = (change: Partial<DirectoryFilters>) => setFilters((f) => ({ ...f, ...change }));
  const counts = directory.counts;

  return (
    <section className="section directory">
      <div className="container">
        <ul className="directory-counts">
          <li>
            <strong>{counts ? counts.online : "–"}</strong>{" "}
            {plural(counts?.online ?? 0, "site en ligne", "sites en ligne")}
          </li>
          <li>
            <strong>{counts ? counts.koza : "–"}</strong>{" "}
            {plural(counts?.koza ?? 0, "site créé avec Koza", "sites créés avec Koza")}
          </li>
        </ul>
        <form
          className="directory-filters"
          aria-label="Rechercher dans l'annuaire"
          onSubmit={(e) => e.preventDefault()}
        >
          <label>
            <span>Rechercher</span>
            <input
              type="search"
              value={filters.q}
              maxLength={100}
              onChange={(e) => set({ q: e.target.value })}
              placeholder="Entreprise, ville, catégorie"
            />
          </label>
          <label>
            <span>Catégorie</span>
            <select value={filters.category} onChange={(e) => set({ category: e.target.value })}>
              <option value="">Toutes les catégories</option>
              {DIRECTORY_CATEGORIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <label>
            <span>Territoire</span>
            <select value={filters.country} onChange={(e) => set({ country: e.target.value })}>
              <option value="">Tous les territoires</option>
              {DIRECTORY_COUNTRIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <button type="button" className="button button-primary" onClick={() => setFilters(NO_FILTERS)}>
            Réinitialiser les filtres
          </button>
        </form>
        <p className="directory-result" aria-live="polite">
          {directory.failed
            ? "L'annuaire est momentanément indisponible. Réessayez dans un instant."
            : directory.counts
              ? countOf(directory.total, "site trouvé", "sites trouvés")
              : "Chargement de l'annuaire…"}
        </p>
        {directory.counts && directory.total === 0 && !directory.loading ? (
          <p className="directory-empty">{DIRECTORY_EMPTY}</p>
        ) : (
          <div className="directory-grid" aria-busy={directory.loading}>
            {directory.sites.map((s) => (
              <SiteCard key={s.subdomain} site={s} />
            ))}
          </div>
        )}
        {directory.hasMore ? (
          <p className="directory-more">
            <button
              type="button"
              className="button button-primary"
              disabled={directory.loading}
              onClick={directory.more}
            >
              {directory.loading ? "Chargement…" : "Voir plus de sites"}
            </button>
            <span>
              {directory.sites.length} sur {directory.total}
            </span>
          </p>
        ) : null}
        <aside className="directory-cta">
          <h2>Votre entreprise mérite aussi son site</h2>
          <p>En ligne en moins de 10 minutes, et présente dans cet annuaire si vous le souhaitez.</p>
          <Link className="button button-accent" to={paths.home()}>
            Créer mon site
          </Link>
        </aside>
      </div>
    </section>
  );
}
