/** Anchors of the four service blocks on /services. */
export type ServiceAnchor =
  | "creation-details"
  | "ecommerce-details"
  | "maintenance-details"
  | "support-details";

/** Id of the plans section of the home page, the target of every 'Commencer' button. */
export const PLANS_SECTION_ID = "plans";

/** Id of the domain and customer form, shown once a plan is chosen. */
export const DOMAIN_FORM_ID = "domain-form";

/** Id of the order form's Koza checkbox, where "Ajouter Koza à ma commande" leads once a plan is chosen. */
export const KOZA_OPTION_ID = "koza-option";

function withQuery(pathname: string, query: Record<string, string>): string {
  return `${pathname}?${new URLSearchParams(query).toString()}`;
}

/** Every URL of the app, built here and nowhere else. */
export const paths = {
  home: () => "/",
  services: () => "/services",
  service: (anchor: ServiceAnchor) => `/services#${anchor}`,
  directory: () => "/annuaire",
  about: () => "/about",
  contact: () => "/contact",
  articles: () => "/articles",
  articlesPage: (page: number) => (page <= 1 ? "/articles" : withQuery("/articles", { page: String(page) })),
  article: (slug: string) => `/articles/${encodeURIComponent(slug)}`,
  legal: () => "/legal",
  success: () => "/success",
  dashboard: (orderId: string, token: string) =>
    withQuery(`/dashboard/${encodeURIComponent(orderId)}`, { token }),
  kozaQuestionnaire: (orderId: string, token: string) => withQuery("/koza-questionnaire", { orderId, token }),
  customerArea: () => "/espace-client",
  /** The PDF guides, built from docs/guides by `npm run build`. */
  guide: (name: "koza" | "wordpress") => `/docs/guide-${name}.pdf`,
  adminOrders: (token: string) => withQuery("/admin", { token }),
  adminAnalytics: (token: string) => withQuery("/admin/analytics", { token }),
  adminEmailTemplates: (token: string) => withQuery("/admin/email-templates", { token }),
  adminChat: (token: string) => withQuery("/admin/chat", { token }),
  adminInvoices: (token: string) => withQuery("/admin/factures", { token }),
  adminTestimonials: (token: string) => withQuery("/admin/temoignages", { token }),
  mailto: (email: string) => `mailto:${email}`,
  tel: (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`,
};
