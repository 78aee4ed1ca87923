import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { paths } from "../../config/paths";
import "./admin-gate.css";

/** The admin pages' frame: the token from the query string, or the spec's refusal screens. */
export function AdminGate({ children }: { children: (token: string) => ReactNode }) {
  const [params] = useSearchParams();
  const token = params.get("token");
  if (!token) return <AdminRefusal title="Token admin manquant" />;
  return <div className="admin container">{children(token)}</div>;
}

export function AdminRefusal({ title }: { title: string }) {
  return (
    <section className="section container admin-refusal">
      <h1>{title}</h1>
      <p>Cette page est réservée à l'équipe. Ouvrez le lien d'administration complet, avec son jeton.</p>
      <Link to={paths.home()}>Retour à l'accueil</Link>
    </section>
  );
}

export function AdminNav({
  token,
  current,
}: {
  token: string;
  current: "orders" | "analytics" | "invoices" | "templates" | "testimonials" | "chat";
}) {
  const links = [
    { key: "orders", href: paths.adminOrders(token), label: "Commandes" },
    { key: "analytics", href: paths.adminAnalytics(token), label: "Statistiques" },
    { key: "invoices", href: paths.adminInvoices(token), label: "Factures" },
    { key: "templates", href: paths.adminEmailTemplates(token), label: "Modèles d'e-mails" },
    { key: "testimonials", href: paths.adminTestimonials(token), label: "Témoignages" },
    { key: "chat", href: paths.adminChat(token), label: "Messagerie" },
  ] as const;
  return (
    <nav className="admin-nav" aria-label="Administration">
      {links.map((l) => (
        <Link key={l.key} to={l.href} aria-current={l.key === current ? "page" : undefined}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
