import { publicConfig } from "../../config/public-config";

/**
 * What the preview puts in each variable: values like those of a real e-mail, so the admin reads
 * the message as a customer (or the agency) will. The agency's own name and address are the
 * real ones. Every variable the default templates use has a sample (e2e/buyer-defects-round3.spec.ts
 * opens them all); one an admin invents stays as written.
 */
const SITE = "https://boulangerie-payet.lagon.re";
const SAMPLES: Record<string, string> = {
  company_name: publicConfig.COMPANY_NAME,
  contact_email: publicConfig.CONTACT_EMAIL,
  customer_name: "Marie Payet",
  customer_email: "marie.payet@exemple.re",
  business_name: "Boulangerie Payet",
  pages:
    "«\u00a0Accueil\u00a0», «\u00a0À propos\u00a0», «\u00a0Services\u00a0», «\u00a0Réalisations\u00a0» et «\u00a0Contact\u00a0»",
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
  page: "https://lagon-digital.re/tarifs",
  inbox_url: "https://lagon-digital.re/admin/chat",
  reason: "La carte a été refusée par la banque.",
  amount: "54,25 €",
  attempt: "2",
  next_attempt: "Nous réessaierons le 3 décembre 2026.",
  suspend_date: "10 décembre 2026",
  archive_date: "9 janvier 2027",
  retention_date: "8 juillet 2027",
  days_left: "7",
  period_end: "25 décembre 2026",
  cancel_date: "25 décembre 2026",
  update_card_link: "https://lagon-digital.re/api/order/exemple/billing-portal/open?token=exemple",
  payment_link: "https://lagon-digital.re/paiement/exemple",
  old_plan_name: "Starter",
  change_summary:
    "Le changement est immédiat. Nous avons prélevé 18,08 €, la différence au prorata jusqu'au 25 décembre 2026 ; ensuite, chaque mois coûte 54,25 €.",
  since: "26 novembre 2026 à 14:05",
  until: "26 novembre 2026 à 14:35",
  duration: "30 minutes",
  checks: "2",
  items: "WordPress 6.8.2 → 6.8.3, extension Yoast SEO 25.6 → 25.7",
  outcome: "Le site a été remis automatiquement tel qu'il était avant la mise à jour et répond à nouveau.",
  alert: "Paiement contesté",
  sites: "boulangerie-payet (marie.payet@exemple.re), garage-hoarau (jean.hoarau@exemple.re)",
  when: "jeudi 3 décembre 2026 à 9:30",
  visitor_name: "Jean Hoarau",
  visitor_email: "jean.hoarau@exemple.re",
  visitor_phone: "0692 12 34 56",
  visitor_note: "Première visite, pour une coupe.",
  cancel_url: "https://lagon-digital.re/reservation/annuler?id=exemple&token=exemple",
  business_contact: "marie.payet@exemple.re, 0262 12 34 56",
  addresses: "contact@boulangerie-payet.lagon.re et devis@boulangerie-payet.lagon.re",
  used: "9,3 Go",
  limit: "10 Go",
  percent: "93 %",
};

/** The booking e-mails' service is what the visitor booked, not a server's. */
const BOOKING_SERVICE = { service: "Rendez-vous (30 min)" };

/** Where one sample would read oddly in a template, that template's own. */
const TEMPLATE_SAMPLES: Record<string, Record<string, string>> = {
  backup_alert_agency: {
    alert: "Sauvegardes manquées",
    detail: "Ces sites n'ont pas été sauvegardés cette nuit à l'heure prévue.",
  },
  mail_outside_plan_agency: {
    detail:
      "La formule Libre ne comprend pas d'adresse e-mail, mais cette adresse reste en service : contact@boulangerie-payet.lagon.re. Rien n'est supprimé ni bloqué : voyez avec le client s'il reprend la formule Starter ou Business, ou s'il supprime cette adresse après avoir récupéré ses messages (bloc « Adresses e-mail » de la commande).",
  },
  // Only a plan without mail sends it.
  mail_outside_plan_customer: { plan_name: "Libre" },
  payment_alert_agency: {
    detail: "Le client a contesté le paiement de 54,25 € auprès de sa banque.",
  },
  site_down_agency: { reason: "La page d'accueil ne répond plus (délai dépassé)." },
  site_update_failed_agency: { reason: "La page d'accueil répond 500 après la mise à jour." },
  domain_blocked: { reason: "L'enregistrement A de boulangerie-payet.re pointe vers une autre adresse." },
  domain_refused: { reason: "Ce nom de domaine appartient à une autre entreprise." },
  subscription_suspended: { reason: "Paiement en retard depuis 14 jours." },
  subscription_unsuspended: { reason: "Paiement reçu." },
  booking_confirmed: BOOKING_SERVICE,
  booking_new_business: BOOKING_SERVICE,
  booking_reminder: BOOKING_SERVICE,
  booking_cancelled_business: BOOKING_SERVICE,
};

const VARIABLE = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi;

const escapeHtml = (value: string) =>
  value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

const sampleOf = (template: string | null, name: string): string | undefined =>
  (template ? TEMPLATE_SAMPLES[template]?.[name] : undefined) ?? SAMPLES[name];

/** The subject of `template` as sent, with sample values (text). */
export const previewSubject = (subject: string, template: string | null) =>
  subject.replace(VARIABLE, (raw, name: string) => sampleOf(template, name) ?? raw);

/** The body of `template` as sent, with sample values (HTML-escaped, as the server does). */
export const previewBody = (content: string, template: string | null) =>
  content.replace(VARIABLE, (raw, name: string) => {
    const sample = sampleOf(template, name);
    return sample === undefined ? raw : escapeHtml(sample);
  });
