import {
  KOZA_DEFAULT_COLORS,
  KOZA_MAX_PHOTOS,
  KOZA_MESSAGES,
  KOZA_STYLE_LABELS,
  KOZA_STYLES,
} from "@lagon/contracts/koza";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { paths } from "../../config/paths";
import "./koza.css";

const STEPS = [
  "Votre activité",
  "Vos services",
  "Votre identité",
  "Informations contact",
  "Validation",
] as const;

interface Answers {
  businessType: string;
  businessName: string;
  businessDescription: string;
  targetAudience: string;
  services: [string, string, string];
  uniqueValue: string;
  contactInfo: { phone: string; email: string; address: string; hours: string };
  colors: { primary: string; secondary: string };
  style: (typeof KOZA_STYLES)[number];
  additionalPages: string[];
}

const EMPTY: Answers = {
  businessType: "",
  businessName: "",
  businessDescription: "",
  targetAudience: "",
  services: ["", "", ""],
  uniqueValue: "",
  contactInfo: { phone: "", email: "", address: "", hours: "" },
  colors: { ...KOZA_DEFAULT_COLORS },
  style: "modern",
  additionalPages: [],
};

/** The five-step Koza questionnaire; the last step sends everything, photos included. */
export function KozaWizard() {
  const [params] = useSearchParams();
  const orderId = params.get("orderId") ?? "";
  const token = params.get("token") ?? "";
  const [step, setStep] = useState(0);
  const [a, setA] = useState<Answers>(EMPTY);
  const [logo, setLogo] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const previews = useMemo(() => photos.map((p) => URL.createObjectURL(p)), [photos]);
  useEffect(
    () => () => {
      for (const u of previews) URL.revokeObjectURL(u);
    },
    [previews],
  );

  const set = <K extends keyof Answers>(key: K, value: Answers[K]) => setA((x) => ({ ...x, [key]: value }));
  const setContact = (key: keyof Answers["contactInfo"], value: string) =>
    setA((x) => ({ ...x, contactInfo: { ...x.contactInfo, [key]: value } }));

  function addPhotos(list: FileList | null) {
    const images = [...(list ?? [])].filter((f) => f.type.startsWith("image/"));
    setPhotos((p) => [...p, ...images].slice(0, KOZA_MAX_PHOTOS));
  }

  async function generate() {
    setBusy(true);
    const form = new FormData();
    form.append("order_id", orderId);
    form.append("token", token);
    form.append("koza_data", JSON.stringify(a));
    if (logo) form.append("logo", logo);
    for (const [i, p] of photos.entries()) form.append(`photo_${i}`, p);
    try {
      const res = await fetch("/api/koza/generate-site", { method: "POST", body: form });
      const body = (await res.json().catch(() => ({}))) as { detail?: string };
      if (!res.ok) throw new Error(body.detail ?? KOZA_MESSAGES.failure);
      window.alert(KOZA_MESSAGES.success);
      window.location.assign(paths.dashboard(orderId, token));
    } catch (err) {
      window.alert(`Erreur: ${(err as Error).message || KOZA_MESSAGES.failure}`);
      setBusy(false);
    }
  }

  return (
    // Enter in a field never sends the questionnaire: only the last step's button does.
    <form className="koza-wizard" onSubmit={(e: FormEvent) => e.preventDefault()}>
      <ol className="koza-steps" aria-label="Étapes du questionnaire">
        {STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={i === step ? "step" : undefined}
            className={i < step ? "is-done" : undefined}
          >
            <span aria-hidden="true">{i + 1}</span> {s}
          </li>
        ))}
      </ol>
      <fieldset>
        <legend>
          {step + 1}. {STEPS[step]}
        </legend>
        {step === 0 ? (
          <>
            <Field
              label="Type d'activité *"
              value={a.businessType}
              onChange={(v) => set("businessType", v)}
              required
              placeholder="Boulangerie, plomberie, salon de coiffure…"
            />
            <Field
              label="Nom de l'entreprise *"
              value={a.businessName}
              onChange={(v) => set("businessName", v)}
              required
            />
            <Field
              label="Description courte (2-3 phrases) *"
              value={a.businessDescription}
              onChange={(v) => set("businessDescription", v)}
              required
              multiline
            />
            <Field
              label="Votre clientèle (optionnel)"
              value={a.targetAudience}
              onChange={(v) => set("targetAudience", v)}
            />
          </>
        ) : step === 1 ? (
          <>
            {([0, 1, 2] as const).map((i) => (
              <Field
                key={`service-${i + 1}`}
                label={`Service ${i + 1} *`}
                value={a.services[i]}
                required
                onChange={(v) =>
                  set("services", a.services.map((x, j) => (j === i ? v : x)) as Answers["services"])
                }
              />
            ))}
            <Field
              label="Ce qui vous distingue *"
              value={a.uniqueValue}
              onChange={(v) => set("uniqueValue", v)}
              required
              multiline
            />
          </>
        ) : step === 2 ? (
          <>
            <div className="koza-colors">
              <label>
                Couleur principale{" "}
                <input
                  type="color"
                  value={a.colors.primary}
                  onChange={(e) => set("colors", { ...a.colors, primary: e.target.value })}
                />
              </label>
              <label>
                Couleur secondaire{" "}
                <input
                  type="color"
                  value={a.colors.secondary}
                  onChange={(e) => set("colors", { ...a.colors, secondary: e.target.value })}
                />
              </label>
            </div>
            <label htmlFor="koza-style">Style</label>
            <select
              id="koza-style"
              value={a.style}
              onChange={(e) => set("style", e.target.value as Answers["style"])}
            >
              {KOZA_STYLES.map((s) => (
                <option key={s} value={s}>
                  {KOZA_STYLE_LABELS[s]}
                </option>
              ))}
            </select>
            <label htmlFor="koza-logo">Logo (optionnel)</label>
            <input
              id="koza-logo"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => setLogo(e.target.files?.[0] ?? null)}
            />
            <label htmlFor="koza-photos">Photos de vos réalisations (5 au maximum, optionnel)</label>
            <input
              id="koza-photos"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              onChange={(e) => addPhotos(e.target.files)}
            />
            <ul className="koza-photos">
              {photos.map((p, i) => (
                <li key={`${p.name}-${p.size}-${p.lastModified}`}>
                  <img src={previews[i]} alt="" width={96} height={96} />
                  <button type="button" onClick={() => setPhotos((list) => list.filter((x) => x !== p))}>
                    Retirer<span className="visually-hidden"> {p.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : step === 3 ? (
          <>
            <Field
              label="Téléphone *"
              value={a.contactInfo.phone}
              onChange={(v) => setContact("phone", v)}
              required
              type="tel"
            />
            <Field
              label="E-mail *"
              value={a.contactInfo.email}
              onChange={(v) => setContact("email", v)}
              required
              type="email"
            />
            <Field
              label="Adresse complète *"
              value={a.contactInfo.address}
              onChange={(v) => setContact("address", v)}
              required
            />
            <Field
              label="Horaires d'ouverture (optionnel)"
              value={a.contactInfo.hours}
              onChange={(v) => setContact("hours", v)}
            />
          </>
        ) : (
          <div className="koza-recap">
            <dl>
              <dt>Activité</dt>
              <dd>
                {a.businessName} — {a.businessType}
              </dd>
              <dt>Services</dt>
              <dd>{a.services.join(" · ")}</dd>
              <dt>Style</dt>
              <dd>
                {KOZA_STYLE_LABELS[a.style]}, couleurs {a.colors.primary} et {a.colors.secondary}
              </dd>
              <dt>Contact</dt>
              <dd>
                {a.contactInfo.phone} · {a.contactInfo.email} · {a.contactInfo.address}
              </dd>
              <dt>Images</dt>
              <dd>
                {logo ? "Logo, " : ""}
                {photos.length} photo(s)
              </dd>
            </dl>
            <p className="koza-warning" role="note">
              La génération prend environ 15 minutes. Vous recevrez un e-mail dès que votre site est prêt.
            </p>
          </div>
        )}
      </fieldset>
      <div className="koza-nav">
        <button
          type="button"
          className="button button-primary"
          disabled={step === 0}
          onClick={() => setStep(step - 1)}
        >
          Précédent
        </button>
        {step < STEPS.length - 1 ? (
          // Distinct keys: reusing one element would turn the click on 'Suivant' into a submit.
          <button
            key="next"
            type="button"
            className="button button-primary"
            onClick={() => setStep(step + 1)}
          >
            Suivant
          </button>
        ) : (
          <button
            key="generate"
            type="button"
            className="button button-accent"
            disabled={busy}
            onClick={generate}
          >
            Générer mon site !
          </button>
        )}
      </div>
    </form>
  );
}

function Field(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  required?: boolean;
  multiline?: boolean;
  type?: string;
  placeholder?: string;
}) {
  const id = `koza-${props.label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      {props.multiline ? (
        <textarea
          id={id}
          rows={3}
          value={props.value}
          required={props.required}
          onChange={(e) => props.onChange(e.target.value)}
        />
      ) : (
        <input
          id={id}
          type={props.type ?? "text"}
          value={props.value}
          required={props.required}
          placeholder={props.placeholder}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </>
  );
}
