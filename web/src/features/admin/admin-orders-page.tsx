import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import type { AdminJobStarted, AdminOrder, AdminOrders } from "@lagon/contracts/admin-schemas";
import { BACKUP_MESSAGES } from "@lagon/contracts/backups";
import { formatDate } from "@lagon/contracts/french-date";
import {
  SUBSCRIPTION_FILTER_LABELS,
  SUBSCRIPTION_FILTERS,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionFilter,
} from "@lagon/contracts/subscriptions";
import type { AdminSubscription, AdminSubscriptionAction } from "@lagon/contracts/subscriptions-schemas";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiPaths } from "../../api/paths";
import { ApiError } from "../../lib/fetch-json";
import { countOf } from "../../lib/plural";
import { SiteBackupsDialog } from "../backups/components/site-backups-dialog";
import { adminDomainAction } from "../custom-domains/api/admin-domain-action";
import {
  DOMAIN_ENDPOINT,
  type DomainAction,
  isDomainAction,
} from "../custom-domains/components/admin-domain-block";
import { DomainRefuseDialog } from "../custom-domains/components/domain-refuse-dialog";
import { adminSubscriptionAction } from "../subscriptions/api/admin-subscription-action";
import { AdminTestClock } from "../subscriptions/components/admin-test-clock";
import {
  type SubscriptionActionBody,
  SubscriptionActionDialog,
  type SubscriptionAdminAction,
} from "../subscriptions/components/subscription-action-dialog";
import { AdminNav, AdminRefusal } from "./admin-gate";
import { AdminNotice, type Notice } from "./admin-notice";
import { AdminOrderCard, type OrderAction } from "./admin-order-card";
import { AdminPager } from "./admin-pager";
import { getAdminOrders } from "./api/get-admin-orders";
import { resendMagicLink } from "./api/resend-magic-link";
import { resumeOrder } from "./api/resume-order";
import { startAdminJob } from "./api/start-admin-job";
import { followAdminJob } from "./follow-admin-job";
import { OrderLogsDialog } from "./order-logs-dialog";
import "./admin-orders-page.css";

const COUNTERS = [
  { label: "Total", key: "total" },
  { label: "Actifs", key: "active" },
  { label: "En cours", key: "processing" },
  { label: "Erreurs", key: "error" },
  { label: "En retard", key: "past_due" },
  { label: "Suspendus", key: "suspended" },
  { label: "Résiliations programmées", key: "cancel_scheduled" },
] as const;

const FILTERS = [
  { status: "all", label: "Toutes" },
  { status: "active", label: "Actifs" },
  { status: "processing", label: "En cours" },
  { status: "error", label: "Erreurs" },
] as const;
type Filter = (typeof FILTERS)[number]["status"];
const SEARCH_DEBOUNCE_MS = 300;

const detailOf = (err: unknown) => (err instanceof ApiError ? err.detail : undefined);
const isSubscriptionAction = (action: OrderAction): action is SubscriptionAdminAction =>
  action === "suspend" || action === "unsuspend" || action === "cancel";

/** The admin's confirmation once a subscription action went through. */
function subscriptionDone(action: SubscriptionAdminAction, sub: AdminSubscription): string {
  if (action === "suspend") return "Site suspendu : le client est prévenu par e-mail.";
  if (action === "unsuspend")
    return sub.status === "past_due"
      ? `Suspension levée. La facture reste impayée : nouvelle suspension le ${formatDate(sub.suspend_at ?? sub.current_period_end)} sans paiement.`
      : "Suspension levée : le site est de nouveau en ligne.";
  return sub.cancel_at && sub.status !== "cancelled"
    ? `Résiliation programmée au ${formatDate(sub.cancel_at)}.`
    : "Abonnement résilié : le site est hors ligne.";
}

/** The reinstall's confirmation: what goes, what the backup taken first keeps, what Koza does. */
export function reinstallWarning(order: AdminOrder): string {
  const koza = order.koza_option
    ? "\n\nKoza : les réponses du questionnaire sont conservées ; le client pourra régénérer son site d'un clic (« Régénérer »)."
    : "";
  return `Réinstaller WordPress pour ${new URL(order.site_url).host} ?\n\nUne sauvegarde complète du site est faite d'abord (« Avant réinstallation ») : il pourra être restauré depuis la liste des sauvegardes. Ensuite, tout le contenu actuel du site est remplacé par un WordPress neuf (pages, articles, médias) et de nouveaux identifiants sont créés.${koza}`;
}

/** The agency's order list: counters, filters, search, pages, and the actions on each order. */
export function AdminOrdersPage({ token }: { token: string }) {
  const [status, setStatus] = useState<Filter>("all");
  const [subscription, setSubscription] = useState<SubscriptionFilter>("all");
  const [subscriptionDialog, setSubscriptionDialog] = useState<{
    order: AdminOrder;
    action: SubscriptionAdminAction;
  } | null>(null);
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AdminOrders | null>(null);
  const [loading, setLoading] = useState(true);
  const [denied, setDenied] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<{ orderId: string; action: OrderAction } | null>(null);
  const [logsOf, setLogsOf] = useState<AdminOrder | null>(null);
  const [refusing, setRefusing] = useState<AdminOrder | null>(null);
  const [backupsOf, setBackupsOf] = useState<AdminOrder | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSearch(query.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query]);

  const load = useCallback(async () => {
    // Only the answer to the latest request is shown, whatever order the answers come in.
    const request = ++latest.current;
    setLoading(true);
    try {
      const params = new URLSearchParams({ status, subscription, q: search, page: String(page) });
      const result = await getAdminOrders(params, token);
      if (request === latest.current) setData(result);
    } catch (err) {
      console.error("Liste des commandes indisponible", err);
      if (request === latest.current) setDenied(true);
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [status, subscription, search, page, token]);

  useEffect(() => {
    void load();
  }, [load]);

  if (denied) return <AdminRefusal title="Accès refusé" />;

  async function run(action: OrderAction, order: AdminOrder, call: () => Promise<Notice>) {
    setBusy({ orderId: order.order_id, action });
    setNotice(null);
    setNotice(await call());
    setBusy(null);
    await load();
  }

  /** A slow action run as a job (reinstall, backup): its "… lancée…" notice, then its real outcome. */
  async function followed(
    path: string,
    body: { order_id: string },
    texts: { ok: string; failed: string; stillRunning: string },
  ): Promise<Notice> {
    const failed = (detail?: string): Notice => ({
      tone: "error",
      text: `Erreur: ${detail ?? texts.failed}`,
    });
    let started: AdminJobStarted;
    try {
      started = await startAdminJob(path, token, body);
    } catch (err) {
      return failed(detailOf(err));
    }
    setNotice({ tone: "success", text: started.detail });
    const end = await followAdminJob(apiPaths.adminJob(path, started.job_id), token);
    if (end.state === "completed") return { tone: "success", text: texts.ok };
    if (end.state === "failed") return failed(end.detail);
    return { tone: "success", text: texts.stillRunning };
  }

  /** A custom-domain action: the server's French answer becomes the notice. */
  function domainCall(action: DomainAction, order: AdminOrder, body: object = {}) {
    void run(action, order, () =>
      adminDomainAction(token, order.order_id, DOMAIN_ENDPOINT[action], body).then(
        (r) => ({ tone: "success", text: r.detail }),
        (err) => ({ tone: "error", text: `Erreur: ${detailOf(err) ?? "l'action n'a pas abouti."}` }),
      ),
    );
  }

  function onDomainAction(action: DomainAction, order: AdminOrder) {
    const domain = order.custom_domain?.domain ?? "";
    if (action === "domain-refuse") {
      setRefusing(order);
    } else if (action === "domain-bought") {
      const question = `Marquer ${domain} comme acheté ?\n\nSes enregistrements DNS doivent déjà pointer vers le site : la vérification commence aussitôt, puis le certificat HTTPS.`;
      if (window.confirm(question)) domainCall(action, order);
    } else if (action === "domain-remove") {
      const question = `Retirer le domaine ${domain} du site ${new URL(order.site_url).host} ?\n\nLe site répondra de nouveau sur son sous-domaine ; le client pourra demander un autre domaine.`;
      if (window.confirm(question)) domainCall(action, order);
    } else {
      domainCall(action, order);
    }
  }

  function onAction(action: OrderAction, order: AdminOrder) {
    const body = { order_id: order.order_id };
    if (action !== "logs" && action !== "backups" && busy) return;
    if (action === "logs") {
      setLogsOf(order);
    } else if (isDomainAction(action)) {
      onDomainAction(action, order);
    } else if (action === "backups") {
      setBackupsOf(order);
    } else if (action === "backup-now") {
      void run(action, order, () =>
        followed(apiPaths.adminBackupNow(), body, {
          ok: `Sauvegarde de ${order.subdomain} terminée.`,
          failed: "la sauvegarde n'a pas abouti.",
          stillRunning: BACKUP_MESSAGES.backupStillRunning,
        }),
      );
    } else if (isSubscriptionAction(action)) {
      setSubscriptionDialog({ order, action });
    } else if (action === "resend") {
      if (!window.confirm(`Renvoyer le lien d'accès à l'espace client à ${order.customer_email} ?`)) return;
      void run(action, order, () =>
        resendMagicLink(token, body).then(
          () => ({ tone: "success", text: ADMIN_MESSAGES.resendOk }),
          () => ({ tone: "error", text: ADMIN_MESSAGES.resendFailed }),
        ),
      );
    } else if (action === "reinstall") {
      const warning = reinstallWarning(order);
      if (!window.confirm(warning)) return;
      void run(action, order, () =>
        followed(apiPaths.adminReinstallWordpress(), body, {
          ok: ADMIN_MESSAGES.reinstallOk,
          failed: ADMIN_MESSAGES.reinstallFailed,
          stillRunning: ADMIN_MESSAGES.reinstallStillRunning,
        }),
      );
    } else {
      if (!window.confirm(`Reprendre la création du site ${order.subdomain} à l'étape en échec ?`)) return;
      void run(action, order, () =>
        resumeOrder(token, body).then(
          () => ({ tone: "success", text: ADMIN_MESSAGES.resumeOk }),
          (err) => ({ tone: "error", text: `Erreur: ${detailOf(err) ?? ADMIN_MESSAGES.resumeFailed}` }),
        ),
      );
    }
  }

  function runSubscriptionAction(
    order: AdminOrder,
    action: SubscriptionAdminAction,
    body: SubscriptionActionBody,
  ) {
    void run(action, order, async (): Promise<Notice> => {
      let answer: AdminSubscriptionAction;
      try {
        answer = await adminSubscriptionAction(token, action, { order_id: order.order_id, ...body });
      } catch (err) {
        return { tone: "error", text: `Erreur: ${detailOf(err) ?? "l'action n'a pas abouti."}` };
      }
      const done: Notice = { tone: "success", text: subscriptionDone(action, answer.subscription) };
      // The site changes on its host in a job: its progress, then the same confirmation.
      if (!answer.job_id) return done;
      setNotice({ tone: "success", text: SUBSCRIPTION_MESSAGES.siteChanging });
      const end = await followAdminJob(apiPaths.adminSubscriptionSiteStateJob(answer.job_id), token);
      if (end.state === "completed") return done;
      if (end.state === "failed")
        return { tone: "error", text: `Erreur: ${end.detail ?? SUBSCRIPTION_MESSAGES.siteChangeFailed}` };
      return { tone: "success", text: SUBSCRIPTION_MESSAGES.siteChangeStillRunning };
    });
  }

  // Shown before the figures arrive, so that nothing below moves under a click when they do.
  const counters = COUNTERS.map(({ label, key }) => ({ label, value: data ? data.counts[key] : "…" }));

  return (
    <>
      <header className="admin-header">
        <h1>Commandes</h1>
        <AdminNav token={token} current="orders" />
      </header>
      <ul className="admin-counters" aria-label="Compteurs" aria-busy={!data}>
        {counters.map((c) => (
          <li key={c.label}>
            <span>{c.label}</span> <strong>{c.value}</strong>
          </li>
        ))}
      </ul>
      <AdminTestClock
        token={token}
        onAdvanced={(n) => {
          setNotice(n);
          void load();
        }}
      />
      <search className="admin-toolbar">
        <div className="admin-filter-groups">
          <fieldset className="admin-filters">
            <legend className="visually-hidden">Filtrer par statut</legend>
            {FILTERS.map((f) => (
              <button
                key={f.status}
                type="button"
                className="admin-tool-button"
                aria-pressed={status === f.status}
                onClick={() => {
                  setStatus(f.status);
                  setPage(1);
                }}
              >
                {f.label}
              </button>
            ))}
          </fieldset>
          <fieldset className="admin-filters">
            <legend>Abonnements :</legend>
            {SUBSCRIPTION_FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                className="admin-tool-button"
                aria-pressed={subscription === f}
                onClick={() => {
                  setSubscription(f);
                  setPage(1);
                }}
              >
                {f === "all" ? "Tous" : SUBSCRIPTION_FILTER_LABELS[f]}
              </button>
            ))}
          </fieldset>
        </div>
        <label className="admin-search">
          <span className="visually-hidden">Rechercher une commande</span>
          <input
            type="search"
            placeholder="E-mail, nom ou sous-domaine"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="button button-primary"
          aria-disabled={loading}
          onClick={() => {
            if (!loading) void load();
          }}
        >
          Actualiser
        </button>
      </search>
      <AdminNotice notice={notice} onDismiss={() => setNotice(null)} />
      <div aria-busy={loading} aria-live="polite" className="admin-results">
        {data === null ? (
          <p>Chargement…</p>
        ) : data.orders.length === 0 ? (
          <p>{search ? `Aucune commande ne correspond à « ${search} ».` : "Aucune commande."}</p>
        ) : (
          <p className="admin-match">
            {countOf(data.match_count, "commande", "commandes")}
            {search ? ` pour « ${search} »` : ""}
          </p>
        )}
      </div>
      {data && data.orders.length > 0 ? (
        <ul className="admin-orders">
          {data.orders.map((o) => (
            <li key={o.order_id}>
              <AdminOrderCard
                order={o}
                busy={busy?.orderId === o.order_id ? busy.action : null}
                locked={busy !== null}
                onAction={onAction}
                token={token}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {data ? (
        <AdminPager
          page={data.page}
          pageCount={data.page_count}
          onPage={(p) => {
            setPage(p);
            window.scrollTo({ top: 0 });
          }}
        />
      ) : null}
      {logsOf ? (
        // The list's latest copy of the order: logs an action adds appear once the list reloads.
        <OrderLogsDialog
          order={data?.orders.find((o) => o.order_id === logsOf.order_id) ?? logsOf}
          token={token}
          onClose={() => setLogsOf(null)}
        />
      ) : null}
      {refusing ? (
        <DomainRefuseDialog
          order={refusing}
          onSubmit={(reason) => domainCall("domain-refuse", refusing, { reason })}
          onClose={() => setRefusing(null)}
        />
      ) : null}
      {backupsOf ? (
        <SiteBackupsDialog
          order={backupsOf}
          token={token}
          onClose={() => {
            setBackupsOf(null);
            void load();
          }}
        />
      ) : null}
      {subscriptionDialog ? (
        <SubscriptionActionDialog
          order={subscriptionDialog.order}
          action={subscriptionDialog.action}
          onSubmit={(body) =>
            runSubscriptionAction(subscriptionDialog.order, subscriptionDialog.action, body)
          }
          onClose={() => setSubscriptionDialog(null)}
        />
      ) : null}
    </>
  );
}
