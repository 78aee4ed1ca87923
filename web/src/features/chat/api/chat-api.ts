import { CHAT_TOKEN_HEADER } from "@lagon/contracts/chat";
import type { ChatVisitorMessageBody, VisitorConversation } from "@lagon/contracts/chat-schemas";
import { apiPaths } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** Where the browser keeps the visitor's conversation: its token and the last answer seen. */
const STORAGE_KEY = "lagon-chat";

interface Stored {
  token: string;
  /** Id of the last agency message the visitor saw with the chat open. */
  seen: number;
}

function load(): Stored | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<Stored>) : null;
    return typeof value?.token === "string" ? { token: value.token, seen: Number(value.seen) || 0 } : null;
  } catch {
    // Storage refused (private mode, settings): the chat still works for this page.
    return null;
  }
}

function save(value: Stored | null): void {
  try {
    if (value) localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // As above: nothing kept, nothing lost on this page.
  }
}

/** The visitor's conversation as this browser knows it. */
export const chatStore = {
  token: () => load()?.token,
  seen: () => load()?.seen ?? 0,
  markSeen(id: number): void {
    const stored = load();
    if (stored && id > stored.seen) save({ ...stored, seen: id });
  },
  keep(token: string): void {
    save({ token, seen: 0 });
  },
  forget(): void {
    save(null);
  },
};

const headers = (token: string | undefined): Record<string, string> =>
  token ? { [CHAT_TOKEN_HEADER]: token } : {};

/** Sends a message: the first one opens a conversation, whose token the store keeps. */
export async function sendChatMessage(body: ChatVisitorMessageBody): Promise<VisitorConversation> {
  const token = chatStore.token();
  const answer = await fetchJson<VisitorConversation>(apiPaths.chatMessages(), {
    method: "POST",
    body: JSON.stringify(body),
    headers: headers(token),
  });
  if (answer.token) chatStore.keep(answer.token);
  return answer;
}

/** The visitor's conversation, or null when this browser has none (or one the server no longer knows). */
export async function readChat(): Promise<VisitorConversation | null> {
  const token = chatStore.token();
  if (!token) return null;
  return fetchJson<VisitorConversation>(apiPaths.chatMessages(), { headers: headers(token) });
}
