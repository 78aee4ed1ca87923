import { publicConfig } from "../../config/public-config";

/**
 * What the preview puts in each variable: values like those of a real e-mail, so the admin reads
 * the message as a customer (or the agency) will. The agency's own name and address are the
 * real ones. A variable without a sample stays as written.
 */
const SITE = "https://boulangerie-payet.lagon.re";
const SAMPLES: Record<string, string> = {
  company_name: publicConfig.COMPANY_NAME,
  contact_email: publicConfig.CONTACT_EMAIL,
  customer_name: "Marie Payet",
  customer_email: "marie.payet@exemple.re",
  business_name: "Boulangerie Payet",
  site_url: SITE,
  wp_admin_url: `${SITE}/wp-admin/`,
  wp_username: "marie-payet",
  magic_link: "https://lagon-digital.re/dashboard/exemple?token=exemple",
  admin_url: "https://lagon-digital.re/admin",
  plan_name: "Business",
  order_id: "3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c",
  subdomain: "boulangerie-payet",
  domain_name: "boulangerie-payet.re",
  has_own_domain: "oui",
  step: "WordPress",
  error: "Le serveur WordPress n'a pas répondu à temps.",
  service: "php-fpm",
  detail: "Le service ne répond plus depuis 2 minutes.",
  health_url: "https://lagon-digital.re/api/health",
  name: "Jean Hoarau",
  email: "jean.hoarau@exemple.re",
  subject: "Devis pour un site de garage",
  message: "Bonjour, je voudrais un site pour mon garage de Saint-Pierre. Pouvez-vous me rappeler ?",
};

const VARIABLE = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi;

const escapeHtml = (value: string) =>
  value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

/** The subject as sent, with sample values (text). */
export const previewSubject = (subject: string) =>
  subject.replace(VARIABLE, (raw, name: string) => SAMPLES[name] ?? raw);

/** The body as sent, with sample values (HTML-escaped, as the server does). */
export const previewBody = (content: string) =>
  content.replace(VARIABLE, (raw, name: string) => {
    const sample = SAMPLES[name];
    return sample === undefined ? raw : escapeHtml(sample);
  });
