import type { ChatMessageView } from "@lagon/contracts/chat-schemas";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { chatMessages } from "../db/schema.ts";

/** A conversation's messages, oldest first, as both sides read them. */
export async function conversationMessages(db: Db, conversationId: string): Promise<ChatMessageView[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.id));
  return rows.map((m) => ({
    id: m.id,
    author: m.author,
    body: m.body,
    created_at: m.createdAt.toISOString(),
  }));
}
