import type { Ref } from "react";
import type { KozaProblem } from "./koza-answers";
import { KOZA_STEPS } from "./koza-answers";

/**
 * The last step's list of what is still missing or wrong, each a link to its step and field
 * (moving between steps stays free). Focused when the visitor tries to generate anyway.
 */
export function KozaProblems(props: {
  focusRef: Ref<HTMLElement>;
  problems: KozaProblem[];
  onGo: (step: number, fieldId: string) => void;
}) {
  const { problems } = props;
  if (problems.length === 0) return null;
  const count = problems.length === 1 ? "1 champ à compléter" : `${problems.length} champs à compléter`;
  return (
    <section
      ref={props.focusRef}
      className="koza-problems"
      aria-labelledby="koza-problems-title"
      tabIndex={-1}
    >
      <h3 id="koza-problems-title">{count} avant de générer votre site</h3>
      <ul>
        {problems.map((p) => (
          <li key={p.fieldId}>
            <a
              href={`#${p.fieldId}`}
              title={`Étape ${p.step + 1} : ${KOZA_STEPS[p.step]}`}
              onClick={(event) => {
                event.preventDefault();
                props.onGo(p.step, p.fieldId);
              }}
            >
              {p.label} (étape {p.step + 1})
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
