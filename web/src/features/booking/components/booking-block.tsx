import { BOOKING_PREVIEW } from "@lagon/contracts/booking";
import type { BookingOverview, BookingView } from "@lagon/contracts/booking-schemas";
import { useCallback, useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { failureText } from "../../../lib/fetch-json";
import { countOf } from "../../../lib/plural";
import { useApiData } from "../../../lib/use-api-data";
import { getBooking } from "../api/get-booking";
import { renewBookingFeed } from "../api/renew-booking-feed";
import { saveBookingSettings } from "../api/save-booking-settings";
import { addDays, clockOf, dateOf, dayNameOf, mondayOf, shortDay } from "./booking-dates";
import { BookingSettingsForm } from "./booking-settings-form";
import "./booking.css";

type Included = Extract<BookingOverview, { included: true }>;

/**
 * "Réservations" on the order page (decision 0057): a Business site's upcoming bookings as a list
 * and a week's calendar, the private calendar feed for a phone, and the booking settings. Starter
 * and Libre see what Business gives.
 */
export function BookingBlock({ orderId, token }: { orderId: string; token: string }) {
  const { data, loadError, reload } = useApiData(
    useCallback(() => getBooking(orderId, token), [orderId, token]),
    "Réservations",
  );
  const [saved, setSaved] = useState<Included | null>(null);
  const view = saved ?? (data?.included ? data : null);

  return (
    <section className="dashboard-card booking" aria-labelledby="booking-title">
      <h2 id="booking-title">Réservations</h2>
      {loadError ? (
        <p role="alert">Vos réservations n'ont pas pu être chargées. Rechargez la page pour réessayer.</p>
      ) : data === null ? (
        <p role="status">Chargement des réservations…</p>
      ) : !data.included ? (
        <div className="visits-preview">
          <p>{BOOKING_PREVIEW}</p>
          <p className="dashboard-help">
            La réservation en ligne fait partie de la formule Business : passez-y avec{" "}
            {"«\u00a0Changer de formule\u00a0»"}, dans {"«\u00a0Votre abonnement\u00a0»"}.
          </p>
        </div>
      ) : view ? (
        <>
          <p className="dashboard-help">
            Vos clients réservent sur la page{" "}
            <a href={view.page_url} target="_blank" rel="noopener">
              Réservation de votre site
            </a>
            . Chaque rendez-vous vous est envoyé par e-mail ; le client reçoit une confirmation avec un lien
            pour annuler, puis un rappel la veille.
          </p>
          <BookingList view={view} onReload={reload} />
          <WeekCalendar view={view} />
          <CalendarFeed
            feedUrl={view.feed_url}
            renew={async () => setSaved(await renewBookingFeed(orderId, token))}
          />
          <details className="booking-settings-details">
            <summary>Prestations, horaires et jours de fermeture</summary>
            <BookingSettingsForm
              settings={view.settings}
              save={async (settings) => setSaved(await saveBookingSettings(orderId, token, settings))}
            />
          </details>
        </>
      ) : null}
    </section>
  );
}

function BookingList({ view, onReload }: { view: Included; onReload: () => Promise<void> }) {
  const tz = view.settings.time_zone;
  const upcoming = view.bookings.filter(
    (b) => b.status === "confirmed" && Date.parse(b.ends_at) > Date.now(),
  );
  return (
    <div className="booking-upcoming">
      <h3>Prochains rendez-vous</h3>
      {upcoming.length === 0 ? (
        <p>Aucun rendez-vous à venir pour l'instant.</p>
      ) : (
        <>
          <p className="dashboard-help">
            {countOf(upcoming.length, "rendez-vous à venir", "rendez-vous à venir")}.
          </p>
          <ul className="row-list">
            {upcoming.slice(0, 50).map((b) => (
              <li key={b.id}>
                <span>
                  <strong>
                    {dayNameOf(b.starts_at, tz)} à {clockOf(b.starts_at, tz)}
                  </strong>{" "}
                  — {b.service}
                  <br />
                  {b.name} · <a href={`mailto:${b.email}`}>{b.email}</a>
                  {b.phone ? (
                    <>
                      {" "}
                      · <a href={`tel:${b.phone.replace(/\s/g, "")}`}>{b.phone}</a>
                    </>
                  ) : null}
                  {b.note ? <span className="dashboard-help booking-note"> « {b.note} »</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <button type="button" className="dashboard-small-button" onClick={() => void onReload()}>
        Actualiser
      </button>
    </div>
  );
}

function WeekCalendar({ view }: { view: Included }) {
  const tz = view.settings.time_zone;
  const today = dateOf(new Date(), tz);
  const [monday, setMonday] = useState(() => mondayOf(today));
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const byDay = new Map<string, BookingView[]>();
  for (const b of view.bookings) {
    const day = dateOf(b.starts_at, tz);
    byDay.set(day, [...(byDay.get(day) ?? []), b]);
  }
  return (
    <div className="booking-week">
      <div className="booking-week-nav">
        <h3 id="booking-week-title">Semaine du {shortDay(monday)}</h3>
        <span className="dashboard-actions">
          <button
            type="button"
            className="dashboard-small-button"
            disabled={monday <= mondayOf(today)}
            onClick={() => setMonday(addDays(monday, -7))}
          >
            Semaine précédente
          </button>
          <button
            type="button"
            className="dashboard-small-button"
            onClick={() => setMonday(addDays(monday, 7))}
          >
            Semaine suivante
          </button>
        </span>
      </div>
      <ol className="booking-week-days" aria-labelledby="booking-week-title">
        {days.map((day, i) => {
          const list = byDay.get(day) ?? [];
          const closed = view.settings.week[i] === null || view.settings.days_off.includes(day);
          // A day gone by is neither free nor closed any more.
          const past = day < today;
          return (
            <li
              key={day}
              className={`${day === today ? "is-today" : ""} ${closed || past ? "is-closed" : ""}`}
            >
              <strong>{shortDay(day)}</strong>
              {list.length === 0 ? (
                <span className="dashboard-help">{past ? "Passé" : closed ? "Fermé" : "Libre"}</span>
              ) : (
                <ul>
                  {list.map((b) => (
                    <li key={b.id} className={b.status === "cancelled" ? "is-cancelled" : ""}>
                      {clockOf(b.starts_at, tz)} {b.name}
                      <span className="dashboard-help">
                        {" "}
                        {b.service}
                        {b.status === "cancelled" ? " (annulé)" : ""}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function CalendarFeed({ feedUrl, renew }: { feedUrl: string; renew: () => Promise<void> }) {
  const [state, setState] = useState<"idle" | "copied" | "confirm" | "renewed" | { error: string }>("idle");
  return (
    <div className="booking-feed">
      <h3>Dans l'agenda de votre téléphone</h3>
      <p className="dashboard-help">
        Abonnez l'agenda de votre téléphone (iPhone : Réglages › Calendrier › Comptes › Ajouter un calendrier
        avec abonnement ; Google Agenda : Autres agendas › À partir de l'URL) à cette adresse privée : vos
        rendez-vous s'y ajoutent seuls. Ne la partagez pas ; si elle a circulé, créez-en une nouvelle.
      </p>
      <p className="dashboard-actions">
        <input className="booking-feed-url" readOnly value={feedUrl} aria-label="Adresse de votre agenda" />
        <button
          type="button"
          className="dashboard-small-button"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(feedUrl)
              .then(() => setState("copied"))
              .catch(() => undefined)
          }
        >
          Copier l'adresse
        </button>
        <button type="button" className="dashboard-small-button" onClick={() => setState("confirm")}>
          Nouvelle adresse
        </button>
      </p>
      {state === "copied" ? (
        <p role="status" className="copy-status">
          Adresse copiée.
        </p>
      ) : state === "renewed" ? (
        <p role="status" className="copy-status">
          Nouvelle adresse créée : l'ancienne ne fonctionne plus.
        </p>
      ) : typeof state === "object" ? (
        <p role="alert" className="status-message is-error">
          {state.error}
        </p>
      ) : state === "confirm" ? (
        <ConfirmDialog
          titleId="feed-renew-title"
          title="Remplacer l'adresse de votre agenda ?"
          confirmLabel="Oui, nouvelle adresse"
          onConfirm={() =>
            void renew()
              .then(() => setState("renewed"))
              .catch((err) =>
                setState({
                  error: failureText(err, "La nouvelle adresse n'a pas pu être créée. Réessayez."),
                }),
              )
          }
          onCancel={() => setState("idle")}
        >
          <p>
            L'ancienne cesse aussitôt de fonctionner : abonnez de nouveau votre téléphone avec la nouvelle.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
