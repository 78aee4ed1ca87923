import type { AdminConversationList } from "@lagon/contracts/chat-schemas";
import { apiPaths } from "../../../api/paths";
import { adminFetch } from "../admin-api";

/** `GET /api/admin/chat/conversations`: the visitors' conversations, newest first. */
export const getChatConversations = (token: string) =>
  adminFetch<AdminConversationList>(apiPaths.adminChatConversations(), token);
