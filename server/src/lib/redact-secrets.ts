/**
 * Query parameters whose value opens something: magic-link and admin tokens, checkout session
 * ids, passwords. `&amp;` is matched too, so the same rule works on URLs inside HTML.
 */
const SECRET_PARAM = /([?&](?:amp;)?(?:[\w-]*token|session_id|password|secret|key)=)[^&#\s"'<>]*/gi;

/** Paths whose last segment is itself a capability: a checkout or local portal session id. */
const CAPABILITY_PATH =
  /(\/(?:api\/order-status|api\/test-checkout|paiement-test|api\/test-portal|portail-test)\/)[^/?#\s"'<>]+/gi;

/** A checkout or local portal session id, wherever it appears. */
const SESSION_ID = /\b(?:cs_(?:local|test|live)|ps_local)_[\w-]+/g;

/** Masks every secret a URL (or a text holding URLs) can carry, keeping its shape readable. */
export function redactSecrets(text: string, mask: string): string {
  return text
    .replace(SECRET_PARAM, `$1${mask}`)
    .replace(CAPABILITY_PATH, `$1${mask}`)
    .replace(SESSION_ID, mask);
}
