import { AdminChatPage } from "../features/admin/admin-chat-page";
import { AdminGate } from "../features/admin/admin-gate";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/admin-chat";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Messagerie — administration", description: "Administration.", noIndex: true });

export default function Page() {
  return <AdminGate>{(token) => <AdminChatPage token={token} />}</AdminGate>;
}
