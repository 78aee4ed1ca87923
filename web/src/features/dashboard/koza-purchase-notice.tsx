import type { CustomerOrderView } from "@lagon/contracts/orders-schemas";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { paths } from "../../config/paths";

/** How the Koza payment ended, from the mark its return address carries (server add-koza.ts). */
export type KozaPurchase = "paye" | "annule" | null;

/**
 * Reads the mark once and takes it off the address (a reload or a shared link does not say it
 * again). Null when the page was not opened by a return from the Koza payment.
 */
export function useKozaPurchase(): KozaPurchase {
  const [params, setParams] = useSearchParams();
  const mark = params.get("koza");
  const [purchase] = useState<KozaPurchase>(mark === "paye" || mark === "annule" ? mark : null);
  useEffect(() => {
    if (!params.has("koza")) return;
    const next = new URLSearchParams(params);
    next.delete("koza");
    next.delete("session_id");
    setParams(next, { replace: true, preventScrollReset: true });
  }, [params, setParams]);
  return purchase;
}

/** Back from the Koza payment: what happened, and what to do next. */
export function KozaPurchaseNotice({
  purchase,
  order,
  token,
}: {
  purchase: KozaPurchase;
  order: CustomerOrderView;
  token: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (purchase) box.current?.scrollIntoView({ block: "center" });
  }, [purchase]);
  if (!purchase) return null;
  if (purchase === "annule") {
    return (
      <div ref={box} className="dashboard-card dashboard-notice" role="status">
        <p>
          <strong>Paiement annulé</strong> : aucun montant n'a été débité. Vous pouvez ajouter Koza quand vous
          le souhaitez.
        </p>
      </div>
    );
  }
  return (
    <div ref={box} className="dashboard-card dashboard-notice is-success" role="status">
      {order.koza_option ? (
        <>
          <p>
            <strong>Paiement reçu : Koza est ajouté à votre site.</strong>{" "}
            {order.status === "active"
              ? "Répondez maintenant au questionnaire (une dizaine de questions) : Koza rédige et illustre vos 5 pages en 15 minutes environ."
              : "Le questionnaire sera disponible dès que votre site sera en ligne."}
          </p>
          {order.status === "active" && order.koza_status === "pending" ? (
            <a className="button button-accent" href={paths.kozaQuestionnaire(order.order_id, token)}>
              Remplir le questionnaire Koza
            </a>
          ) : null}
        </>
      ) : (
        <p>
          <strong>Paiement reçu.</strong> Koza est en cours d'activation sur votre site : cette page se met à
          jour dans quelques secondes.
        </p>
      )}
    </div>
  );
}
