import { TokenQuery } from "@lagon/contracts/access-schemas";
import { CHAT_TOKEN_HEADER } from "@lagon/contracts/chat";
import {
  AdminChatAnswerBody,
  type AdminConversation,
  type AdminConversationList,
  ChatTokenHeaders,
  ChatVisitorMessageBody,
  ConversationIdParams,
  type VisitorConversation,
} from "@lagon/contracts/chat-schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { audited } from "../admin/admin-auth.ts";
import type { Context } from "../context.ts";
import { answerConversation, listConversations, openConversation } from "./admin-chat.ts";
import { NewConversationThrottle } from "./new-conversation-throttle.ts";
import { postVisitorMessage, readVisitorConversation } from "./visitor-chat.ts";

/**
 * The visitor's side of the chat (public level): a message, and their own conversation, opened
 * by the token in the X-Chat-Token header (a header, so no URL or log ever holds it).
 */
export async function chatRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const throttle = new NewConversationThrottle();
  // RATE_LIMIT_ALLOW_LIST spares these addresses every limit, this one too.
  const exempt = new Set(ctx.config.RATE_LIMIT_ALLOW_LIST);

  r.post(
    "/api/chat/messages",
    {
      // A person types a few messages a minute; a new conversation costs an e-mail, so fewer of those.
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: { body: ChatVisitorMessageBody, headers: ChatTokenHeaders },
    },
    async (request, reply): Promise<VisitorConversation> => {
      const token = request.headers[CHAT_TOKEN_HEADER];
      const mayOpen = () => exempt.has(request.ip) || throttle.allow(request.ip);
      const answer = await postVisitorMessage(ctx, token, request.body, mayOpen);
      reply.header("Cache-Control", "no-store").status(answer.token ? 201 : 200);
      return answer;
    },
  );

  r.get(
    "/api/chat/messages",
    {
      // An open chat asks every 3 seconds: 20 a minute, with room for a second tab.
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: { headers: ChatTokenHeaders },
    },
    async (request, reply): Promise<VisitorConversation> => {
      reply.header("Cache-Control", "no-store");
      return readVisitorConversation(ctx, request.headers[CHAT_TOKEN_HEADER]);
    },
  );
}

/** The admin inbox, registered inside the admin scope (admin-routes.ts, behind the admin token). */
export function chatAdminRoutes(
  app: FastifyInstance,
  ctx: Context,
  limits: { rateLimit: Record<string, unknown> },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/chat/conversations",
    { config: limits, schema: { querystring: TokenQuery } },
    (): Promise<AdminConversationList> => listConversations(ctx),
  );

  r.get(
    "/chat/conversations/:conversationId",
    { config: limits, schema: { params: ConversationIdParams, querystring: TokenQuery } },
    (request): Promise<AdminConversation> => openConversation(ctx, request.params.conversationId),
  );

  r.post(
    "/chat/conversations/:conversationId/messages",
    {
      config: limits,
      schema: { params: ConversationIdParams, querystring: TokenQuery, body: AdminChatAnswerBody },
    },
    async (request): Promise<AdminConversation> => {
      const { conversationId } = request.params;
      return audited(ctx, request, { action: "chat-answer", details: conversationId }, () =>
        answerConversation(ctx, conversationId, request.body.message),
      );
    },
  );
}
