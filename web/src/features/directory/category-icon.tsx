/** A small pictogram per directory category (text symbols: no emoji font needed). */
const ICONS: Record<string, string> = {
  "Commerce / Retail": "€",
  "Services professionnels": "💼",
  "Restauration / Hôtellerie": "☕",
  "Santé / Bien-être": "✚",
  "Artisanat / BTP": "⚒",
  "Créatif / Artistique": "✎",
  "Tech / Digital": "⌨",
  "Éducation / Formation": "✐",
  "Sport / Fitness": "⚑",
  "Agriculture / Environnement": "❀",
  "Juridique / Finance": "⚖",
  "Automobile / Transport": "✈",
  Immobilier: "⌂",
  "Événementiel / Communication": "✆",
  Autre: "★",
};

export function CategoryIcon({ category }: { category: string }) {
  return (
    <span className="category-icon" aria-hidden="true">
      {ICONS[category] ?? "★"}
    </span>
  );
}
