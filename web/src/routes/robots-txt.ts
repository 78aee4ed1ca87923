import { API_ROOT } from "../api/paths";
import { paths } from "../config/paths";
import { absoluteUrl } from "../lib/seo";

/** Paths only reachable with a token, and the API: kept out of search engines. */
const PRIVATE_PREFIXES = [
  "/dashboard",
  "/admin",
  "/koza-questionnaire",
  "/success",
  "/paiement-test",
  "/portail-test",
  API_ROOT,
];

/**
 * robots.txt, prerendered at build time: the Sitemap line must be an absolute URL, which only
 * the public config knows.
 */
export function loader() {
  const lines = [
    "User-agent: *",
    `Allow: ${paths.home()}`,
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    "",
  ];
  return new Response(lines.join("\n"), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
