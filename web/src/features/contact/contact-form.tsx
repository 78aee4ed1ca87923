import { CAPTCHA_MISSING } from "@lagon/contracts/captcha";
import { CONTACT_MESSAGES } from "@lagon/contracts/contact";
import { type FormEvent, useCallback, useRef, useState } from "react";
import { ApiError } from "../../lib/fetch-json";
import { type CaptchaHandle, CaptchaWidget } from "../captcha/captcha-widget";
import "./contact.css";
import { sendContactMessage } from "./api/send-contact-message";

type State =
  | { kind: "idle" }
  | { kind: "submitting" }
  | { kind: "success" }
  | { kind: "error"; message: string };
const EMPTY = { name: "", email: "", subject: "", message: "" };

/** The contact form: name, e-mail, subject, message and the captcha. */
export function ContactForm() {
  const [fields, setFields] = useState(EMPTY);
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: "idle" });
  const captcha = useRef<CaptchaHandle>(null);
  const onToken = useCallback((t: string | null) => setToken(t), []);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) {
      setState({ kind: "error", message: CAPTCHA_MISSING });
      return;
    }
    setState({ kind: "submitting" });
    try {
      await sendContactMessage({ ...fields, captcha_token: token });
      setFields(EMPTY);
      captcha.current?.reset();
      setState({ kind: "success" });
    } catch (err) {
      const message =
        err instanceof ApiError ? (err.detail ?? CONTACT_MESSAGES.failure) : CONTACT_MESSAGES.network;
      setState({ kind: "error", message });
    }
  }

  return (
    <form className="contact-form" onSubmit={submit}>
      <label htmlFor="contact-name">Nom *</label>
      <input id="contact-name" required autoComplete="name" value={fields.name} onChange={set("name")} />
      <label htmlFor="contact-email">E-mail *</label>
      <input
        id="contact-email"
        type="email"
        required
        autoComplete="email"
        value={fields.email}
        onChange={set("email")}
      />
      <label htmlFor="contact-subject">Sujet *</label>
      <input id="contact-subject" required value={fields.subject} onChange={set("subject")} />
      <label htmlFor="contact-message">Message *</label>
      <textarea id="contact-message" required rows={6} value={fields.message} onChange={set("message")} />
      <CaptchaWidget ref={captcha} onToken={onToken} />
      <button
        type="submit"
        className="button button-accent"
        disabled={state.kind === "submitting"}
        onClick={(e) => {
          // Before the browser's own checks, which would stop at the widget's checkbox.
          if (!token) {
            e.preventDefault();
            setState({ kind: "error", message: CAPTCHA_MISSING });
          }
        }}
      >
        {state.kind === "submitting" ? "Envoi en cours..." : "Envoyer"}
      </button>
      <div aria-live="polite">
        {state.kind === "success" ? <p className="form-success">{CONTACT_MESSAGES.success}</p> : null}
        {state.kind === "error" ? (
          <p className="form-error" role="alert">
            {state.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}
