import { formatDateTime } from "@lagon/contracts/french-date";
import { STEP_KEYS, type StepKey, type Steps, stepProgress, stepsAsShown } from "@lagon/contracts/orders";
import type { OrderView } from "@lagon/contracts/orders-schemas";
import "./step-list.css";

const LABELS: Record<StepKey, string> = {
  payment: "Paiement",
  subdomain: "Sous-domaine",
  wordpress: "Installation de WordPress",
  kit: "Modules de votre offre",
  email: "Envoi de vos accès",
};

/**
 * The steps with their status, and the progress bar (completed steps divided by their number);
 * the kit step waits while the plan's kit does (`stepsAsShown`).
 */
export function StepList({ steps: recorded, kit }: { steps: Steps; kit?: OrderView["kit"] }) {
  const steps = stepsAsShown(recorded, kit?.status);
  const progress = Math.round(stepProgress(steps) * 100);
  return (
    <div className="step-list">
      <div
        className="progress"
        role="progressbar"
        aria-label="Avancement de la création du site"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div className="progress-bar" style={{ width: `${progress}%` }} />
      </div>
      <ol>
        {STEP_KEYS.map((key) => {
          const step = steps[key];
          const status = step?.status ?? "pending";
          return (
            <li key={key} className={`step is-${status}`}>
              <span className="step-icon" aria-hidden="true">
                {status === "completed"
                  ? "✓"
                  : status === "failed"
                    ? "✕"
                    : status === "processing"
                      ? "…"
                      : "○"}
              </span>
              <span className="step-label">{LABELS[key]}</span>
              <span className="step-status">
                {status === "completed" && step?.timestamp
                  ? `Terminé le ${formatDateTime(step.timestamp)}`
                  : status === "processing"
                    ? "En cours..."
                    : status === "failed"
                      ? "Échec"
                      : "En attente"}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
