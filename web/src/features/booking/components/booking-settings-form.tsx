import {
  BOOKING_LIMITS,
  BOOKING_TIME_ZONES,
  type BookingSettings,
  type DayHours,
  WEEKDAYS,
} from "@lagon/contracts/booking";
import { type FormEvent, useState } from "react";
import { explainFailure } from "../../../lib/fetch-json";

interface ServiceDraft {
  name: string;
  minutes: string;
  price: string;
}

interface Draft {
  time_zone: string;
  services: ServiceDraft[];
  week: (DayHours | null)[];
  days_off: string[];
  notice_hours: string;
  horizon_days: string;
}

const toDraft = (s: BookingSettings): Draft => ({
  time_zone: s.time_zone,
  services: s.services.map((x) => ({
    name: x.name,
    minutes: String(x.minutes),
    price: x.price_cents === null ? "" : (x.price_cents / 100).toFixed(2).replace(".", ","),
  })),
  week: s.week.map((d) => (d ? { ...d, breaks: d.breaks.map((b) => ({ ...b })) } : null)),
  days_off: [...s.days_off],
  notice_hours: String(s.min_notice_minutes / 60).replace(".", ","),
  horizon_days: String(s.horizon_days),
});

/** Numbers as typed in French ("12,50"); what is not a number goes as null, which the server refuses in French. */
const number = (text: string) => {
  const n = Number(text.trim().replace(",", "."));
  return text.trim() === "" || Number.isNaN(n) ? null : n;
};

const fromDraft = (d: Draft) => ({
  time_zone: d.time_zone,
  services: d.services.map((x) => {
    const price = number(x.price);
    return {
      name: x.name,
      minutes: number(x.minutes),
      // Not a number: sent as typed, for the server's French refusal.
      price_cents: x.price.trim() === "" ? null : price === null ? x.price : Math.round(price * 100),
    };
  }),
  week: d.week,
  days_off: d.days_off,
  min_notice_minutes: (() => {
    const hours = number(d.notice_hours);
    return hours === null ? null : Math.round(hours * 60);
  })(),
  horizon_days: number(d.horizon_days),
});

const OPEN_DAY: DayHours = { open: "08:00", close: "17:00", breaks: [{ start: "12:00", end: "13:30" }] };

/**
 * The booking settings of the order page: services, the week's hours and breaks, days off, time
 * zone, notice and horizon. The server checks them (French errors) and answers the new overview.
 */
export function BookingSettingsForm({
  settings,
  save,
}: {
  settings: BookingSettings;
  save: (settings: unknown) => Promise<void>;
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [dayOff, setDayOff] = useState("");
  const [status, setStatus] = useState<
    { kind: "idle" | "busy" | "saved" } | { kind: "error"; message: string }
  >({
    kind: "idle",
  });
  const update = (change: (d: Draft) => void) =>
    setDraft((d) => {
      const next = structuredClone(d);
      change(next);
      return next;
    });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus({ kind: "busy" });
    try {
      await save(fromDraft(draft));
      setStatus({ kind: "saved" });
    } catch (err) {
      setStatus({
        kind: "error",
        message: explainFailure(
          err,
          "Réglages des réservations non enregistrés",
          "Les réglages n'ont pas pu être enregistrés. Vérifiez votre connexion et réessayez.",
        ),
      });
    }
  }

  return (
    <form className="booking-settings" onSubmit={submit} noValidate>
      <fieldset>
        <legend>Prestations</legend>
        {draft.services.map((service, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered
          <div className="booking-service" key={i}>
            <label>
              Nom
              <input
                value={service.name}
                maxLength={80}
                onChange={(e) =>
                  update((d) => {
                    (d.services[i] as ServiceDraft).name = e.target.value;
                  })
                }
              />
            </label>
            <label>
              Durée (min)
              <input
                inputMode="numeric"
                value={service.minutes}
                onChange={(e) =>
                  update((d) => {
                    (d.services[i] as ServiceDraft).minutes = e.target.value;
                  })
                }
              />
            </label>
            <label>
              Prix (€, facultatif)
              <input
                inputMode="decimal"
                value={service.price}
                onChange={(e) =>
                  update((d) => {
                    (d.services[i] as ServiceDraft).price = e.target.value;
                  })
                }
              />
            </label>
            {draft.services.length > 1 ? (
              <button
                type="button"
                className="dashboard-small-button"
                aria-label={`Retirer la prestation ${service.name}`}
                onClick={() => update((d) => d.services.splice(i, 1))}
              >
                Retirer
              </button>
            ) : null}
          </div>
        ))}
        {draft.services.length < BOOKING_LIMITS.services ? (
          <button
            type="button"
            className="dashboard-small-button"
            onClick={() => update((d) => d.services.push({ name: "", minutes: "30", price: "" }))}
          >
            Ajouter une prestation
          </button>
        ) : null}
      </fieldset>

      <fieldset>
        <legend>Horaires d'ouverture</legend>
        {draft.week.map((day, i) => {
          const name = WEEKDAYS[i] as string;
          return (
            <div className="booking-day" key={name}>
              <label className="booking-day-name">
                <input
                  type="checkbox"
                  checked={day !== null}
                  onChange={(e) =>
                    update((d) => {
                      d.week[i] = e.target.checked ? structuredClone(OPEN_DAY) : null;
                    })
                  }
                />
                {name}
              </label>
              {day === null ? (
                <span className="dashboard-help">Fermé</span>
              ) : (
                <div className="booking-hours">
                  <label>
                    Ouverture
                    <input
                      type="time"
                      value={day.open}
                      aria-label={`Ouverture le ${name}`}
                      onChange={(e) =>
                        update((d) => {
                          (d.week[i] as DayHours).open = e.target.value;
                        })
                      }
                    />
                  </label>
                  <label>
                    Fermeture
                    <input
                      type="time"
                      value={day.close}
                      aria-label={`Fermeture le ${name}`}
                      onChange={(e) =>
                        update((d) => {
                          (d.week[i] as DayHours).close = e.target.value;
                        })
                      }
                    />
                  </label>
                  {day.breaks.map((pause, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: breaks are edited in place
                    <span className="booking-break" key={j}>
                      <label>
                        Pause de
                        <input
                          type="time"
                          value={pause.start}
                          aria-label={`Début de pause le ${name}`}
                          onChange={(e) =>
                            update((d) => {
                              (d.week[i] as DayHours).breaks[j] = {
                                ...pause,
                                start: e.target.value,
                              };
                            })
                          }
                        />
                      </label>
                      <label>
                        à
                        <input
                          type="time"
                          value={pause.end}
                          aria-label={`Fin de pause le ${name}`}
                          onChange={(e) =>
                            update((d) => {
                              (d.week[i] as DayHours).breaks[j] = { ...pause, end: e.target.value };
                            })
                          }
                        />
                      </label>
                      <button
                        type="button"
                        className="dashboard-small-button"
                        aria-label={`Retirer la pause du ${name}`}
                        onClick={() =>
                          update((d) => {
                            (d.week[i] as DayHours).breaks.splice(j, 1);
                          })
                        }
                      >
                        Retirer
                      </button>
                    </span>
                  ))}
                  {day.breaks.length < BOOKING_LIMITS.breaks ? (
                    <button
                      type="button"
                      className="dashboard-small-button"
                      aria-label={`Ajouter une pause le ${name}`}
                      onClick={() =>
                        update((d) => {
                          (d.week[i] as DayHours).breaks.push({ start: "12:00", end: "13:00" });
                        })
                      }
                    >
                      Ajouter une pause
                    </button>
                  ) : null}
                </div>
              )}
            </div>
          );
        })}
      </fieldset>

      <fieldset>
        <legend>Jours de fermeture</legend>
        {draft.days_off.length === 0 ? (
          <p className="dashboard-help">Aucun jour de fermeture exceptionnelle.</p>
        ) : (
          <ul className="booking-days-off">
            {draft.days_off.map((date) => (
              <li key={date}>
                {date.split("-").reverse().join("/")}{" "}
                <button
                  type="button"
                  className="dashboard-small-button"
                  aria-label={`Retirer le ${date.split("-").reverse().join("/")}`}
                  onClick={() =>
                    update((d) => {
                      d.days_off = d.days_off.filter((x) => x !== date);
                    })
                  }
                >
                  Retirer
                </button>
              </li>
            ))}
          </ul>
        )}
        <label htmlFor="booking-day-off">Ajouter un jour de fermeture</label>
        <span className="dashboard-actions">
          <input
            id="booking-day-off"
            type="date"
            value={dayOff}
            onChange={(e) => setDayOff(e.target.value)}
          />
          <button
            type="button"
            className="dashboard-small-button"
            disabled={!dayOff}
            onClick={() => {
              update((d) => {
                d.days_off = [...new Set([...d.days_off, dayOff])].sort();
              });
              setDayOff("");
            }}
          >
            Ajouter
          </button>
        </span>
      </fieldset>

      <fieldset>
        <legend>Règles</legend>
        <label>
          Fuseau horaire
          <select
            value={draft.time_zone}
            onChange={(e) =>
              update((d) => {
                d.time_zone = e.target.value;
              })
            }
          >
            {BOOKING_TIME_ZONES.map((z) => (
              <option key={z.id} value={z.id}>
                {z.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Délai minimum avant un rendez-vous (heures)
          <input
            inputMode="decimal"
            value={draft.notice_hours}
            onChange={(e) =>
              update((d) => {
                d.notice_hours = e.target.value;
              })
            }
          />
        </label>
        <label>
          Réservation possible jusqu'à (jours à l'avance)
          <input
            inputMode="numeric"
            value={draft.horizon_days}
            onChange={(e) =>
              update((d) => {
                d.horizon_days = e.target.value;
              })
            }
          />
        </label>
      </fieldset>

      {status.kind === "error" ? (
        <p role="alert" className="status-message is-error">
          {status.message}
        </p>
      ) : status.kind === "saved" ? (
        <p role="status" className="domain-done">
          Réglages enregistrés : votre page Réservation les applique dès maintenant.
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={status.kind === "busy"}>
        Enregistrer les réglages
      </button>
    </form>
  );
}
