import { type KeyboardEvent, useId, useRef, useState } from "react";
import { FAQ } from "./faq-entries";
import "./marketing.css";

/** Arrow keys, Home and End move between the questions, as in the WAI-ARIA accordion pattern. */
function nextIndex(key: string, current: number, count: number): number | null {
  if (key === "ArrowDown") return (current + 1) % count;
  if (key === "ArrowUp") return (current - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/** The FAQ (anchor `faq`): 16 entries, one open at a time, keyboard accessible. */
export function FaqSection() {
  const [open, setOpen] = useState<number | null>(0);
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const moveFocus = (event: KeyboardEvent, current: number) => {
    const target = nextIndex(event.key, current, FAQ.length);
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <section id="faq" className="section faq" aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="section-title">
          Questions fréquentes
        </h2>
        {/* Without JavaScript the buttons cannot open anything: show every answer instead. */}
        <noscript>
          <style>{".faq-answer[hidden] { display: block; }"}</style>
        </noscript>
        <div className="faq-list">
          {FAQ.map((entry, i) => {
            const expanded = open === i;
            return (
              <div key={entry.question} className="faq-item">
                <h3>
                  <button
                    type="button"
                    ref={(el) => {
                      buttons.current[i] = el;
                    }}
                    id={`${id}-q${i}`}
                    aria-expanded={expanded}
                    aria-controls={`${id}-a${i}`}
                    onClick={() => setOpen(expanded ? null : i)}
                    onKeyDown={(event) => moveFocus(event, i)}
                  >
                    <span>{entry.question}</span>
                    <span className="faq-sign" aria-hidden="true" />
                  </button>
                </h3>
                <div id={`${id}-a${i}`} className="faq-answer" hidden={!expanded}>
                  <p>{entry.answer}</p>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
