import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { chatMessages } from "../db/schema.ts";

/**
 * The data access of `chat_messages`, the messages of a chat conversation. Every write to the
 * table is here (docs/architecture.md, data-access.test.ts).
 */

/** Records a message. */
export async function insertChatMessage(db: Db, values: typeof chatMessages.$inferInsert): Promise<void> {
  await db.insert(chatMessages).values(values);
}

/** Marks the visitor's unread messages of a conversation read now. */
export async function markVisitorMessagesRead(db: Db, conversationId: string): Promise<void> {
  await db
    .update(chatMessages)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.author, "visitor"),
        isNull(chatMessages.readAt),
      ),
    );
}
