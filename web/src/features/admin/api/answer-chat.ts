import type { AdminConversation } from "@lagon/contracts/chat-schemas";
import { apiPaths } from "../../../api/paths";
import { adminPost } from "../admin-api";

/** `POST /api/admin/chat/conversations/{id}/messages`: the agency's answer. */
export const answerChat = (id: string, token: string, message: string) =>
  adminPost<AdminConversation>(`${apiPaths.adminChatConversation(id)}/messages`, token, { message });
