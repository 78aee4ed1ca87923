import { TokenQuery } from "@lagon/contracts/access-schemas";
import { CHAT_TOKEN_HEADER } from "@lagon/contracts/chat";
import {
  AdminChatAnswerBody,
  AdminConversation,
  AdminConversationList,
  ChatTokenHeaders,
  ChatVisitorMessageBody,
  ConversationIdParams,
  VisitorConversation,
} from "@lagon/contracts/chat-schemas";
import type { FastifyInstance } from "fastify";
import { audited } from "../admin/admin-auth.ts";
import type { Context } from "../context.ts";
import { route } from "../lib/route.ts";
import { answerConversation, listConversations, openConversation } from "./admin-chat.ts";
import { NewConversationThrottle } from "./new-conversation-throttle.ts";
import { postVisitorMessage, readVisitorConversation } from "./visitor-chat.ts";

/**
 * The visitor's side of the chat (public level): a message, and their own conversation, opened
 * by the token in the X-Chat-Token header (a header, so no URL or log ever holds it).
 */
export async function chatRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  const throttle = new NewConversationThrottle();
  // RATE_LIMIT_ALLOW_LIST spares these addresses every limit, this one too.
  const exempt = new Set(ctx.config.RATE_LIMIT_ALLOW_LIST);

  route(
    app,
    {
      method: "POST",
      url: "/api/chat/messages",
      access: "public",
      // A person types a few messages a minute; a new conversation costs an e-mail, so fewer of those.
      rateLimit: "writes",
      body: ChatVisitorMessageBody,
      headers: ChatTokenHeaders,
      // 201 with the token of a new conversation, 200 with an existing one's.
      response: { 200: VisitorConversation, 201: VisitorConversation },
    },
    async (request, reply) => {
      const token = request.headers[CHAT_TOKEN_HEADER];
      const mayOpen = () => exempt.has(request.ip) || throttle.allow(request.ip);
      const answer = await postVisitorMessage(ctx, token, request.body, mayOpen);
      reply.header("Cache-Control", "no-store").status(answer.token ? 201 : 200);
      return answer;
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/chat/messages",
      access: "public",
      // An open chat asks every 3 seconds: 20 a minute, with room for a second tab.
      rateLimit: "reads",
      headers: ChatTokenHeaders,
      response: { 200: VisitorConversation },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return readVisitorConversation(ctx, request.headers[CHAT_TOKEN_HEADER]);
    },
  );
}

/** The admin inbox, registered inside the admin scope (admin-routes.ts, behind the admin token). */
export function chatAdminRoutes(app: FastifyInstance, ctx: Pick<Context, "db">): void {
  route(
    app,
    {
      method: "GET",
      url: "/chat/conversations",
      access: "admin-token",
      rateLimit: "default",
      query: TokenQuery,
      response: { 200: AdminConversationList },
    },
    (): Promise<AdminConversationList> => listConversations(ctx),
  );

  route(
    app,
    {
      method: "GET",
      url: "/chat/conversations/:conversationId",
      access: "admin-token",
      rateLimit: "default",
      params: ConversationIdParams,
      query: TokenQuery,
      response: { 200: AdminConversation },
    },
    (request): Promise<AdminConversation> => openConversation(ctx, request.params.conversationId),
  );

  route(
    app,
    {
      method: "POST",
      url: "/chat/conversations/:conversationId/messages",
      access: "admin-token",
      rateLimit: "default",
      params: ConversationIdParams,
      query: TokenQuery,
      body: AdminChatAnswerBody,
      response: { 200: AdminConversation },
    },
    async (request): Promise<AdminConversation> => {
      const { conversationId } = request.params;
      return audited(ctx, request, { action: "chat-answer", details: conversationId }, () =>
        answerConversation(ctx, conversationId, request.body.message),
      );
    },
  );
}
