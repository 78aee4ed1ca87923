import { Link } from "react-router";
import { paths } from "../../config/paths";

/** Previous and next links around 'Page X sur Y'; a link with nowhere to go is shown disabled. */
export function BlogPager({ page, totalPages }: { page: number; totalPages: number }) {
  const step = (target: number, label: string, rel: "prev" | "next") =>
    target >= 1 && target <= totalPages ? (
      <Link className="button button-primary" to={paths.articlesPage(target)} rel={rel}>
        {label}
      </Link>
    ) : (
      <span className="button blog-pager-disabled" aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav className="blog-pager" aria-label="Pages du blog">
      {step(page - 1, "Précédent", "prev")}
      <p className="blog-pager-status" aria-current="page">
        Page {page} sur {totalPages}
      </p>
      {step(page + 1, "Suivant", "next")}
    </nav>
  );
}
