import { TEST_CARDS } from "@lagon/contracts/subscriptions";

/** "4242424242424242" → "4242 4242 4242 4242" */
export const spacedCard = (number: string) => number.replace(/(\d{4})(?=\d)/g, "$1 ");

/**
 * Stripe's test cards, which the local test checkout and portal take: the buyer chooses how
 * this subscription's later charges will go (docs/operations/subscriptions.md).
 */
export function TestCardChoice({
  name,
  value,
  onChange,
  legend = "Carte de test",
}: {
  name: string;
  value: string;
  onChange: (card: string) => void;
  legend?: string;
}) {
  return (
    <fieldset className="test-cards">
      <legend>{legend}</legend>
      {TEST_CARDS.map((c) => (
        <label key={c.number}>
          <input
            type="radio"
            name={name}
            value={c.number}
            checked={value === c.number}
            onChange={() => onChange(c.number)}
          />
          <span>
            <code>{spacedCard(c.number)}</code>
            <span className="test-card-label">{c.label}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
