import { formatDateTime } from "@lagon/contracts/french-date";
import type { OrderView } from "@lagon/contracts/orders-schemas";
import "./kit-notice.css";

const TITLE: Record<NonNullable<OrderView["kit"]>["status"], string> = {
  applied: "Modules de votre offre installés",
  waiting: "Modules de votre offre en attente",
  off: "Fonctions arrêtées",
  none: "",
};

/**
 * What the plan's kit brought, or what is still waiting and when it is tried again (decision
 * 0058), in the order page and the admin's order card. Nothing for a plan without a kit.
 */
export function KitNotice({ kit }: { kit: OrderView["kit"] }) {
  if (!kit || kit.status === "none") return null;
  return (
    <div className={`kit-notice is-${kit.status}`} role={kit.status === "waiting" ? "status" : undefined}>
      <strong>{TITLE[kit.status]}</strong>
      <p>{kit.detail}</p>
      {kit.status === "waiting" && kit.retry_at ? (
        <p>Prochain essai le {formatDateTime(kit.retry_at)}.</p>
      ) : null}
    </div>
  );
}
