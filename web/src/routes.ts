import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("services", "routes/services.tsx"),
  route("annuaire", "routes/directory.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("articles", "routes/articles.tsx"),
  route("articles/:slug", "routes/article.tsx"),
  route("legal", "routes/legal.tsx"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("success", "routes/success.tsx"),
  route("paiement-test/:sessionId", "routes/test-checkout.tsx"),
  route("portail-test/:portalSessionId", "routes/test-portal.tsx"),
  route("dashboard/:orderId", "routes/dashboard.tsx"),
  route("koza-questionnaire", "routes/koza-questionnaire.tsx"),
  route("espace-client", "routes/customer-area.tsx"),
  route("admin", "routes/admin-orders.tsx"),
  route("admin/analytics", "routes/admin-analytics.tsx"),
  route("admin/email-templates", "routes/admin-email-templates.tsx"),
  route("admin/factures", "routes/admin-invoices.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
