/** The chat of our own (decision 0035): limits and French messages, shared by web and server. */

/** Longest message a visitor or the agency may send, in characters. */
export const CHAT_MESSAGE_MAX = 2000;

/** Messages one conversation may hold: past this, the visitor is sent to the contact form. */
export const CHAT_CONVERSATION_MAX_MESSAGES = 200;

/** The header that carries the visitor's conversation token (never the URL: it would be logged). */
export const CHAT_TOKEN_HEADER = "x-chat-token";

/** How often an open chat (visitor or admin) asks for new messages, in milliseconds. */
export const CHAT_POLL_MS = 3000;

/** Who wrote a message. */
export type ChatAuthor = "visitor" | "agency";

export const CHAT_MESSAGES = {
  messageRequired: "Écrivez votre message avant de l'envoyer.",
  messageTooLong: `Message trop long (${CHAT_MESSAGE_MAX} caractères au plus).`,
  emailInvalid: "Adresse e-mail invalide.",
  tokenMissing: "Conversation introuvable : aucun jeton de conversation.",
  tokenInvalid: "Conversation introuvable. Elle a peut-être été supprimée.",
  conversationFull:
    "Cette conversation a atteint sa limite de messages. Écrivez-nous par le formulaire de contact.",
  tooManyConversations:
    "Trop de nouvelles conversations depuis votre connexion. Réessayez dans une heure ou utilisez le formulaire de contact.",
  conversationNotFound: "Conversation introuvable.",
  sendFailed: "Votre message n'a pas pu être envoyé. Réessayez dans un instant.",
  answerSaved: "Réponse envoyée.",
} as const;
