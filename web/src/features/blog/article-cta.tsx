import { useGoToPlans } from "../../components/layout/use-go-to-plans";
import { PLANS_SECTION_ID, paths } from "../../config/paths";

/** After an article: the agency's offer, one click from the plans. */
export function ArticleCta() {
  const goToPlans = useGoToPlans();
  return (
    <aside className="article-cta" aria-labelledby="article-cta-title">
      <h2 id="article-cta-title">Passez de la lecture à l'action</h2>
      <p>Votre site WordPress professionnel, hébergé en France et en ligne en moins de 10 minutes.</p>
      <a
        className="button button-accent"
        href={`${paths.home()}#${PLANS_SECTION_ID}`}
        onClick={(event) => {
          event.preventDefault();
          goToPlans();
        }}
      >
        Voir les offres
      </a>
    </aside>
  );
}
