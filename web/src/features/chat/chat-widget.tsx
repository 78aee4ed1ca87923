import { CHAT_MESSAGE_MAX, CHAT_MESSAGES, CHAT_POLL_MS } from "@lagon/contracts/chat";
import type { ChatMessageView, VisitorConversation } from "@lagon/contracts/chat-schemas";
import { formatTime } from "@lagon/contracts/french-date";
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { publicConfig } from "../../config/public-config";
import { ApiError } from "../../lib/fetch-json";
import { plural } from "../../lib/plural";
import { chatStore, readChat, sendChatMessage } from "./api/chat-api";
import "./chat.css";
import { usePolling } from "../../lib/use-polling";

/** A closed chat still asks now and then, to show a badge when the agency has answered. */
const CLOSED_POLL_MS = 20_000;

const refused = (err: unknown) => err instanceof ApiError && (err.status === 401 || err.status === 403);

/**
 * The chat of our own (decision 0035): a launcher at the bottom right of every public page and a
 * panel where the visitor writes to the agency and reads its answers, which arrive by polling.
 * Loaded after the page has painted and hydrated (chat.tsx).
 */
export function ChatWidget({ pathname }: { pathname: string }) {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [hasConversation, setHasConversation] = useState(() => Boolean(chatStore.token()));
  const [draft, setDraft] = useState("");
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState(() => chatStore.seen());
  const launcher = useRef<HTMLButtonElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const id = useId();

  const forgetConversation = useCallback(() => {
    chatStore.forget();
    setHasConversation(false);
    setMessages([]);
  }, []);

  const refresh = useCallback(async () => {
    try {
      const conversation = await readChat();
      if (conversation) setMessages(conversation.messages);
      else setHasConversation(false);
    } catch (err) {
      // The server no longer knows this conversation: start afresh, silently.
      if (refused(err)) forgetConversation();
      else console.error("Chat : les messages n'ont pas pu être lus", err);
    }
  }, [forgetConversation]);

  // New answers arrive by polling: often while the chat is open, now and then while it is closed.
  usePolling(hasConversation ? refresh : null, open ? CHAT_POLL_MS : CLOSED_POLL_MS, { immediately: true });

  const lastAnswer = messages.reduce((last, m) => (m.author === "agency" && m.id > last ? m.id : last), 0);
  const unread = messages.filter((m) => m.author === "agency" && m.id > seen).length;

  // What is on screen with the chat open is seen.
  useEffect(() => {
    if (open && lastAnswer > seen) {
      chatStore.markSeen(lastAnswer);
      setSeen(lastAnswer);
    }
  }, [open, lastAnswer, seen]);

  // The newest message stays in view.
  const count = messages.length;
  useEffect(() => {
    if (open && count > 0 && log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [open, count]);

  useEffect(() => {
    if (open) textarea.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const message = draft.trim();
    if (!message) {
      setError(CHAT_MESSAGES.messageRequired);
      textarea.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    const body = { message, page: pathname, ...(hasConversation || !email.trim() ? {} : { email }) };
    try {
      let answer: VisitorConversation;
      try {
        answer = await sendChatMessage(body);
      } catch (err) {
        // A conversation the server no longer knows: the message opens a new one.
        if (!refused(err)) throw err;
        chatStore.forget();
        answer = await sendChatMessage(body);
      }
      setMessages(answer.messages);
      setHasConversation(true);
      setDraft("");
    } catch (err) {
      setError(err instanceof ApiError && err.detail ? err.detail : CHAT_MESSAGES.sendFailed);
    } finally {
      setSending(false);
      textarea.current?.focus();
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
    }
  };
  const onTextareaKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) void send(event);
  };

  const company = publicConfig.COMPANY_NAME;
  return (
    <aside className="chat" aria-label="Discussion avec l'équipe">
      <button
        ref={launcher}
        type="button"
        className="chat-launcher"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">
          <path
            fill="currentColor"
            d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm3 6.5a1.5 1.5 0 1 0 0 .01Zm5 0a1.5 1.5 0 1 0 0 .01Zm5 0a1.5 1.5 0 1 0 0 .01Z"
          />
        </svg>
        {/* One name whatever the state: aria-expanded says whether the chat is open. */}
        <span className="chat-launcher-text">Discuter avec nous</span>
        {unread > 0 && !open ? (
          <span className="chat-badge">
            {unread}
            <span className="visually-hidden">
              {" "}
              {plural(unread, "nouvelle réponse", "nouvelles réponses")}
            </span>
          </span>
        ) : null}
      </button>
      <section
        id={`${id}-panel`}
        className="chat-panel"
        role="dialog"
        aria-modal="false"
        aria-labelledby={`${id}-title`}
        hidden={!open}
        onKeyDown={onKeyDown}
      >
        <header className="chat-header">
          <h2 id={`${id}-title`}>Une question ? Écrivez-nous</h2>
          <button type="button" className="chat-close" onClick={close}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Fermer le chat</span>
          </button>
        </header>
        {/* Scrollable, so focusable: a keyboard scrolls back through the conversation. */}
        <div
          className="chat-messages"
          ref={log}
          role="log"
          aria-live="polite"
          aria-label="Messages"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (WCAG 2.1.1).
          tabIndex={0}
        >
          <ol>
            <li className="chat-message is-agency">
              <p>
                Bonjour ! Une question sur nos sites, nos formules ou Koza ? Écrivez-nous ici : l'équipe de{" "}
                {company} vous répond dans ce chat.
              </p>
            </li>
            {messages.map((m) => (
              <li key={m.id} className={`chat-message is-${m.author}`}>
                <span className="visually-hidden">{m.author === "visitor" ? "Vous" : company} : </span>
                <p>{m.body}</p>
                <time dateTime={m.created_at}>{formatTime(m.created_at)}</time>
              </li>
            ))}
          </ol>
        </div>
        {hasConversation && messages.length > 0 && lastAnswer === 0 ? (
          <p className="chat-note">
            Message reçu ! Nous vous répondons ici dès que possible. Vous pouvez fermer le chat : la
            conversation vous attend sur toutes les pages du site.
          </p>
        ) : null}
        <form className="chat-form" onSubmit={send} noValidate>
          {hasConversation ? null : (
            <>
              <label htmlFor={`${id}-email`}>Votre e-mail (facultatif)</label>
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                value={email}
                maxLength={254}
                aria-describedby={`${id}-email-hint`}
                onChange={(e) => setEmail(e.target.value)}
              />
              <p id={`${id}-email-hint`} className="chat-hint">
                Pour que nous puissions vous répondre si vous quittez le site.
              </p>
            </>
          )}
          <label htmlFor={`${id}-message`}>Votre message</label>
          <textarea
            ref={textarea}
            id={`${id}-message`}
            rows={3}
            value={draft}
            maxLength={CHAT_MESSAGE_MAX}
            aria-describedby={`${id}-message-hint`}
            aria-invalid={error === CHAT_MESSAGES.messageRequired ? true : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              if (error) setError(null);
            }}
            onKeyDown={onTextareaKeyDown}
          />
          <p id={`${id}-message-hint`} className="chat-hint">
            Entrée pour envoyer, Maj + Entrée pour aller à la ligne.
          </p>
          {error ? (
            <p className="chat-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button-primary chat-send" disabled={sending}>
            {sending ? "Envoi…" : "Envoyer"}
          </button>
        </form>
      </section>
    </aside>
  );
}
