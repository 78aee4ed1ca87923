import { PageHeader } from "../components/ui/page-header";
import { paths } from "../config/paths";
import { DirectoryPage } from "../features/directory/directory-page";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/directory";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Annuaire des sites",
    description:
      "Découvrez les entreprises de La Réunion, des Outre-mer et de métropole qui ont créé leur site avec nous.",
    path: paths.directory(),
  });

export default function Directory() {
  return (
    <>
      <PageHeader title="Annuaire des sites">
        <p>
          Les entreprises qui ont choisi de présenter leur site en ligne&nbsp;: artisans, commerces,
          restaurants et bien d'autres.
        </p>
      </PageHeader>
      <DirectoryPage />
    </>
  );
}
