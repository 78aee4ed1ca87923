import { useId, useState } from "react";
import { FAQ } from "./faq-entries";

/** The FAQ (anchor `faq`): 16 entries, one open at a time, keyboard accessible. */
export function FaqSection() {
  const [open, setOpen] = useState<number | null>(0);
  const id = useId();
  return (
    <section id="faq" className="section faq" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="section-title">
          Questions fréquentes
        </h2>
        <div className="faq-list">
          {FAQ.map((entry, i) => {
            const expanded = open === i;
            return (
              <div key={entry.question} className="faq-item">
                <h3>
                  <button
                    type="button"
                    id={`${id}-q${i}`}
                    aria-expanded={expanded}
                    aria-controls={`${id}-a${i}`}
                    onClick={() => setOpen(expanded ? null : i)}
                  >
                    {entry.question}
                    <span className="faq-sign" aria-hidden="true">
                      {expanded ? "−" : "+"}
                    </span>
                  </button>
                </h3>
                <section id={`${id}-a${i}`} aria-labelledby={`${id}-q${i}`} hidden={!expanded}>
                  <p>{entry.answer}</p>
                </section>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
