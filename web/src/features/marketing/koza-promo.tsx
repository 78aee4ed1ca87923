import { KOZA_PRICE_CENTS } from "@lagon/contracts/plans";
import { PlansLink } from "./plans-link";
import "./marketing.css";

const FACTS = [
  { value: "~10", label: "questions sur votre activité" },
  { value: "~15 min", label: "de rédaction par l'IA" },
  { value: "5 pages", label: "Accueil, À propos, Services, Réalisations, Contact" },
];

export function KozaPromo() {
  return (
    <section className="section koza-promo" aria-labelledby="koza-promo-title">
      <div className="container">
        <div className="koza-promo-inner">
          <div className="koza-promo-text">
            <p className="eyebrow">Nouveau · Agent IA</p>
            <h2 id="koza-promo-title">Koza écrit votre site à votre place</h2>
            <p>
              Pas le temps d'écrire vos textes&nbsp;? Répondez à une dizaine de questions sur votre métier,
              vos services et votre clientèle, ajoutez votre logo et vos photos&nbsp;: Koza rédige et illustre
              les 5&nbsp;pages de votre site vitrine, à vos couleurs, en 15&nbsp;minutes environ. Vous gardez
              la main pour tout modifier ensuite.
            </p>
            <ul className="koza-facts">
              {FACTS.map((fact) => (
                <li key={fact.value}>
                  <strong>{fact.value}</strong> <span>{fact.label}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="koza-promo-offer">
            <p className="koza-price">
              <strong>{`${KOZA_PRICE_CENTS / 100} € HT`}</strong> <span>une seule fois</span>
            </p>
            <PlansLink className="button button-accent" addKoza>
              Ajouter Koza à ma commande
            </PlansLink>
          </div>
        </div>
      </div>
    </section>
  );
}
