import type { WordPressHost } from "../wordpress/wordpress-host.ts";

/** A check's outcome: ok, or why not (French, shown to the agency and on the order page). */
export type Answer = { ok: true } | { ok: false; reason: string };

const CHECK_TIMEOUT_MS = 15_000;
/** What WordPress prints instead of the page when PHP dies (French site, or English fallback). */
const FATAL_MARKERS = ["Il y a eu une erreur critique", "There has been a critical error"];

/** One GET of the site: its status and body, or why no answer came. */
async function get(
  host: WordPressHost,
  subdomain: string,
  path: string,
): Promise<{ status: number; body: string } | { error: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), CHECK_TIMEOUT_MS);
  });
  try {
    const response = await Promise.race([host.fetch(subdomain, path), timeout]);
    return { status: response.status, body: await response.text() };
  } catch (error) {
    const message = (error as Error).message;
    return {
      error:
        message === "timeout"
          ? `pas de réponse en ${CHECK_TIMEOUT_MS / 1000} s`
          : `injoignable (${message.slice(0, 120)})`,
    };
  } finally {
    clearTimeout(timer);
  }
}

function pageProblem(
  label: string,
  page: { status: number; body: string } | { error: string },
): string | null {
  if ("error" in page) return `${label} : ${page.error}`;
  if (FATAL_MARKERS.some((marker) => page.body.includes(marker))) return `${label} : erreur PHP fatale`;
  if (page.status !== 200) return `${label} : erreur HTTP ${page.status}`;
  return null;
}

/** The home page's <title>: what makes it this site's page and not an error or another page. */
export function pageTitle(html: string): string | null {
  return /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() || null;
}

/** The monitoring's check: the home page answers 200 without a PHP fatal error. */
export async function checkHome(host: WordPressHost, subdomain: string): Promise<Answer> {
  const problem = pageProblem("page d'accueil", await get(host, subdomain, "/"));
  return problem ? { ok: false, reason: problem } : { ok: true };
}

/** The home page now, and its title: read before an update, to know the site after it. */
export async function readHome(
  host: WordPressHost,
  subdomain: string,
): Promise<{ ok: true; title: string } | { ok: false; reason: string }> {
  const page = await get(host, subdomain, "/");
  const problem = pageProblem("page d'accueil", page);
  if (problem) return { ok: false, reason: problem };
  const title = "body" in page ? pageTitle(page.body) : null;
  return title ? { ok: true, title } : { ok: false, reason: "page d'accueil sans titre" };
}

/**
 * After an update: the home page answers 200 with its own title (the one read before), and the
 * wp-admin login page shows its form.
 */
export async function checkSiteAnswers(
  host: WordPressHost,
  subdomain: string,
  title: string,
): Promise<Answer> {
  const home = await get(host, subdomain, "/");
  const homeProblem = pageProblem("page d'accueil", home);
  if (homeProblem) return { ok: false, reason: homeProblem };
  if ("body" in home && pageTitle(home.body) !== title) {
    return { ok: false, reason: "la page d'accueil n'affiche plus le contenu du site" };
  }
  const login = await get(host, subdomain, "/wp-login.php");
  const loginProblem = pageProblem("page de connexion wp-admin", login);
  if (loginProblem) return { ok: false, reason: loginProblem };
  if ("body" in login && !login.body.includes('id="loginform"')) {
    return { ok: false, reason: "page de connexion wp-admin sans formulaire" };
  }
  return { ok: true };
}
