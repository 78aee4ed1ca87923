import { type KeyboardEvent, useRef, useState } from "react";
import { NavLink } from "react-router";
import { PLANS_SECTION_ID, paths } from "../../config/paths";
import { Brand } from "./brand";
import { useGoToPlans } from "./use-go-to-plans";

const MENU_ID = "main-menu";

const links = [
  { to: paths.home(), label: "Accueil", end: true },
  { to: paths.services(), label: "Services", end: false },
  { to: paths.directory(), label: "Annuaire", end: false },
  { to: paths.about(), label: "À propos", end: false },
  { to: paths.contact(), label: "Contact", end: false },
  { to: paths.articles(), label: "Blog", end: false },
];

/** Fixed top bar: main links (current one highlighted), 'Commencer', and a menu toggle on small screens. */
export function Navbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const goToPlans = useGoToPlans();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpen(false);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !menuOpen) return;
    closeMenu();
    toggleRef.current?.focus();
  };

  return (
    <header className="site-header">
      <nav className="navbar container" aria-label="Navigation principale" onKeyDown={closeOnEscape}>
        <Brand onNavigate={closeMenu} />
        <ul id={MENU_ID} className={menuOpen ? "nav-links is-open" : "nav-links"}>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className="nav-link" onClick={closeMenu}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="navbar-actions">
          {/* A real link to the plans: it works before the page's scripts have run (or without them). */}
          <a
            href={`${paths.home()}#${PLANS_SECTION_ID}`}
            className="button button-accent"
            onClick={(event) => {
              // A click that opens a new tab or window keeps the browser's own behaviour.
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                return;
              event.preventDefault();
              closeMenu();
              goToPlans();
            }}
          >
            Commencer
          </a>
          <button
            ref={toggleRef}
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            aria-label={menuOpen ? "Fermer le menu" : "Ouvrir le menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="menu-toggle-bar" aria-hidden="true" />
            <span className="menu-toggle-bar" aria-hidden="true" />
            <span className="menu-toggle-bar" aria-hidden="true" />
          </button>
        </div>
      </nav>
    </header>
  );
}
