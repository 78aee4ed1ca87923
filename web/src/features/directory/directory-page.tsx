import { DIRECTORY_CATEGORIES } from "@lagon/contracts/checkout";
import { DIRECTORY_COUNTRIES, DIRECTORY_EMPTY } from "@lagon/contracts/directory";
import type { DirectorySite } from "@lagon/contracts/directory-schemas";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths";
import { fetchJson } from "../../lib/fetch-json";
import "./directory.css";
import { SiteCard } from "./site-card";

const normalize = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** The public directory of our customers' live sites, with search and filters. */
export function DirectoryPage() {
  const [sites, setSites] = useState<DirectorySite[]>([]);
  const [text, setText] = useState("");
  const [category, setCategory] = useState("");
  const [country, setCountry] = useState("");

  useEffect(() => {
    fetchJson<{ sites: DirectorySite[] }>("/api/directory")
      .then((r) => setSites(r.sites))
      .catch((err) => console.error("Annuaire indisponible", err));
  }, []);

  const shown = useMemo(() => {
    const q = normalize(text.trim());
    return sites.filter(
      (s) =>
        (!q || normalize(`${s.company_name} ${s.city} ${s.category}`).includes(q)) &&
        (!category || s.category === category) &&
        (!country || s.country === country),
    );
  }, [sites, text, category, country]);

  const reset = () => {
    setText("");
    setCategory("");
    setCountry("");
  };

  return (
    <section className="section directory">
      <div className="container">
        <ul className="directory-counts">
          <li>
            <strong>{sites.length}</strong> sites en ligne
          </li>
          <li>
            <strong>{sites.filter((s) => s.has_koza).length}</strong> sites créés avec Koza
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
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Entreprise, ville, catégorie"
            />
          </label>
          <label>
            <span>Catégorie</span>
            <select value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="">Toutes les catégories</option>
              {DIRECTORY_CATEGORIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <label>
            <span>Territoire</span>
            <select value={country} onChange={(e) => setCountry(e.target.value)}>
              <option value="">Tous les territoires</option>
              {DIRECTORY_COUNTRIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <button type="button" className="button button-primary" onClick={reset}>
            Réinitialiser les filtres
          </button>
        </form>
        <p className="directory-result" aria-live="polite">
          {shown.length} {shown.length > 1 ? "sites trouvés" : "site trouvé"}
        </p>
        {shown.length === 0 ? (
          <p className="directory-empty">{DIRECTORY_EMPTY}</p>
        ) : (
          <div className="directory-grid">
            {shown.map((s) => (
              <SiteCard key={s.subdomain} site={s} />
            ))}
          </div>
        )}
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
