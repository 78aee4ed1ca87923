import { PageHeader } from "../components/ui/page-header";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "À propos",
    description:
      "Une agence web de Saint-Paul, à La Réunion, qui met en ligne les sites des artisans, TPE et PME en quelques minutes.",
  });

export default function About() {
  return (
    <PageHeader title="À propos">
      <p>
        Une agence web de Saint-Paul, à La Réunion, au service des artisans, des TPE et des PME des Outre-mer
        et de métropole.
      </p>
    </PageHeader>
  );
}
