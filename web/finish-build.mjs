// Finishes the client build so that each page paints first and runs its JavaScript after, in
// short steps (decision 0018):
// - each prerendered page gets its stylesheets inlined as <style data-href="…"> (the browser's
//   <RouteStyles /> keeps them), so its first paint waits for no request but the page itself;
// - each page, the SPA fallback included, holds React Router's module script and the module
//   preloads back until it has painted (or the visitor acts), then starts them as written: the
//   page is readable without them, and starting them first made the phone lay out the page and
//   run the scripts at the same time;
// - each page holds a tap on a button made before it has hydrated, and replays it once it has;
// - each script asks V8 to compile all its functions at once (explicit compile hints): every
//   chunk a page loads runs on that page, and compiling its functions one by one, as they are
//   first called, stretched the hydration steps.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const client = path.join(process.env.WEB_BUILD_DIR ?? "build", "client");
const STYLESHEET = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g;
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = '<script type="module" async="">';
const HELD_SCRIPT = '<script type="text/plain" data-start-after-paint="">';
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

function inlineStyle(_tag, href) {
  const css = readFileSync(path.join(client, href), "utf8");
  if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it contains </style`);
  return `<style data-href="${href}">${css}</style>`;
}

/** Runs in the page (serialized below): starts the held module script, then preloads its modules. */
function startAfterFirstPaint(preloads) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const held = document.querySelector("script[data-start-after-paint]");
    const script = document.createElement("script");
    script.type = "module";
    script.textContent = held.textContent;
    document.body.appendChild(script);
    // The script fetches its own imports; the preloads fetch the deeper ones in parallel, a
    // task later so that neither step holds the main thread long.
    setTimeout(() => {
      for (const href of preloads) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        // In <body>: hydration matches the <link>s of <head> against the page's own, in order.
        document.body.appendChild(link);
      }
    });
  };
  for (const type of ["pointerdown", "keydown", "touchstart"]) {
    addEventListener(type, start, { once: true, capture: true, passive: true });
  }
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return setTimeout(start);
  new PerformanceObserver((_list, observer) => {
    observer.disconnect();
    setTimeout(start);
  }).observe({ type: "paint", buffered: true });
}

/**
 * Runs in the page's head (serialized below), before anything can be tapped. Until the page has
 * hydrated (`html[data-hydrated]`, decision 0018) its buttons have no handlers yet: a tap on one,
 * or a form sent with the Enter key, is held (its default action, such as a form's native GET,
 * prevented) and replayed once the page has hydrated. Fields typed in meanwhile are handed to the
 * page first, as if typed then: hydration does not read them (and empties a textarea). Links keep
 * their native behaviour.
 */
function holdEarlyTaps() {
  const root = document.documentElement;
  const hydrated = () => root.hasAttribute("data-hydrated");
  const taps = [];
  const fields = new Map();
  const hold = (event, replay) => {
    if (hydrated()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    taps.push(replay);
  };
  addEventListener(
    "click",
    (event) => {
      const button =
        event.target instanceof Element ? event.target.closest("button, input[type=submit]") : null;
      if (button && !button.disabled) hold(event, () => button.isConnected && button.click());
    },
    true,
  );
  addEventListener(
    "submit",
    (event) => {
      const { target: form, submitter } = event;
      hold(event, () => form.isConnected && form.requestSubmit(submitter));
    },
    true,
  );
  for (const type of ["input", "change"]) {
    addEventListener(
      type,
      (event) => {
        const field = event.target;
        if (
          hydrated() ||
          !(
            field instanceof HTMLInputElement ||
            field instanceof HTMLTextAreaElement ||
            field instanceof HTMLSelectElement
          )
        )
          return;
        fields.set(field, { value: field.value, checked: field.checked });
      },
      true,
    );
  }
  new MutationObserver((_records, observer) => {
    if (!hydrated()) return;
    observer.disconnect();
    setTimeout(() => {
      for (const [field, typed] of fields) {
        // A file input's value cannot be set back; hydration keeps its files anyway.
        if (!field.isConnected || field.type === "file") continue;
        field.value = typed.value;
        if (field.type === "checkbox" || field.type === "radio") field.checked = typed.checked;
        for (const type of ["input", "change"]) field.dispatchEvent(new Event(type, { bubbles: true }));
      }
      for (const replay of taps) replay();
    });
  }).observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
}

const assets = path.join(client, "assets");
let scripts = 0;
for (const name of readdirSync(assets)) {
  if (!name.endsWith(".js")) continue;
  const file = path.join(assets, name);
  const code = readFileSync(file, "utf8");
  if (!code.startsWith(COMPILE_HINT)) writeFileSync(file, COMPILE_HINT + code);
  scripts += 1;
}

let pages = 0;
for (const entry of readdirSync(client, { recursive: true })) {
  const name = String(entry);
  if (!name.endsWith(".html")) continue;
  const file = path.join(client, name);
  const html = readFileSync(file, "utf8");
  if (html.split(MODULE_SCRIPT).length !== 2) throw new Error(`${name}: expected one module script`);
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
  const starter = `<script>(${startAfterFirstPaint})(${JSON.stringify(preloads)})</script>`;
  // Last in <head>: hydration matches the head's elements in order and drops this one, run by
  // then. The SPA fallback has nothing to tap before its code has run (it shows "Chargement…").
  const tapHolder = name === "__spa-fallback.html" ? "" : `<script>(${holdEarlyTaps})()</script>`;
  // The SPA fallback keeps its stylesheet linked: React Router preloads the styles of a page it
  // loads unless they are linked, and the fallback's first paint is only a loading message.
  const finished = (name === "__spa-fallback.html" ? html : html.replace(STYLESHEET, inlineStyle))
    .replace(PRELOAD, "")
    .replace(MODULE_SCRIPT, HELD_SCRIPT)
    .replace("</head>", `${tapHolder}</head>`)
    .replace("</body>", `${starter}</body>`);
  writeFileSync(file, finished);
  pages += 1;
}
console.log(
  `${pages} pages finished (stylesheets inlined, modules started after the first paint); ${scripts} scripts compiled at once`,
);
