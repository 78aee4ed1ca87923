import { CHAT_CONVERSATION_MAX_MESSAGES, CHAT_MESSAGES } from "@lagon/contracts/chat";
import type { ChatVisitorMessage, VisitorConversation } from "@lagon/contracts/chat-schemas";
import { count, eq } from "drizzle-orm";
import type { Context } from "../context.ts";
import { type ChatConversation, chatConversations, chatMessages } from "../db/schema.ts";
import { AppError, forbidden, unauthorized } from "../lib/app-error.ts";
import { queueEmail } from "../mail/queue-email.ts";
import { insertChatConversation, touchChatConversation } from "./chat-conversations-table.ts";
import { conversationMessages } from "./chat-messages.ts";
import { insertChatMessage } from "./chat-messages-table.ts";
import { newConversationToken, parseConversationToken, secretMatches } from "./conversation-token.ts";

/**
 * The conversation a visitor's token opens, or a refusal: 401 without a token, 403 for a token
 * that opens none (malformed, unknown conversation or wrong secret, told apart by nothing).
 */
export async function conversationOfToken(ctx: Pick<Context, "db">, token: string | undefined) {
  if (!token) throw unauthorized(CHAT_MESSAGES.tokenMissing);
  const parsed = parseConversationToken(token);
  const [conversation] = parsed
    ? await ctx.db.select().from(chatConversations).where(eq(chatConversations.id, parsed.id))
    : [];
  if (!secretMatches(conversation?.secretHash, parsed?.secret ?? token) || !conversation) {
    throw forbidden(CHAT_MESSAGES.tokenInvalid);
  }
  return conversation;
}

/** The visitor's own conversation. */
export async function readVisitorConversation(
  ctx: Pick<Context, "db">,
  token: string | undefined,
): Promise<VisitorConversation> {
  const conversation = await conversationOfToken(ctx, token);
  return { messages: await conversationMessages(ctx.db, conversation.id) };
}

/**
 * A visitor's message: added to the conversation their token opens, or, without a token, the
 * first of a new conversation, whose token is answered once (the browser keeps it). A new
 * conversation e-mails the agency; later messages do not.
 */
export async function postVisitorMessage(
  ctx: Pick<Context, "db" | "queue" | "config" | "secrets" | "log">,
  token: string | undefined,
  input: ChatVisitorMessage,
  allowNewConversation: () => boolean,
): Promise<VisitorConversation> {
  if (token) {
    const conversation = await conversationOfToken(ctx, token);
    await addMessage(ctx, conversation, input);
    return { messages: await conversationMessages(ctx.db, conversation.id) };
  }
  if (!allowNewConversation()) throw new AppError(429, CHAT_MESSAGES.tooManyConversations);
  const made = newConversationToken();
  await ctx.db.transaction(async (tx) => {
    await insertChatConversation(tx, {
      id: made.id,
      secretHash: made.secretHash,
      email: input.email,
      page: input.page,
    });
    await insertChatMessage(tx, { conversationId: made.id, author: "visitor", body: input.message });
  });
  try {
    await queueEmail(ctx, {
      template: "chat_agency",
      to: ctx.config.AGENCY_EMAIL,
      vars: {
        message: input.message,
        email: input.email ?? "non indiquée",
        page: `${ctx.config.PUBLIC_URL}${input.page ?? "/"}`,
        inbox_url: `${ctx.config.PUBLIC_URL}/admin/chat`,
      },
    });
  } catch (err) {
    // The message is kept and shows in the inbox: a mail failure must not lose it.
    ctx.log.error({ err, conversationId: made.id }, "chat: the agency e-mail could not be queued");
  }
  return { token: made.token, messages: await conversationMessages(ctx.db, made.id) };
}

async function addMessage(
  ctx: Pick<Context, "db">,
  conversation: ChatConversation,
  input: ChatVisitorMessage,
) {
  const [held] = await ctx.db
    .select({ n: count() })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversation.id));
  if ((held?.n ?? 0) >= CHAT_CONVERSATION_MAX_MESSAGES) {
    throw new AppError(409, CHAT_MESSAGES.conversationFull);
  }
  await ctx.db.transaction(async (tx) => {
    await insertChatMessage(tx, { conversationId: conversation.id, author: "visitor", body: input.message });
    // An address left later is kept; one already given is not replaced.
    await touchChatConversation(tx, conversation.id, { email: conversation.email ?? input.email });
  });
}
