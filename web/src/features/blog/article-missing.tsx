import { Link } from "react-router";
import { PageHeader } from "../../components/ui/page-header";
import { paths } from "../../config/paths";
import "./blog.css";

/** Shown instead of an article: it does not exist, or the blog could not be read. */
export function ArticleMissing({ failed }: { failed: boolean }) {
  return (
    <PageHeader title={failed ? "Erreur lors du chargement de l'article" : "Article non trouvé"}>
      <p className={failed ? "blog-error" : undefined}>
        {failed
          ? "Le blog est momentanément indisponible. Veuillez réessayer plus tard."
          : "Cet article n'existe pas."}
      </p>
      <p>
        <Link to={paths.articles()} className="button button-primary">
          Retour au blog
        </Link>
      </p>
    </PageHeader>
  );
}
