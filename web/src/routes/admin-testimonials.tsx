import { AdminGate } from "../features/admin/admin-gate";
import { AdminTestimonialsPage } from "../features/admin/admin-testimonials-page";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/admin-testimonials";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Témoignages — administration", description: "Administration.", noIndex: true });

export default function Page() {
  return <AdminGate>{(token) => <AdminTestimonialsPage token={token} />}</AdminGate>;
}
