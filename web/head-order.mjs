// Moves the module preloads of each prerendered page to the end of its <head>, after the
// stylesheets. React's prerender hoists them first, so on a slow connection the page's
// JavaScript competed with the render-blocking CSS for the first paint; and Preact, which
// hydrates the head in document order (decision 0017), expects the stylesheets where the
// page's <Links /> renders them.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const client = path.join(process.env.WEB_BUILD_DIR ?? "build", "client");
const PRELOAD = /<link rel="modulepreload" href="[^"]+"\/>/g;
let pages = 0;
for (const entry of readdirSync(client, { recursive: true })) {
  const name = String(entry);
  if (!name.endsWith(".html")) continue;
  const file = path.join(client, name);
  const html = readFileSync(file, "utf8");
  const end = html.indexOf("</head>");
  const head = html.slice(0, end);
  const preloads = head.match(PRELOAD) ?? [];
  if (preloads.length === 0) continue;
  writeFileSync(file, head.replace(PRELOAD, "") + preloads.join("") + html.slice(end));
  pages += 1;
}
console.log(`module preloads moved after the stylesheets in ${pages} pages`);
