import type { OrderView } from "@lagon/contracts/orders-schemas";
import { useState } from "react";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/fetch-json";
import { regenerateKoza } from "../koza/api/regenerate-koza";
import { useBuyKoza } from "../koza/buy-koza";

/** Koza's state for this site, or the offer to add it. */
export function KozaSection({ order, token }: { order: OrderView; token: string }) {
  if (!order.koza_option) return <KozaUpsell orderId={order.order_id} token={token} />;
  return (
    <section className="dashboard-card" aria-labelledby="koza-title">
      <h2 id="koza-title">Koza, votre agent IA</h2>
      {order.koza_status === "pending" ? (
        order.status === "active" ? (
          <>
            <p>
              Votre WordPress est installé, vide pour l'instant. Répondez au questionnaire (une dizaine de
              questions) : Koza rédige et illustre vos 5 pages en 15 minutes environ.
            </p>
            <a className="button button-accent" href={paths.kozaQuestionnaire(order.order_id, token)}>
              Remplir le questionnaire Koza
            </a>
          </>
        ) : (
          <p>Le questionnaire sera disponible dès que votre site sera en ligne.</p>
        )
      ) : order.koza_status === "regenerate" ? (
        <KozaRegenerate order={order} token={token} />
      ) : order.koza_status === "processing" ? (
        <p>
          Koza génère votre site : comptez 15 minutes environ. Vous recevrez un e-mail dès que c'est prêt.
        </p>
      ) : order.koza_status === "completed" ? (
        <p>
          Koza a terminé : vos 5 pages sont en ligne.{" "}
          <a href={order.site_url} target="_blank" rel="noopener noreferrer">
            Voir mon site
          </a>
        </p>
      ) : (
        <div role="alert" className="dashboard-error dashboard-alert">
          <p>
            <strong>Une erreur est survenue lors de la génération</strong>
          </p>
          <p>Notre équipe a été notifiée et vous contactera rapidement.</p>
        </div>
      )}
    </section>
  );
}

function KozaUpsell({ orderId, token }: { orderId: string; token: string }) {
  const { busy, buy, refusal } = useBuyKoza(orderId, token);
  return (
    <section className="dashboard-card koza-upsell" aria-labelledby="koza-upsell-title">
      <h2 id="koza-upsell-title">Laissez Koza remplir votre site</h2>
      <p>
        Pour 50 € HT, une fois : répondez à une dizaine de questions, Koza rédige et illustre les 5 pages de
        votre site (Accueil, À propos, Services, Réalisations, Contact) en 15 minutes environ.
      </p>
      <button type="button" className="button button-accent" onClick={buy} disabled={busy}>
        Ajouter Koza (50 € HT)
      </button>
      <p className="refusal-message" role="alert">
        {refusal}
      </p>
    </section>
  );
}

/**
 * After the agency reinstalled the site: the questionnaire's answers are kept, Koza writes the
 * pages again from them ('Régénérer'), or the customer changes their answers first.
 */
function KozaRegenerate({ order, token }: { order: OrderView; token: string }) {
  const [state, setState] = useState<{ kind: "idle" | "busy" } | { kind: "error"; message: string }>({
    kind: "idle",
  });
  async function regenerate() {
    setState({ kind: "busy" });
    try {
      await regenerateKoza(order.order_id, token);
      // The page follows the new run (it polls while Koza is writing).
      window.location.reload();
    } catch (err) {
      const detail = err instanceof ApiError ? err.detail : undefined;
      if (!detail) console.error("Régénération Koza impossible", err);
      setState({
        kind: "error",
        message: detail ?? "La régénération n'a pas pu être lancée. Vérifiez votre connexion et réessayez.",
      });
    }
  }
  return (
    <>
      <p>
        Votre site a été réinstallé. Vos réponses au questionnaire Koza et vos images sont conservées : Koza
        peut rédiger à nouveau vos 5 pages à partir d'elles, en 15 minutes environ. Votre ancien site reste
        disponible dans vos sauvegardes (« Avant réinstallation »).
      </p>
      {state.kind === "error" ? (
        <p role="alert" className="status-message is-error">
          {state.message}
        </p>
      ) : null}
      <p className="dashboard-actions">
        <button
          type="button"
          className="button button-accent"
          disabled={state.kind === "busy"}
          onClick={() => void regenerate()}
        >
          {state.kind === "busy" ? "Lancement…" : "Régénérer"}
        </button>
        <a className="dashboard-small-button" href={paths.kozaQuestionnaire(order.order_id, token)}>
          Modifier mes réponses
        </a>
      </p>
    </>
  );
}
