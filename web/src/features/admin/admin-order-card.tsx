import type { AdminOrder } from "@lagon/contracts/admin-schemas";
import { formatDate, formatDateTime } from "@lagon/contracts/french-date";
import { STEP_KEYS, stepsAsShown } from "@lagon/contracts/orders";
import { formatEuros } from "@lagon/contracts/pricing";
import { StatusBadge, statusTone } from "../../components/ui/status-badge";
import {
  AdminDomainBlock,
  type DomainAction,
  isDomainAction,
} from "../custom-domains/components/admin-domain-block";
import { KitNotice } from "../dashboard/kit-notice";
import { AdminMailboxes } from "../mailboxes/components/admin-mailboxes";
import { AdminMaintenanceBlock } from "../maintenance/components/admin-maintenance";
import {
  KOZA_STATUS_LABEL,
  label,
  ORDER_STATUS_LABEL,
  STEP_ICON,
  STEP_LABEL,
  STEP_STATUS_LABEL,
} from "./admin-labels";
import "./admin-order-card.css";

export type OrderAction =
  | "resend"
  | "reinstall"
  | "resume"
  | "logs"
  | "suspend"
  | "unsuspend"
  | "cancel"
  | DomainAction
  | "backup-now"
  | "backups";

/** One order of the admin list: who, what, where, its steps, and what an admin can do. */
export function AdminOrderCard({
  order,
  busy,
  locked,
  onAction,
  token,
}: {
  order: AdminOrder;
  /** The admin token, for the parts of the card read on demand (the mailboxes). */
  token: string;
  /** The action running on this order, if any. */
  busy: OrderAction | null;
  /** One action at a time: the buttons wait while any runs (still focusable, for keyboards). */
  locked: boolean;
  onAction: (action: OrderAction, order: AdminOrder) => void;
}) {
  const titleId = `order-${order.order_id}`;
  const host = new URL(order.site_url).host;
  return (
    <article className="admin-order" aria-labelledby={titleId}>
      <header className="admin-order-head">
        <h2 id={titleId}>{order.customer_name}</h2>
        <StatusBadge tone={statusTone(order.status)} className="admin-badge">
          {label(ORDER_STATUS_LABEL, order.status)}
        </StatusBadge>
      </header>
      <dl className="admin-order-facts">
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${order.customer_email}`}>{order.customer_email}</a>
          </dd>
        </div>
        <div>
          <dt>Créée le</dt>
          <dd>
            <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>Formule</dt>
          <dd>
            {order.plan_name}
            {order.koza_option ? ` + Koza (${label(KOZA_STATUS_LABEL, order.koza_status ?? "pending")})` : ""}
          </dd>
        </div>
        <div>
          <dt>Site</dt>
          <dd>
            <a href={order.site_url} target="_blank" rel="noopener noreferrer">
              {host}
            </a>
          </dd>
        </div>
        {order.subscription ? (
          <div className="admin-order-subscription">
            <dt>Abonnement</dt>
            <dd>
              <StatusBadge tone={statusTone(order.subscription.status)} className="admin-badge">
                {order.subscription.status_label}
              </StatusBadge>{" "}
              <span className="admin-subscription-note">{subscriptionNote(order.subscription)}</span>
            </dd>
          </div>
        ) : null}
        {order.custom_domain ? null : (
          <div>
            <dt>Domaine personnalisé</dt>
            <dd>aucun</dd>
          </div>
        )}
      </dl>
      {order.maintenance ? <AdminMaintenanceBlock maintenance={order.maintenance} /> : null}
      {order.custom_domain ? (
        <AdminDomainBlock
          domain={order.custom_domain}
          titleId={`${titleId}-domain`}
          busy={isDomainAction(busy) ? busy : null}
          locked={locked}
          onAction={(action) => onAction(action, order)}
        />
      ) : null}
      <div className="admin-steps-row">
        <span id={`${titleId}-steps`}>Étapes</span>
        <ol className="admin-steps" aria-labelledby={`${titleId}-steps`}>
          {STEP_KEYS.map((k) => {
            const status = stepsAsShown(order.steps, order.kit?.status)[k]?.status ?? "pending";
            const text = `${STEP_LABEL[k]} : ${label(STEP_STATUS_LABEL, status)}`;
            return (
              <li key={k} className={`is-${status}`} title={text}>
                <span aria-hidden="true">{STEP_ICON[status]}</span>
                <span className="visually-hidden">{text}</span>
              </li>
            );
          })}
        </ol>
      </div>
      <KitNotice kit={order.kit} />
      <AdminMailboxes
        orderId={order.order_id}
        token={token}
        planName={order.plan_name}
        outsidePlan={Boolean(order.mail_alert)}
      />
      {order.backup_alert ? <p className="admin-backup-alert">Sauvegardes : {order.backup_alert}</p> : null}
      {order.mail_alert ? <p className="admin-backup-alert">E-mail : {order.mail_alert}</p> : null}
      <div className="admin-actions">
        <button type="button" aria-disabled={locked} onClick={() => onAction("resend", order)}>
          {busy === "resend" ? "Envoi…" : "Renvoyer le lien"}
        </button>
        <button type="button" aria-disabled={locked} onClick={() => onAction("reinstall", order)}>
          {busy === "reinstall" ? "Réinstallation…" : "Réinstaller WordPress"}
        </button>
        {order.status === "error" ? (
          <button
            type="button"
            className="is-primary"
            aria-disabled={locked}
            onClick={() => onAction("resume", order)}
          >
            {busy === "resume" ? "Reprise…" : "Reprendre"}
          </button>
        ) : null}
        {order.subscription && ["active", "past_due"].includes(order.subscription.status) ? (
          <>
            <button type="button" aria-disabled={locked} onClick={() => onAction("suspend", order)}>
              {busy === "suspend" ? "Suspension…" : "Suspendre"}
            </button>
            <button type="button" aria-disabled={locked} onClick={() => onAction("cancel", order)}>
              {busy === "cancel" ? "Résiliation…" : "Résilier"}
            </button>
          </>
        ) : null}
        {order.subscription?.status === "suspended" ? (
          <button type="button" aria-disabled={locked} onClick={() => onAction("unsuspend", order)}>
            {busy === "unsuspend" ? "Levée…" : "Lever la suspension"}
          </button>
        ) : null}
        {order.wp_admin_url ? (
          <>
            <button type="button" aria-disabled={locked} onClick={() => onAction("backup-now", order)}>
              {busy === "backup-now" ? "Sauvegarde…" : "Sauvegarder maintenant"}
            </button>
            <button type="button" onClick={() => onAction("backups", order)}>
              Sauvegardes
            </button>
          </>
        ) : null}
        <button type="button" onClick={() => onAction("logs", order)}>
          Logs ({order.logs.length})
        </button>
        {order.wp_admin_url ? (
          <a href={order.wp_admin_url} target="_blank" rel="noopener noreferrer">
            WP admin
          </a>
        ) : null}
        <a href={order.dashboard_url} target="_blank" rel="noopener noreferrer">
          Espace client
        </a>
      </div>
    </article>
  );
}

/** The dates that matter for the subscription's status, in one line. */
function subscriptionNote(sub: NonNullable<AdminOrder["subscription"]>): string {
  const parts = [`${sub.plan_name}, ${formatEuros(sub.amount_ttc_cents)} TTC/mois`];
  if (sub.status === "active" || sub.status === "past_due") {
    parts.push(
      sub.cancel_at
        ? `résiliation le ${formatDate(sub.cancel_at)}`
        : `renouvellement le ${formatDate(sub.current_period_end)}`,
    );
  }
  if (sub.pending_plan)
    parts.push(`passe en ${sub.pending_plan.plan_name} le ${formatDate(sub.current_period_end)}`);
  if (sub.status === "past_due" && sub.suspend_at) parts.push(`suspension le ${formatDate(sub.suspend_at)}`);
  if (sub.suspend_reason) parts.push(`raison : ${sub.suspend_reason}`);
  if ((sub.status === "suspended" || sub.status === "cancelled") && sub.archive_at)
    parts.push(`archivage le ${formatDate(sub.archive_at)}`);
  if (sub.status === "archived" && sub.archive_expires_at)
    parts.push(`copie conservée jusqu'au ${formatDate(sub.archive_expires_at)}`);
  return parts.join(" · ");
}
