import { formatDate, formatIsoDate } from "@lagon/contracts/french-date";
import { TESTIMONIAL_LIMITS, TESTIMONIAL_MESSAGES } from "@lagon/contracts/testimonials";
import type { AdminTestimonial } from "@lagon/contracts/testimonials-schemas";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { ApiError } from "../../lib/fetch-json";
import { AdminNav, AdminRefusal } from "./admin-gate";
import { AdminNotice, type Notice } from "./admin-notice";
import { deleteTestimonial } from "./api/delete-testimonial";
import { getAdminTestimonials } from "./api/get-admin-testimonials";
import { saveTestimonial } from "./api/save-testimonial";
import "./admin-testimonials-page.css";

interface Draft {
  name: string;
  business: string;
  text: string;
  rating: string;
  consented_on: string;
  site_url: string;
}

const EMPTY: Draft = { name: "", business: "", text: "", rating: "5", consented_on: "", site_url: "" };

const draftOf = (t: AdminTestimonial): Draft => ({
  name: t.name,
  business: t.business,
  text: t.text,
  rating: String(t.rating),
  consented_on: t.consented_on,
  site_url: t.site_url ?? "",
});

const failure = (prefix: string, err: unknown) =>
  `${prefix}${err instanceof ApiError && err.detail ? ` : ${err.detail}` : ""}`;

/**
 * The home page's testimonials (decision 0047): only what a customer gave and agreed to have
 * quoted, with the day they agreed. Added, corrected or removed here, shown on the next load.
 */
export function AdminTestimonialsPage({ token }: { token: string }) {
  const [list, setList] = useState<AdminTestimonial[] | null>(null);
  const [denied, setDenied] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setList((await getAdminTestimonials(token)).testimonials);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return setDenied(true);
      console.error("Témoignages indisponibles", err);
      setNotice({ tone: "error", text: "Impossible de charger les témoignages. Rechargez la page." });
    }
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  if (denied) return <AdminRefusal title="Accès refusé" />;

  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const body = JSON.stringify({ ...draft, rating: Number(draft.rating) });
    try {
      const answer = await saveTestimonial(token, editing, body);
      setNotice({ tone: "success", text: answer.detail });
      setEditing(null);
      setDraft(EMPTY);
      await load();
    } catch (err) {
      setNotice({ tone: "error", text: failure(TESTIMONIAL_MESSAGES.saveFailed, err) });
    } finally {
      setBusy(false);
    }
  }

  async function remove(t: AdminTestimonial) {
    if (!window.confirm(`Supprimer le témoignage de ${t.name} ? Il disparaîtra de la page d'accueil.`))
      return;
    try {
      const answer = await deleteTestimonial(t.id, token);
      setNotice({ tone: "success", text: answer.detail });
      if (editing === t.id) {
        setEditing(null);
        setDraft(EMPTY);
      }
      await load();
    } catch (err) {
      setNotice({ tone: "error", text: failure(TESTIMONIAL_MESSAGES.deleteFailed, err) });
    }
  }

  return (
    <>
      <header className="admin-header">
        <h1>Témoignages</h1>
        <AdminNav token={token} current="testimonials" />
      </header>
      <p className="admin-warning" role="note">
        <strong>À publier seulement avec l'accord écrit de la personne :</strong> son nom, son entreprise et
        ses mots exacts apparaissent sur la page d'accueil. Gardez la trace de son accord et supprimez le
        témoignage dès qu'elle le retire.
      </p>
      <div className="admin-templates">
        <section aria-labelledby="testimonials-list-title">
          <h2 id="testimonials-list-title">Publiés ({list?.length ?? "…"})</h2>
          {list?.length === 0 ? (
            <p>Aucun témoignage : la page d'accueil l'indique, sans citer personne.</p>
          ) : null}
          <ul className="admin-testimonial-list">
            {list?.map((t) => (
              <li key={t.id} aria-current={t.id === editing ? "true" : undefined}>
                <p>
                  <strong>{t.name}</strong> — {t.business}
                </p>
                <p className="admin-testimonial-meta">
                  {t.rating}/5 · accord du {formatDate(`${t.consented_on}T12:00:00Z`)}
                  {t.site_url ? ` · ${t.site_url}` : ""}
                </p>
                <blockquote>{t.text}</blockquote>
                <div className="admin-actions">
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      setEditing(t.id);
                      setDraft(draftOf(t));
                      setNotice(null);
                    }}
                  >
                    Modifier<span className="visually-hidden"> le témoignage de {t.name}</span>
                  </button>
                  <button type="button" className="button" onClick={() => void remove(t)}>
                    Supprimer<span className="visually-hidden"> le témoignage de {t.name}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <form
          className="admin-editor admin-testimonial-form"
          aria-labelledby="testimonial-form-title"
          onSubmit={(e) => void submit(e)}
        >
          <h2 id="testimonial-form-title" className="admin-testimonial-form-title">
            {editing ? "Modifier le témoignage" : "Ajouter un témoignage"}
          </h2>
          <label htmlFor="testimonial-name">Nom de la personne</label>
          <input
            id="testimonial-name"
            required
            maxLength={TESTIMONIAL_LIMITS.name}
            value={draft.name}
            onChange={(e) => set("name")(e.target.value)}
          />
          <label htmlFor="testimonial-business">Entreprise (et ville)</label>
          <input
            id="testimonial-business"
            required
            maxLength={TESTIMONIAL_LIMITS.business}
            value={draft.business}
            onChange={(e) => set("business")(e.target.value)}
          />
          <label htmlFor="testimonial-text">Témoignage (ses mots exacts)</label>
          <textarea
            id="testimonial-text"
            required
            rows={5}
            maxLength={TESTIMONIAL_LIMITS.text}
            value={draft.text}
            onChange={(e) => set("text")(e.target.value)}
          />
          <label htmlFor="testimonial-rating">Note</label>
          <select
            id="testimonial-rating"
            value={draft.rating}
            onChange={(e) => set("rating")(e.target.value)}
          >
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} sur 5
              </option>
            ))}
          </select>
          <label htmlFor="testimonial-consent">Date de son accord pour être cité</label>
          <input
            id="testimonial-consent"
            type="date"
            required
            max={formatIsoDate(new Date())}
            value={draft.consented_on}
            onChange={(e) => set("consented_on")(e.target.value)}
          />
          <label htmlFor="testimonial-site">Adresse de son site (facultatif)</label>
          <input
            id="testimonial-site"
            type="url"
            placeholder="https://"
            maxLength={TESTIMONIAL_LIMITS.siteUrl}
            value={draft.site_url}
            onChange={(e) => set("site_url")(e.target.value)}
          />
          <div className="admin-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {editing ? "Enregistrer" : "Ajouter le témoignage"}
            </button>
            {editing ? (
              <button
                type="button"
                className="button"
                onClick={() => {
                  setEditing(null);
                  setDraft(EMPTY);
                }}
              >
                Annuler
              </button>
            ) : null}
          </div>
        </form>
      </div>
      <AdminNotice notice={notice} onDismiss={() => setNotice(null)} />
    </>
  );
}
