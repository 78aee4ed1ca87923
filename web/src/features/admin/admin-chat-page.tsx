import { CHAT_MESSAGE_MAX, CHAT_MESSAGES, CHAT_POLL_MS } from "@lagon/contracts/chat";
import type { AdminConversation, AdminConversationList } from "@lagon/contracts/chat-schemas";
import { formatDateTime, formatTime } from "@lagon/contracts/french-date";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/fetch-json";
import { plural } from "../../lib/plural";
import { usePolling } from "../../lib/use-polling";
import { AdminNav, AdminRefusal } from "./admin-gate";
import { answerChat } from "./api/answer-chat";
import { getChatConversation } from "./api/get-chat-conversation";
import { getChatConversations } from "./api/get-chat-conversations";
import "./admin-chat-page.css";

const denied = (err: unknown) => err instanceof ApiError && (err.status === 401 || err.status === 403);

/**
 * The agency's inbox of the chat (decision 0035): conversations by latest activity with their
 * unread messages, one open beside them to answer. Both refresh by polling, so a visitor's new
 * message shows without reloading, and the answer reaches the visitor's open chat the same way.
 */
export function AdminChatPage({ token }: { token: string }) {
  const [list, setList] = useState<AdminConversationList | null>(null);
  const [refused, setRefused] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  const refreshList = useCallback(async () => {
    try {
      setList(await getChatConversations(token));
    } catch (err) {
      if (denied(err)) setRefused(true);
      else console.error("Messagerie : la liste n'a pas pu être lue", err);
    }
  }, [token]);
  usePolling(refused ? null : refreshList, CHAT_POLL_MS, { immediately: true });

  if (refused) return <AdminRefusal title="Accès refusé" />;
  const unread = list?.unread_total ?? 0;
  return (
    <>
      <header className="admin-header">
        <h1>Messagerie</h1>
        <AdminNav token={token} current="chat" />
      </header>
      <p className="admin-chat-summary" role="status">
        {list
          ? `${list.conversations.length} ${plural(list.conversations.length, "conversation", "conversations")}, ${unread} ${plural(unread, "message non lu", "messages non lus")}`
          : "Chargement…"}
      </p>
      <div className="admin-chat">
        <nav className="admin-chat-list" aria-label="Conversations">
          {list && list.conversations.length === 0 ? (
            <p>Aucune conversation pour le moment. Les messages des visiteurs arriveront ici.</p>
          ) : null}
          <ul>
            {list?.conversations.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={c.unread > 0 ? "is-unread" : undefined}
                  aria-current={c.id === openId ? "true" : undefined}
                  onClick={() => setOpenId(c.id)}
                >
                  <span className="admin-chat-who">
                    {c.email ?? "Visiteur anonyme"}
                    {c.unread > 0 ? (
                      <span className="admin-chat-unread">
                        {c.unread}{" "}
                        <span className="visually-hidden">{plural(c.unread, "non lu", "non lus")}</span>
                      </span>
                    ) : null}
                  </span>
                  <span className="admin-chat-preview">
                    {c.last_author === "agency" ? "Vous : " : ""}
                    {c.preview}
                  </span>
                  <time dateTime={c.last_message_at}>{formatDateTime(c.last_message_at)}</time>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {openId ? (
          <OpenConversation key={openId} token={token} id={openId} onChange={refreshList} />
        ) : (
          <p className="admin-chat-empty">Choisissez une conversation pour la lire et y répondre.</p>
        )}
      </div>
    </>
  );
}

function OpenConversation({
  token,
  id,
  onChange,
}: {
  token: string;
  id: string;
  onChange: () => Promise<void>;
}) {
  const [conversation, setConversation] = useState<AdminConversation | null>(null);
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const log = useRef<HTMLDivElement>(null);

  const refresh = useCallback(async () => {
    try {
      setConversation(await getChatConversation(id, token));
    } catch (err) {
      console.error("Messagerie : la conversation n'a pas pu être lue", err);
    }
  }, [id, token]);
  usePolling(refresh, CHAT_POLL_MS, { immediately: true });

  // Opened from the list: the focus goes to it (on a phone it is below the list).
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = conversation !== null;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  const count = conversation?.messages.length ?? 0;
  useEffect(() => {
    if (count > 0 && log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [count]);

  async function answer(event: FormEvent) {
    event.preventDefault();
    const message = draft.trim();
    if (!message) {
      setNotice({ tone: "error", text: CHAT_MESSAGES.messageRequired });
      return;
    }
    setSending(true);
    setNotice(null);
    try {
      setConversation(await answerChat(id, token, message));
      setDraft("");
      setNotice({ tone: "success", text: CHAT_MESSAGES.answerSaved });
      await onChange();
    } catch (err) {
      setNotice({
        tone: "error",
        text: err instanceof ApiError && err.detail ? err.detail : CHAT_MESSAGES.sendFailed,
      });
    } finally {
      setSending(false);
    }
  }

  if (!conversation) return <p className="admin-chat-empty">Chargement…</p>;
  return (
    <section className="admin-chat-open" aria-labelledby="admin-chat-title">
      <h2 id="admin-chat-title" ref={heading} tabIndex={-1}>
        {conversation.email ?? "Visiteur anonyme"}
      </h2>
      <p className="admin-chat-meta">
        Ouverte le {formatDateTime(conversation.started_at)}
        {conversation.page ? ` depuis la page ${conversation.page}` : ""}
        {conversation.email ? (
          <>
            {" · "}
            <a href={`mailto:${conversation.email}`}>Répondre par e-mail</a>
          </>
        ) : null}
      </p>
      <div
        className="admin-chat-messages"
        ref={log}
        role="log"
        aria-live="polite"
        aria-label="Messages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (WCAG 2.1.1).
        tabIndex={0}
      >
        <ol>
          {conversation.messages.map((m) => (
            <li key={m.id} className={`is-${m.author}`}>
              <span className="admin-chat-author">{m.author === "visitor" ? "Visiteur" : "Vous"}</span>{" "}
              <time dateTime={m.created_at}>{formatTime(m.created_at)}</time>
              <p>{m.body}</p>
            </li>
          ))}
        </ol>
      </div>
      <form className="admin-chat-form" onSubmit={answer} noValidate>
        <label htmlFor="admin-chat-answer">Votre réponse</label>
        <textarea
          id="admin-chat-answer"
          rows={3}
          value={draft}
          maxLength={CHAT_MESSAGE_MAX}
          onChange={(e) => setDraft(e.target.value)}
        />
        <p className={notice ? `admin-chat-notice is-${notice.tone}` : "admin-chat-notice"} role="status">
          {notice?.text}
        </p>
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? "Envoi…" : "Envoyer la réponse"}
        </button>
      </form>
    </section>
  );
}
