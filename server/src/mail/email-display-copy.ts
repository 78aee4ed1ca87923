import { redactSecrets } from "../lib/redact-secrets.ts";

/**
 * The copy of an e-mail body kept in clear for the admin: every link keeps its shape, its
 * secret is masked (`/dashboard/…?token=[masqué]`). The body that goes out is kept sealed.
 */
export function emailDisplayCopy(html: string): string {
  return redactSecrets(html, "[masqué]");
}
