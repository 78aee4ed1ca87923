import type { AdminConversation } from "@lagon/contracts/chat-schemas";
import { apiPaths } from "../../../api/paths";
import { adminFetch } from "../admin-api";

/** `GET /api/admin/chat/conversations/{id}`: one conversation, its messages in order. */
export const getChatConversation = (id: string, token: string) =>
  adminFetch<AdminConversation>(apiPaths.adminChatConversation(id), token);
