import { tooManyRequestsFor } from "@lagon/contracts/errors";
import { KOZA_MESSAGES, KOZA_STYLE_LABELS, KOZA_STYLES, type KozaStyle } from "@lagon/contracts/koza";
import { type FormEvent, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/fetch-json";
import { submitQuestionnaire } from "./api/submit-questionnaire";
import { LogoPicker, PhotosPicker } from "./image-picker";
import { EMPTY_ANSWERS, KOZA_FIELD_IDS, KOZA_STEPS, type KozaAnswers, kozaProblems } from "./koza-answers";
import { KozaField } from "./koza-field";
import { KozaProblems } from "./koza-problems";
import { KozaRecap } from "./koza-recap";
import "./koza.css";

/**
 * The five-step Koza questionnaire. Moving between steps is never blocked (required fields are
 * only marked); the last step lists what is still missing, each item leading to its field, and
 * once nothing is, sends everything, images included, and goes back to the dashboard.
 */
export function KozaWizard(props: { orderId: string; token: string }) {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<KozaAnswers>(EMPTY_ANSWERS);
  const [logo, setLogo] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  /** A rate limit's refusal, said in the page with when to try again (the answers stay). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const problemsRef = useRef<HTMLElement>(null);
  const last = step === KOZA_STEPS.length - 1;
  const problems = kozaProblems(answers);

  /** Shows another step; keyboard and screen-reader users land on its title. */
  function goTo(next: number) {
    flushSync(() => setStep(next));
    title.current?.focus();
  }

  /** From the error list: the field's step, and the field itself. */
  function goToField(next: number, fieldId: string) {
    flushSync(() => setStep(next));
    document.getElementById(fieldId)?.focus();
  }

  const set = <K extends keyof KozaAnswers>(key: K, value: KozaAnswers[K]) =>
    setAnswers((a) => ({ ...a, [key]: value }));
  const setContact = (key: keyof KozaAnswers["contactInfo"], value: string) =>
    setAnswers((a) => ({ ...a, contactInfo: { ...a.contactInfo, [key]: value } }));
  const setService = (index: number, value: string) =>
    setAnswers((a) => ({
      ...a,
      services: a.services.map((s, i) => (i === index ? value : s)) as KozaAnswers["services"],
    }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!last) return goTo(step + 1);
    if (problems.length > 0) return problemsRef.current?.focus();
    setBusy(true);
    setRefusal(null);
    try {
      await submitQuestionnaire({ orderId: props.orderId, token: props.token, answers, logo, photos });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 429) {
        setRefusal(tooManyRequestsFor(err.retryAfterSeconds ?? 60));
        return;
      }
      window.alert(`Erreur: ${(err as Error).message || KOZA_MESSAGES.failure}`);
      return;
    }
    window.alert(KOZA_MESSAGES.success);
    navigate(paths.dashboard(props.orderId, props.token));
  }

  return (
    <form className="koza-wizard" onSubmit={onSubmit} aria-busy={busy}>
      <ol className="koza-steps" aria-label="Étapes du questionnaire">
        {KOZA_STEPS.map((name, i) => (
          <li
            key={name}
            aria-current={i === step ? "step" : undefined}
            className={i < step ? "is-done" : undefined}
          >
            <span className="koza-step-number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="koza-step-name">{name}</span>
          </li>
        ))}
      </ol>

      <fieldset className="koza-card">
        <legend>
          <h2 ref={title} tabIndex={-1}>
            <span className="koza-step-count">
              Étape {step + 1} sur {KOZA_STEPS.length}
              <span className="visually-hidden"> : </span>
            </span>
            {KOZA_STEPS[step]}
          </h2>
        </legend>
        {step === 0 ? (
          <>
            <KozaField
              id={KOZA_FIELD_IDS.businessType}
              label="Type d'activité"
              hint="Par exemple : boulangerie artisanale, plombier, salon de coiffure."
              value={answers.businessType}
              onChange={(v) => set("businessType", v)}
              required
            />
            <KozaField
              id={KOZA_FIELD_IDS.businessName}
              label="Nom de l'entreprise"
              value={answers.businessName}
              onChange={(v) => set("businessName", v)}
              autoComplete="organization"
              required
            />
            <KozaField
              id={KOZA_FIELD_IDS.businessDescription}
              label="Description courte (2-3 phrases)"
              hint="Ce que vous faites, et comment."
              value={answers.businessDescription}
              onChange={(v) => set("businessDescription", v)}
              multiline
              required
            />
            <KozaField
              label="Votre clientèle (optionnel)"
              hint="Par exemple : les particuliers et les professionnels de l'Ouest."
              value={answers.targetAudience}
              onChange={(v) => set("targetAudience", v)}
            />
          </>
        ) : step === 1 ? (
          <>
            {answers.services.map((service, i) => (
              <KozaField
                // biome-ignore lint/suspicious/noArrayIndexKey: the three services are fixed slots
                key={i}
                id={KOZA_FIELD_IDS.service(i)}
                label={`Service ${i + 1}`}
                value={service}
                onChange={(v) => setService(i, v)}
                required
              />
            ))}
            <KozaField
              id={KOZA_FIELD_IDS.uniqueValue}
              label="Ce qui vous distingue"
              hint="Ce que vos clients ne trouvent pas ailleurs."
              value={answers.uniqueValue}
              onChange={(v) => set("uniqueValue", v)}
              multiline
              required
            />
          </>
        ) : step === 2 ? (
          <>
            <div className="koza-colors">
              {(["primary", "secondary"] as const).map((key) => (
                <label key={key} className="koza-color">
                  <input
                    type="color"
                    value={answers.colors[key]}
                    onChange={(e) => set("colors", { ...answers.colors, [key]: e.target.value })}
                  />
                  {key === "primary" ? "Couleur principale" : "Couleur secondaire"}
                </label>
              ))}
            </div>
            <div className="koza-field">
              <label htmlFor="koza-style">Style</label>
              <select
                id="koza-style"
                value={answers.style}
                onChange={(e) => set("style", e.target.value as KozaStyle)}
              >
                {KOZA_STYLES.map((s) => (
                  <option key={s} value={s}>
                    {KOZA_STYLE_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <LogoPicker logo={logo} onChange={setLogo} />
            <PhotosPicker photos={photos} onChange={setPhotos} />
          </>
        ) : step === 3 ? (
          <>
            <KozaField
              id={KOZA_FIELD_IDS.phone}
              label="Téléphone"
              type="tel"
              autoComplete="tel"
              value={answers.contactInfo.phone}
              onChange={(v) => setContact("phone", v)}
              required
            />
            <KozaField
              id={KOZA_FIELD_IDS.email}
              label="E-mail"
              type="email"
              autoComplete="email"
              value={answers.contactInfo.email}
              onChange={(v) => setContact("email", v)}
              required
            />
            <KozaField
              id={KOZA_FIELD_IDS.address}
              label="Adresse complète"
              hint="Numéro, rue, code postal et ville."
              autoComplete="street-address"
              value={answers.contactInfo.address}
              onChange={(v) => setContact("address", v)}
              required
            />
            <KozaField
              label="Horaires d'ouverture (optionnel)"
              hint="Par exemple : du lundi au vendredi, 8h-17h."
              value={answers.contactInfo.hours}
              onChange={(v) => setContact("hours", v)}
            />
          </>
        ) : (
          <>
            <KozaProblems focusRef={problemsRef} problems={problems} onGo={goToField} />
            <KozaRecap answers={answers} logo={logo} photos={photos} />
          </>
        )}
      </fieldset>

      <div className="koza-nav">
        <button
          type="button"
          className="button button-primary"
          disabled={step === 0 || busy}
          onClick={() => goTo(step - 1)}
        >
          Précédent
        </button>
        {last ? (
          // Distinct keys: React must not turn the 'Suivant' button into this submit button mid-click.
          <button key="submit" type="submit" className="button button-accent" disabled={busy}>
            Générer mon site !
          </button>
        ) : (
          <button key="next" type="button" className="button button-primary" onClick={() => goTo(step + 1)}>
            Suivant
          </button>
        )}
      </div>
      <p className="refusal-message" role="alert">
        {refusal}
      </p>
    </form>
  );
}
