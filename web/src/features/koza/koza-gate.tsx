import type { CustomerOrderView } from "@lagon/contracts/orders-schemas";
import { type ReactNode, useEffect, useState } from "react";
import { paths } from "../../config/paths";
import { getOrder } from "../dashboard/api/get-order";
import { useBuyKoza } from "./buy-koza";
import { KozaWizard } from "./koza-wizard";
import "./koza.css";

type GateState = { kind: "loading" } | { kind: "refused" } | { kind: "ready"; order: CustomerOrderView };

/**
 * The questionnaire's page: the order is read first (with the link's token, checked by the
 * server), so the visitor sees at once what applies to them: access refused, Koza to buy, the
 * site not online yet, a generation running or done, or the questionnaire itself.
 */
export function KozaGate({ orderId, token }: { orderId: string; token: string }) {
  const [state, setState] = useState<GateState>({ kind: "loading" });
  useEffect(() => {
    let current = true;
    getOrder(orderId, token)
      .then((order) => current && setState({ kind: "ready", order }))
      .catch(() => current && setState({ kind: "refused" }));
    return () => {
      current = false;
    };
  }, [orderId, token]);

  if (state.kind === "loading")
    return (
      <p className="page-loading" role="status">
        Chargement de votre commande…
      </p>
    );
  if (state.kind === "refused") {
    return (
      <Notice title="Accès refusé" alert>
        <p>
          Ce lien d'accès au questionnaire n'est pas valide. Ouvrez-le depuis votre espace client, avec le
          lien reçu par e-mail.
        </p>
        <p>
          <a href={paths.customerArea()}>Recevoir un nouveau lien</a>
        </p>
      </Notice>
    );
  }
  const { order } = state;
  const back = (
    <a className="button button-primary" href={paths.dashboard(order.order_id, token)}>
      Retour à mon espace client
    </a>
  );
  if (!order.koza_option) return <BuyKoza order={order} token={token} back={back} />;
  if (order.koza_status === "completed") {
    return (
      <Notice title="Votre site a déjà été généré">
        <p>Koza a rédigé et illustré les 5 pages de votre site : vous pouvez les modifier dans WordPress.</p>
        <p className="koza-notice-actions">
          <a className="button button-accent" href={order.site_url} target="_blank" rel="noopener noreferrer">
            Voir mon site
          </a>
          {back}
        </p>
      </Notice>
    );
  }
  if (order.koza_status === "processing") {
    return (
      <Notice title="Koza génère votre site">
        <p>Comptez 15 minutes environ : vous recevrez un e-mail dès que c'est prêt.</p>
        <p className="koza-notice-actions">{back}</p>
      </Notice>
    );
  }
  if (order.status !== "active") {
    return (
      <Notice title="Votre site n'est pas encore en ligne">
        <p>Le questionnaire sera disponible dès que votre site sera en ligne, dans quelques minutes.</p>
        <p className="koza-notice-actions">{back}</p>
      </Notice>
    );
  }
  return (
    <>
      {order.koza_status === "error" ? (
        <div className="koza-notice koza-notice-warning" role="status">
          <p>
            <strong>La génération précédente a échoué.</strong> Notre équipe a été notifiée ; vous pouvez
            aussi renvoyer le questionnaire.
          </p>
        </div>
      ) : null}
      <KozaWizard orderId={orderId} token={token} />
    </>
  );
}

function BuyKoza({ order, token, back }: { order: CustomerOrderView; token: string; back: ReactNode }) {
  const { busy, buy, refusal } = useBuyKoza(order.order_id, token);
  return (
    <Notice title="Koza n'est pas inclus dans cette commande">
      <p>
        Pour 50 € HT, une fois : répondez à une dizaine de questions, Koza rédige et illustre les 5 pages de
        votre site (Accueil, À propos, Services, Réalisations, Contact) en 15 minutes environ.
      </p>
      <p className="koza-notice-actions">
        <button type="button" className="button button-accent" onClick={buy} disabled={busy}>
          Ajouter Koza (50 € HT)
        </button>
        {back}
      </p>
      <p className="refusal-message" role="alert">
        {refusal}
      </p>
    </Notice>
  );
}

function Notice({ title, alert = false, children }: { title: string; alert?: boolean; children: ReactNode }) {
  return (
    <div className="koza-notice koza-card" role={alert ? "alert" : undefined}>
      <h2>{title}</h2>
      {children}
    </div>
  );
}
