import { CHAT_MESSAGES } from "@lagon/contracts/chat";
import type {
  AdminConversation,
  AdminConversationList,
  AdminConversationSummary,
} from "@lagon/contracts/chat-schemas";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Context } from "../context.ts";
import { chatConversations, chatMessages } from "../db/schema.ts";
import { notFound } from "../lib/app-error.ts";
import { touchChatConversation } from "./chat-conversations-table.ts";
import { conversationMessages } from "./chat-messages.ts";
import { insertChatMessage, markVisitorMessagesRead } from "./chat-messages-table.ts";

/** Conversations the inbox lists: the most recently active ones. */
const INBOX_SIZE = 100;
const PREVIEW_LENGTH = 140;

/**
 * Each conversation with its last message, its size and the visitor messages no admin has read.
 * `chat_conversations.id` is written out: drizzle leaves the outer table's columns unqualified.
 */
const summaryColumns = {
  id: chatConversations.id,
  createdAt: chatConversations.createdAt,
  lastMessageAt: chatConversations.lastMessageAt,
  email: chatConversations.email,
  page: chatConversations.page,
  unread: sql<number>`(select count(*)::int from ${chatMessages} m
    where m.conversation_id = chat_conversations.id and m.author = 'visitor' and m.read_at is null)`,
  messageCount: sql<number>`(select count(*)::int from ${chatMessages} m
    where m.conversation_id = chat_conversations.id)`,
  last: sql<{ author: "visitor" | "agency"; body: string } | null>`(select json_build_object(
    'author', m.author, 'body', left(m.body, ${PREVIEW_LENGTH})) from ${chatMessages} m
    where m.conversation_id = chat_conversations.id order by m.id desc limit 1)`,
};

type SummaryRow = {
  id: string;
  createdAt: Date;
  lastMessageAt: Date;
  email: string | null;
  page: string | null;
  unread: number;
  messageCount: number;
  last: { author: "visitor" | "agency"; body: string } | null;
};

const summary = (row: SummaryRow): AdminConversationSummary => ({
  id: row.id,
  started_at: row.createdAt.toISOString(),
  last_message_at: row.lastMessageAt.toISOString(),
  last_author: row.last?.author ?? "visitor",
  preview: row.last?.body ?? "",
  unread: Number(row.unread),
  message_count: Number(row.messageCount),
  email: row.email,
  page: row.page,
});

/** The inbox: newest activity first, with unread counts. */
export async function listConversations(ctx: Pick<Context, "db">): Promise<AdminConversationList> {
  const rows = await ctx.db
    .select(summaryColumns)
    .from(chatConversations)
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(INBOX_SIZE);
  const [total] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(and(eq(chatMessages.author, "visitor"), isNull(chatMessages.readAt)));
  return { conversations: rows.map(summary), unread_total: Number(total?.n ?? 0) };
}

/**
 * One conversation as the admin opens it: its messages, the visitor's now marked read (the inbox
 * polls an open conversation, so what arrives while it is on screen is read too).
 */
export async function openConversation(
  ctx: Pick<Context, "db">,
  conversationId: string,
): Promise<AdminConversation> {
  await markVisitorMessagesRead(ctx.db, conversationId);
  const [row] = await ctx.db
    .select(summaryColumns)
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId));
  if (!row) throw notFound(CHAT_MESSAGES.conversationNotFound);
  return { ...summary(row), messages: await conversationMessages(ctx.db, conversationId) };
}

/** The agency's answer, which the visitor's open chat shows at its next poll. */
export async function answerConversation(
  ctx: Pick<Context, "db">,
  conversationId: string,
  message: string,
): Promise<AdminConversation> {
  const [exists] = await ctx.db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId));
  if (!exists) throw notFound(CHAT_MESSAGES.conversationNotFound);
  await ctx.db.transaction(async (tx) => {
    await insertChatMessage(tx, { conversationId, author: "agency", body: message });
    await touchChatConversation(tx, conversationId);
  });
  return openConversation(ctx, conversationId);
}
