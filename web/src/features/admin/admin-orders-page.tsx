import { ADMIN_MESSAGES, type AdminOrders } from "@lagon/contracts/admin";
import { formatDateTime } from "@lagon/contracts/french-date";
import { STEP_KEYS } from "@lagon/contracts/orders";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../lib/fetch-json";
import { adminFetch, adminPost } from "./admin-api";
import { AdminNav, AdminRefusal } from "./admin-gate";
import { OrderLogsDialog } from "./order-logs-dialog";

type Order = AdminOrders["orders"][number];
const TABS = [
  { status: "all", label: "Toutes" },
  { status: "active", label: "Actifs" },
  { status: "processing", label: "En cours" },
  { status: "error", label: "Erreurs" },
] as const;
const STEP_NAMES: Record<string, string> = {
  payment: "Paiement",
  subdomain: "Sous-domaine",
  wordpress: "WordPress",
  email: "E-mail",
};
const STEP_ICON: Record<string, string> = { completed: "✓", processing: "…", failed: "✕", pending: "○" };
const STATUS_LABEL: Record<string, string> = {
  active: "Actif",
  processing: "En cours",
  pending: "En attente",
  error: "Erreur",
};

/** The agency's order list: counters, filters, search, and the actions on each order. */
export function AdminOrdersPage({ token }: { token: string }) {
  const [status, setStatus] = useState<(typeof TABS)[number]["status"]>("all");
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AdminOrders | null>(null);
  const [denied, setDenied] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [logsOf, setLogsOf] = useState<Order | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSearch(query.trim());
      setPage(1);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [query]);

  const load = useCallback(async () => {
    try {
      const params = new URLSearchParams({ status, q: search, page: String(page) });
      setData(await adminFetch<AdminOrders>(`/api/admin/orders?${params}`, token));
    } catch (err) {
      console.error("Liste des commandes indisponible", err);
      setDenied(true);
    }
  }, [status, search, page, token]);

  useEffect(() => {
    void load();
  }, [load]);

  if (denied) return <AdminRefusal title="Accès refusé" />;

  async function resend(order: Order) {
    if (!window.confirm(`Renvoyer le lien d'accès à ${order.customer_email} ?`)) return;
    try {
      await adminPost("/api/admin/resend-magic-link", token, { order_id: order.order_id });
      setNotice(ADMIN_MESSAGES.resendOk);
    } catch {
      setNotice(ADMIN_MESSAGES.resendFailed);
    }
  }

  async function reinstall(order: Order) {
    const warning = `Réinstaller WordPress pour ${order.subdomain} ?\n\nAttention : tout le contenu actuel du site sera supprimé et de nouveaux identifiants seront créés.`;
    if (!window.confirm(warning)) return;
    try {
      await adminPost("/api/admin/reinstall-wordpress", token, { order_id: order.order_id });
      setNotice(ADMIN_MESSAGES.reinstallOk);
      await load();
    } catch (err) {
      setNotice(
        `Erreur: ${err instanceof ApiError && err.detail ? err.detail : ADMIN_MESSAGES.reinstallFailed}`,
      );
    }
  }

  async function resume(order: Order) {
    try {
      await adminPost("/api/admin/resume-order", token, { order_id: order.order_id });
      setNotice("Commande relancée.");
      await load();
    } catch (err) {
      setNotice(`Erreur: ${err instanceof ApiError && err.detail ? err.detail : "Échec de la reprise"}`);
    }
  }

  return (
    <>
      <header className="admin-header">
        <h1>Commandes</h1>
        <AdminNav token={token} current="orders" />
      </header>
      {data ? (
        <ul className="admin-counters">
          <li>
            <span>Total</span> <strong>{data.counts.total}</strong>
          </li>
          <li>
            <span>Actifs</span> <strong>{data.counts.active}</strong>
          </li>
          <li>
            <span>En cours</span> <strong>{data.counts.processing}</strong>
          </li>
          <li>
            <span>Erreurs</span> <strong>{data.counts.error}</strong>
          </li>
        </ul>
      ) : null}
      <div className="admin-toolbar">
        <div role="tablist" aria-label="Filtrer par statut">
          {TABS.map((t) => (
            <button
              key={t.status}
              type="button"
              role="tab"
              aria-selected={status === t.status}
              onClick={() => {
                setStatus(t.status);
                setPage(1);
              }}
            >
              {t.label}
            </button>
          ))}
        </div>
        <label className="admin-search">
          <span className="visually-hidden">Rechercher</span>
          <input
            type="search"
            placeholder="Rechercher (e-mail, nom, sous-domaine)"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        <button type="button" className="button button-primary" onClick={() => void load()}>
          Actualiser
        </button>
      </div>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      {data === null ? (
        <p>Chargement…</p>
      ) : data.orders.length === 0 ? (
        <p>Aucune commande.</p>
      ) : (
        <ul className="admin-orders">
          {data.orders.map((o) => (
            <li key={o.order_id} className="admin-order">
              <div className="admin-order-main">
                <p>
                  <strong>{o.customer_name}</strong> —{" "}
                  <a href={`mailto:${o.customer_email}`}>{o.customer_email}</a>
                </p>
                <p>
                  {formatDateTime(o.created_at)} · {o.plan_name} ·{" "}
                  <span className={`badge is-${o.status}`}>{STATUS_LABEL[o.status]}</span>
                  {o.koza_option ? ` · Koza (${o.koza_status ?? "—"})` : ""}
                </p>
                <p>
                  <a href={o.site_url} target="_blank" rel="noopener noreferrer">
                    {new URL(o.site_url).host}
                  </a>
                  {o.custom_domain
                    ? ` · Domaine : ${o.custom_domain.domain} (${o.custom_domain.status})`
                    : ""}
                </p>
                <ul className="admin-steps" aria-label="Étapes">
                  {STEP_KEYS.map((k) => {
                    const s = o.steps[k]?.status ?? "pending";
                    return (
                      <li key={k} title={`${STEP_NAMES[k]} : ${s}`} className={`is-${s}`}>
                        <span aria-hidden="true">{STEP_ICON[s]}</span>
                        <span className="visually-hidden">
                          {STEP_NAMES[k]} : {s}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </div>
              <div className="admin-actions">
                <button type="button" onClick={() => void resend(o)}>
                  Renvoyer le lien
                </button>
                <button type="button" onClick={() => void reinstall(o)}>
                  Réinstaller WordPress
                </button>
                {o.status === "error" ? (
                  <button type="button" onClick={() => void resume(o)}>
                    Reprendre
                  </button>
                ) : null}
                <button type="button" onClick={() => setLogsOf(o)}>
                  Logs ({o.logs.length})
                </button>
                {o.wp_admin_url ? (
                  <a href={o.wp_admin_url} target="_blank" rel="noopener noreferrer">
                    WP admin
                  </a>
                ) : null}
                <a href={o.dashboard_url} target="_blank" rel="noopener noreferrer">
                  Espace client
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && data.page_count > 1 ? (
        <nav className="admin-pager" aria-label="Pages">
          <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Précédent
          </button>
          <span>
            Page {data.page} sur {data.page_count} ({data.match_count} commandes)
          </span>
          <button type="button" disabled={page >= data.page_count} onClick={() => setPage((p) => p + 1)}>
            Suivant
          </button>
        </nav>
      ) : null}
      {logsOf ? (
        <OrderLogsDialog
          orderId={logsOf.order_id}
          logs={logsOf.logs}
          token={token}
          onClose={() => setLogsOf(null)}
        />
      ) : null}
    </>
  );
}
