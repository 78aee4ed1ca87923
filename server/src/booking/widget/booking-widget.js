/*
 * Lagon Digital's booking widget, loaded by a Business site's "Réservation" page (decision 0057):
 *   <div class="lagon-booking" data-api="https://platform" data-site="subdomain"></div>
 * It talks to the platform's public booking API from the visitor's browser: the site's own PHP
 * never reaches the platform. Plain browser JavaScript, no dependency, French throughout.
 */
(() => {
  const STYLE = `
.lagon-booking{font:inherit;max-width:720px;margin:1.5em 0;color:inherit}
.lagon-booking *{box-sizing:border-box}
.lagon-booking label{display:block;font-weight:600;margin:.8em 0 .3em}
.lagon-booking select,.lagon-booking input,.lagon-booking textarea{width:100%;font:inherit;padding:.55em .7em;border:1px solid #94a3b8;border-radius:6px;background:#fff;color:#1e293b}
.lagon-booking button{font:inherit;cursor:pointer;border-radius:6px;min-height:44px}
.lagon-booking .lb-week{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:.5em;margin:1em 0 .5em}
.lagon-booking .lb-week strong{flex-basis:100%;order:-1}
.lagon-booking .lb-tabs{display:grid;grid-template-columns:repeat(auto-fill,minmax(5.5em,1fr));gap:.4em;margin:.5em 0 1em}
.lagon-booking .lb-tab{background:#fff;border:1px solid #94a3b8;color:#1e293b;padding:.3em .2em;line-height:1.25;font-size:.9em}
.lagon-booking .lb-tab small{display:block;color:#475569}
.lagon-booking .lb-tab[aria-pressed=true]{border:2px solid #0f766e;background:#f0fdfa}
.lagon-booking .lb-tab[disabled]{opacity:.5;cursor:default}
.lagon-booking .lb-nav{background:#fff;border:1px solid #94a3b8;padding:.4em .9em;color:#1e293b}
.lagon-booking .lb-nav[disabled]{opacity:.4;cursor:default}
.lagon-booking .lb-day{margin:.8em 0}
.lagon-booking .lb-day h4{margin:0 0 .4em;font-size:1em;text-transform:none}
.lagon-booking .lb-slots{display:flex;flex-wrap:wrap;gap:.4em}
.lagon-booking .lb-slot{background:#fff;border:1px solid #0f766e;color:#0f766e;padding:.35em .8em;min-width:4.5em}
.lagon-booking .lb-slot[aria-pressed=true]{background:#0f766e;color:#fff}
.lagon-booking .lb-none{color:#64748b;margin:0}
.lagon-booking .lb-submit{background:#0f766e;color:#fff;border:0;padding:.7em 1.4em;font-weight:700;margin-top:1em}
.lagon-booking .lb-submit[disabled]{opacity:.6}
.lagon-booking .lb-error{color:#b91c1c;font-weight:600}
.lagon-booking .lb-done{border:2px solid #0f766e;border-radius:8px;padding:1em}
.lagon-booking altcha-widget{display:block;margin-top:1em}`;

  const el = (tag, attrs, children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (v !== false && v != null) node.setAttribute(k, v === true ? "" : v);
    }
    for (const child of children || []) node.append(child);
    return node;
  };
  /** "jeudi 26 novembre" of a YYYY-MM-DD date. */
  const dayTitle = (date) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString("fr-FR", {
      timeZone: "UTC",
      weekday: "long",
      day: "numeric",
      month: "long",
    });
  const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);
  const clock = (iso, timeZone) =>
    new Date(iso).toLocaleTimeString("fr-FR", { timeZone, hour: "2-digit", minute: "2-digit" });
  const euros = (cents) => (cents / 100).toLocaleString("fr-FR", { style: "currency", currency: "EUR" });

  async function call(url, init) {
    let res;
    try {
      res = await fetch(url, init);
    } catch {
      throw new Error("Le service de réservation ne répond pas. Vérifiez votre connexion et réessayez.");
    }
    const body = await res.json().catch(() => ({}));
    if (!res.ok) {
      const error = new Error(body.detail || "La réservation n'a pas abouti. Réessayez dans un instant.");
      error.status = res.status;
      throw error;
    }
    return body;
  }

  let altchaLoading;
  function loadAltcha(api) {
    altchaLoading ??= new Promise((resolve, reject) => {
      const script = el("script", { src: `${api}/booking-widget/altcha.js`, async: true });
      script.onload = resolve;
      script.onerror = () =>
        reject(new Error("La vérification anti-robot n'a pas pu être chargée. Rechargez la page."));
      document.head.append(script);
    });
    return altchaLoading;
  }

  async function mount(root) {
    const api = (root.dataset.api || "").replace(/\/$/, "");
    const base = `${api}/api/booking/sites/${encodeURIComponent(root.dataset.site || "")}`;
    const status = el("p", { role: "status", "aria-live": "polite", text: "Chargement des créneaux…" });
    root.replaceChildren(status);
    let info;
    try {
      info = await call(base);
    } catch (err) {
      status.textContent = err.message;
      return;
    }
    const state = { service: 0, from: info.today, chosen: null };
    const serviceSelect = el(
      "select",
      { id: `${root.id || "lb"}-service` },
      info.services.map((s, i) =>
        el("option", {
          value: String(i),
          text: `${s.name} (${s.minutes} min${s.price_cents == null ? "" : `, ${euros(s.price_cents)}`})`,
        }),
      ),
    );
    const week = el("div", { class: "lb-days" });
    const weekTitle = el("strong", { "aria-live": "polite" });
    const prev = el("button", { type: "button", class: "lb-nav", text: "‹ Semaine précédente" });
    const next = el("button", { type: "button", class: "lb-nav", text: "Semaine suivante ›" });
    const formArea = el("div");
    let last = info.today;

    async function showWeek() {
      week.replaceChildren(el("p", { class: "lb-none", text: "Chargement des créneaux…" }));
      state.chosen = null;
      formArea.replaceChildren();
      let data;
      try {
        data = await call(`${base}/slots?service=${state.service}&from=${state.from}`);
      } catch (err) {
        week.replaceChildren(el("p", { class: "lb-error", role: "alert", text: err.message }));
        return;
      }
      last = data.last;
      weekTitle.textContent = `Du ${dayTitle(data.days[0].date)} au ${dayTitle(data.days[6].date)}`;
      prev.disabled = state.from <= info.today;
      next.disabled = data.next > last;
      // One button per day with its count of free slots; the slots of the chosen day below.
      const slotsArea = el("div", { class: "lb-day", "aria-live": "polite" });
      const tabs = data.days.map((day) =>
        el(
          "button",
          {
            type: "button",
            class: "lb-tab",
            "aria-pressed": "false",
            disabled: day.slots.length === 0,
            onclick: (event) => showDay(day, event.currentTarget),
          },
          [
            dayTitle(day.date).replace(/ \S+$/, ""),
            el("small", {
              text:
                day.slots.length === 0
                  ? "aucun créneau"
                  : `${day.slots.length} créneau${day.slots.length > 1 ? "x" : ""}`,
            }),
          ],
        ),
      );
      function showDay(day, tab) {
        for (const t of tabs) t.setAttribute("aria-pressed", String(t === tab));
        state.chosen = null;
        formArea.replaceChildren();
        slotsArea.replaceChildren(
          el("h4", { text: capitalised(dayTitle(day.date)) }),
          el(
            "div",
            { class: "lb-slots", role: "group", "aria-label": dayTitle(day.date) },
            day.slots.map((iso) =>
              el("button", {
                type: "button",
                class: "lb-slot",
                "aria-pressed": "false",
                "aria-label": `${dayTitle(day.date)} à ${clock(iso, info.time_zone)}`,
                text: clock(iso, info.time_zone),
                onclick: (event) => choose(iso, event.currentTarget),
              }),
            ),
          ),
        );
      }
      const first = data.days.findIndex((day) => day.slots.length > 0);
      week.replaceChildren(
        el("div", { class: "lb-tabs", role: "group", "aria-label": "Jours" }, tabs),
        slotsArea,
      );
      if (first >= 0) showDay(data.days[first], tabs[first]);
      else
        slotsArea.replaceChildren(
          el("p", {
            class: "lb-none",
            text: "Aucun créneau libre cette semaine : voyez la semaine suivante.",
          }),
        );
    }

    function choose(iso, button) {
      for (const b of week.querySelectorAll(".lb-slot")) b.setAttribute("aria-pressed", String(b === button));
      state.chosen = iso;
      showForm();
    }

    function showForm() {
      const service = info.services[state.service];
      const error = el("p", { class: "lb-error", role: "alert" });
      const submit = el("button", { type: "submit", class: "lb-submit", text: "Confirmer le rendez-vous" });
      const field = (name, label, attrs) => [
        el("label", { for: `lb-${name}`, text: label }),
        el(attrs.tag || "input", { id: `lb-${name}`, name, ...attrs, tag: null }),
      ];
      let captcha = null;
      const altcha = el("altcha-widget", {
        challenge: `${base}/challenge`,
        language: "fr-fr",
        hidefooter: true,
      });
      altcha.addEventListener("statechange", (event) => {
        const detail = event.detail || {};
        captcha = detail.state === "verified" ? detail.payload : null;
      });
      const form = el(
        "form",
        {
          novalidate: true,
          onsubmit: async (event) => {
            event.preventDefault();
            error.textContent = "";
            const data = new FormData(form);
            if (!captcha) {
              error.textContent = "Cochez « Je ne suis pas un robot » puis patientez un instant.";
              return;
            }
            submit.disabled = true;
            try {
              await call(`${base}/bookings`, {
                method: "POST",
                headers: { "Content-Type": "application/json" },
                body: JSON.stringify({
                  service: state.service,
                  starts_at: state.chosen,
                  name: data.get("name"),
                  email: data.get("email"),
                  phone: data.get("phone"),
                  note: data.get("note"),
                  captcha_token: captcha,
                }),
              });
              const when = `${dayTitle(dateIn(state.chosen))} à ${clock(state.chosen, info.time_zone)}`;
              root.replaceChildren(
                el("div", { class: "lb-done", role: "status" }, [
                  el("h3", { text: "Rendez-vous confirmé" }),
                  el("p", { text: `${service.name}, ${when}, chez ${info.business}.` }),
                  el("p", {
                    text: `Un e-mail de confirmation part vers ${data.get("email")}, avec l'invitation pour votre agenda et un lien pour annuler.`,
                  }),
                ]),
              );
            } catch (err) {
              error.textContent = err.message;
              submit.disabled = false;
              altcha.reset?.();
              captcha = null;
              if (err.status === 409) await showWeek();
            }
          },
        },
        [
          el("h3", {
            text: `${service.name} : ${dayTitle(dateIn(state.chosen))} à ${clock(state.chosen, info.time_zone)}`,
          }),
          ...field("name", "Votre nom", { required: true, autocomplete: "name", maxlength: "100" }),
          ...field("email", "Votre e-mail", {
            type: "email",
            required: true,
            autocomplete: "email",
            maxlength: "200",
          }),
          ...field("phone", "Votre téléphone (facultatif)", {
            type: "tel",
            autocomplete: "tel",
            maxlength: "40",
          }),
          ...field("note", "Un message (facultatif)", { tag: "textarea", rows: "3", maxlength: "1000" }),
          altcha,
          error,
          submit,
        ],
      );
      formArea.replaceChildren(form);
      loadAltcha(api).catch((err) => {
        error.textContent = err.message;
      });
      form.querySelector("input")?.focus();
    }

    /** A slot's date on the business's clock. */
    function dateIn(iso) {
      return new Date(iso).toLocaleDateString("en-CA", { timeZone: info.time_zone });
    }

    prev.addEventListener("click", () => {
      const d = new Date(`${state.from}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - 7);
      const earlier = d.toISOString().slice(0, 10);
      state.from = [earlier, info.today].sort()[1];
      void showWeek();
    });
    next.addEventListener("click", () => {
      const d = new Date(`${state.from}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + 7);
      if (d.toISOString().slice(0, 10) <= last) state.from = d.toISOString().slice(0, 10);
      void showWeek();
    });
    serviceSelect.addEventListener("change", () => {
      state.service = Number(serviceSelect.value);
      void showWeek();
    });

    root.replaceChildren(
      el("label", { for: serviceSelect.id, text: "Prestation" }),
      serviceSelect,
      el("div", { class: "lb-week" }, [prev, weekTitle, next]),
      week,
      formArea,
    );
    await showWeek();
  }

  function start() {
    if (!document.getElementById("lagon-booking-style")) {
      document.head.append(el("style", { id: "lagon-booking-style", text: STYLE }));
    }
    for (const root of document.querySelectorAll(".lagon-booking")) void mount(root);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
