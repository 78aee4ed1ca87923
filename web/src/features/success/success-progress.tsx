type StepState = "pending" | "processing" | "completed";

const STEPS = [
  "Paiement confirmé",
  "Création de votre sous-domaine",
  "Installation de WordPress",
  "Envoi de vos accès par e-mail",
] as const;

const STATE_LABEL: Record<StepState, string> = {
  pending: "En attente",
  processing: "En cours",
  completed: "Terminé",
};

/** Step 1 is always done; steps 2-4 are processing/pending until the order completes (spec section 4). */
export function stepStates(completed: boolean): StepState[] {
  return completed
    ? ["completed", "completed", "completed", "completed"]
    : ["completed", "processing", "pending", "pending"];
}

export function SuccessProgress({ completed }: { completed: boolean }) {
  const states = stepStates(completed);
  return (
    <ol className="success-steps">
      {STEPS.map((label, i) => {
        const state = states[i] ?? "pending";
        return (
          <li key={label} className={`success-step is-${state}`}>
            <span className="success-step-icon" aria-hidden="true">
              {state === "completed" ? "✓" : state === "processing" ? "…" : i + 1}
            </span>
            <span>
              {label} <span className="success-step-state">— {STATE_LABEL[state]}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
