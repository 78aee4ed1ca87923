import { LOST_LINK_MESSAGES } from "@lagon/contracts/contact";
import { type FormEvent, useCallback, useRef, useState } from "react";
import { ApiError } from "../../lib/fetch-json";
import { type CaptchaHandle, CaptchaWidget } from "../captcha/captcha-widget";
import "../contact/contact.css";
import { requestLostLink } from "./api/request-lost-link";

type State =
  | { kind: "idle" }
  | { kind: "submitting" }
  | { kind: "success" }
  | { kind: "error"; message: string };

/** Asks for a new access link by e-mail. */
export function LostLinkForm() {
  const [email, setEmail] = useState("");
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: "idle" });
  const captcha = useRef<CaptchaHandle>(null);
  const onToken = useCallback((t: string | null) => setToken(t), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    setState({ kind: "submitting" });
    try {
      await requestLostLink(email, token);
      setState({ kind: "success" });
      captcha.current?.reset();
    } catch (err) {
      captcha.current?.reset();
      const message =
        err instanceof ApiError ? (err.detail ?? LOST_LINK_MESSAGES.notFound) : LOST_LINK_MESSAGES.network;
      setState({ kind: "error", message });
    }
  }

  return (
    <form className="contact-form" onSubmit={submit}>
      <label htmlFor="lost-email">E-mail utilisé lors de la commande *</label>
      <input
        id="lost-email"
        type="email"
        required
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <CaptchaWidget ref={captcha} onToken={onToken} />
      <button type="submit" className="button button-accent" disabled={!token || state.kind === "submitting"}>
        {state.kind === "submitting" ? "Envoi en cours..." : "Recevoir mon lien d'accès"}
      </button>
      <div aria-live="polite">
        {state.kind === "success" ? <p className="form-success">{LOST_LINK_MESSAGES.success}</p> : null}
        {state.kind === "error" ? (
          <p className="form-error" role="alert">
            {state.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}
