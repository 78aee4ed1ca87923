import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { chatConversations } from "../db/schema.ts";

/**
 * The data access of `chat_conversations`, a visitor's conversation in our chat (decision 0035).
 * Every write to the table is here (docs/architecture.md, data-access.test.ts).
 */

/** Opens a conversation. */
export async function insertChatConversation(
  db: Db,
  values: typeof chatConversations.$inferInsert,
): Promise<void> {
  await db.insert(chatConversations).values(values);
}

/** Dates a conversation's last message now, with what else changed (an address left later). */
export async function touchChatConversation(
  db: Db,
  conversationId: string,
  patch: Pick<Partial<typeof chatConversations.$inferInsert>, "email"> = {},
): Promise<void> {
  await db
    .update(chatConversations)
    .set({ lastMessageAt: sql`now()`, ...patch })
    .where(eq(chatConversations.id, conversationId));
}
