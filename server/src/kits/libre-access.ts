import type { PlanId } from "@lagon/contracts/plans";
import { SFTP_PLANS } from "@lagon/contracts/sftp";
import type { WordPressHost } from "../wordpress/wordpress-host.ts";

/**
 * Libre's own features follow the plan (decision 0076): leaving Libre stops the site's SFTP login
 * and its plain site (the files, the password and the keys are kept on the host); coming back
 * puts them back as they were. Both are idempotent: the helper keeps the state. Leaving is done
 * before the kit's other steps and coming back after them, since they talk to WordPress, which
 * a plain site hides.
 */
const hasSftp = (plan: string) => SFTP_PLANS.includes(plan as PlanId);

export async function leaveLibre(host: WordPressHost, subdomain: string, from: string, to: string) {
  if (hasSftp(from) && !hasSftp(to)) await host.suspendSftp(subdomain, true);
}

/** A French line for the order's log when something came back (what stops is in the kit's notice). */
export async function returnToLibre(
  host: WordPressHost,
  subdomain: string,
  from: string,
  to: string,
): Promise<string | null> {
  if (hasSftp(from) || !hasSftp(to)) return null;
  const restored = await host.suspendSftp(subdomain, false);
  return restored ? "Accès SFTP et site libre rétablis tels qu'ils étaient." : null;
}
