import { z } from "zod";
import { CHAT_MESSAGE_MAX, CHAT_MESSAGES, CHAT_TOKEN_HEADER } from "./chat.ts";

const messageText = z
  .string({ error: CHAT_MESSAGES.messageRequired })
  .trim()
  .min(1, CHAT_MESSAGES.messageRequired)
  .max(CHAT_MESSAGE_MAX, CHAT_MESSAGES.messageTooLong);

/** A visitor's message; the first one opens a conversation (and may leave an e-mail to be answered at). */
export const ChatVisitorMessageBody = z.object({
  message: messageText,
  email: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email(CHAT_MESSAGES.emailInvalid).max(254, CHAT_MESSAGES.emailInvalid))
      .optional(),
  ),
  /** The page the visitor wrote from (its path), shown to the agency. */
  page: z
    .string()
    .max(300)
    .regex(/^\/[^\s]*$/, "Page invalide.")
    .optional(),
});
export type ChatVisitorMessageBody = z.input<typeof ChatVisitorMessageBody>;
export type ChatVisitorMessage = z.output<typeof ChatVisitorMessageBody>;

/** The visitor's conversation token, in its header; optional on the first message. */
export const ChatTokenHeaders = z.object({ [CHAT_TOKEN_HEADER]: z.string().max(200).optional() });

export const ChatMessageView = z.object({
  id: z.number().int(),
  author: z.enum(["visitor", "agency"]),
  body: z.string(),
  created_at: z.string(),
});
export type ChatMessageView = z.infer<typeof ChatMessageView>;

/** What the visitor reads: their own conversation; `token` is the one to keep (new on a first message). */
export const VisitorConversation = z.object({
  token: z.string().optional(),
  messages: z.array(ChatMessageView),
});
export type VisitorConversation = z.infer<typeof VisitorConversation>;

export const AdminConversationSummary = z.object({
  id: z.uuid(),
  started_at: z.string(),
  last_message_at: z.string(),
  last_author: z.enum(["visitor", "agency"]),
  preview: z.string(),
  unread: z.number().int(),
  message_count: z.number().int(),
  email: z.string().nullable(),
  page: z.string().nullable(),
});
export type AdminConversationSummary = z.infer<typeof AdminConversationSummary>;

export const AdminConversationList = z.object({
  conversations: z.array(AdminConversationSummary),
  unread_total: z.number().int(),
});
export type AdminConversationList = z.infer<typeof AdminConversationList>;

export const AdminConversation = AdminConversationSummary.extend({ messages: z.array(ChatMessageView) });
export type AdminConversation = z.infer<typeof AdminConversation>;

export const ConversationIdParams = z.object({ conversationId: z.uuid(CHAT_MESSAGES.conversationNotFound) });

export const AdminChatAnswerBody = z.object({ message: messageText });
export type AdminChatAnswerBody = z.input<typeof AdminChatAnswerBody>;
