import { KOZA_STYLE_LABELS } from "@lagon/contracts/koza";
import { countOf } from "../../lib/plural";
import type { KozaAnswers } from "./koza-answers";

const orDash = (s: string) => s.trim() || "—";

/** Step 5: everything Koza will use, to check before generating. */
export function KozaRecap(props: { answers: KozaAnswers; logo: File | null; photos: File[] }) {
  const a = props.answers;
  const c = a.contactInfo;
  return (
    <div className="koza-recap">
      <dl>
        <dt>Activité</dt>
        <dd>
          {orDash(a.businessName)} · {orDash(a.businessType)}
        </dd>
        <dt>Description</dt>
        <dd>{orDash(a.businessDescription)}</dd>
        <dt>Clientèle</dt>
        <dd>{orDash(a.targetAudience)}</dd>
        <dt>Services</dt>
        <dd>
          <ol>
            {a.services.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the three services are fixed slots
              <li key={i}>{orDash(s)}</li>
            ))}
          </ol>
        </dd>
        <dt>Ce qui vous distingue</dt>
        <dd>{orDash(a.uniqueValue)}</dd>
        <dt>Style</dt>
        <dd className="koza-recap-style">
          {KOZA_STYLE_LABELS[a.style]}
          <span className="koza-swatch" style={{ background: a.colors.primary }} aria-hidden="true" />
          <span className="koza-swatch" style={{ background: a.colors.secondary }} aria-hidden="true" />
          <span className="visually-hidden">
            couleurs {a.colors.primary} et {a.colors.secondary}
          </span>
        </dd>
        <dt>Contact</dt>
        <dd>
          {orDash(c.phone)} · {orDash(c.email)}
          <br />
          {orDash(c.address)}
          {c.hours.trim() ? (
            <>
              <br />
              {c.hours}
            </>
          ) : null}
        </dd>
        <dt>Images</dt>
        <dd>
          {props.logo ? "Un logo" : "Pas de logo"}, {countOf(props.photos.length, "photo", "photos")}
        </dd>
      </dl>
      <p className="koza-warning">
        <strong>La génération prend environ 15 minutes.</strong> Koza rédige et met en page vos 5 pages
        (Accueil, À propos, Services, Réalisations, Contact) : vous recevrez un e-mail dès que votre site est
        prêt.
      </p>
    </div>
  );
}
