import { Link } from "react-router";
import { paths } from "../../config/paths";
import { publicConfig } from "../../config/public-config";
import { Brand } from "./brand";

const serviceLinks = [
  { to: paths.service("creation-details"), label: "Création de site" },
  { to: paths.service("ecommerce-details"), label: "E-commerce" },
  { to: paths.service("maintenance-details"), label: "Maintenance" },
  { to: paths.service("support-details"), label: "Support" },
];

const companyLinks = [
  { to: paths.about(), label: "À propos" },
  { to: paths.articles(), label: "Blog" },
  { to: paths.contact(), label: "Contact" },
  { to: paths.legal(), label: "Mentions légales" },
  { to: paths.customerArea(), label: "Espace client" },
];

export function Footer() {
  const { COMPANY_NAME, CONTACT_EMAIL, CONTACT_PHONE, SOCIAL_FACEBOOK_URL, SOCIAL_INSTAGRAM_URL } =
    publicConfig;

  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <Brand />
          <p>Sites WordPress clé en main pour les artisans, TPE et PME de La Réunion et des Outre-mer.</p>
          <ul className="footer-social" aria-label="Réseaux sociaux">
            <li>
              <a href={SOCIAL_FACEBOOK_URL} rel="noopener noreferrer" target="_blank">
                Facebook <span className="visually-hidden">(nouvel onglet)</span>
              </a>
            </li>
            <li>
              <a href={SOCIAL_INSTAGRAM_URL} rel="noopener noreferrer" target="_blank">
                Instagram <span className="visually-hidden">(nouvel onglet)</span>
              </a>
            </li>
          </ul>
        </div>
        <nav aria-labelledby="footer-services-title">
          <h2 id="footer-services-title" className="footer-title">
            Services
          </h2>
          <ul className="footer-links">
            {serviceLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-company-title">
          <h2 id="footer-company-title" className="footer-title">
            {COMPANY_NAME}
          </h2>
          <ul className="footer-links">
            {companyLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="footer-title">Contact</h2>
          <address className="footer-contact">
            <a href={paths.mailto(CONTACT_EMAIL)}>{CONTACT_EMAIL}</a>
            <a href={paths.tel(CONTACT_PHONE)}>{CONTACT_PHONE}</a>
            <span>Saint-Paul, La Réunion</span>
          </address>
        </div>
      </div>
      <div className="footer-bottom">
        <p className="footer-copyright container">{`© Copyright 2025 ${COMPANY_NAME}`}</p>
      </div>
    </footer>
  );
}
