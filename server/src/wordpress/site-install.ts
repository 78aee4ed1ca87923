import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { InstalledSite, SiteIdentity } from "./wordpress-host.ts";

/**
 * The privileged helper both implementations run to create, install and remove sites (see its
 * header): the dispatcher of its commands, with its other files beside it (site-host-files.ts).
 */
export const SITE_HOST_SCRIPT = fileURLToPath(new URL("./host/site-host.sh", import.meta.url));

/** Exit code of `site-host.sh install` when the site exists already. */
export const SITE_EXISTS_EXIT = 17;

/** A fresh install's input for install-site.php and the credentials it will create. */
export function prepareInstall(site: SiteIdentity, url: string) {
  const credentials = {
    url,
    adminUrl: `${url}/wp-admin/`,
    // WordPress user names are at most 60 characters.
    adminUser: `admin-${site.subdomain}`.slice(0, 60),
    adminPassword: randomBytes(24).toString("base64url"),
  };
  const stdin = JSON.stringify({
    url,
    title: site.title,
    adminUser: credentials.adminUser,
    adminEmail: site.adminEmail,
    adminPassword: credentials.adminPassword,
    legal: site.legal,
    mail: site.mail,
    bookingPage: site.bookingPage,
  });
  return { stdin, credentials };
}

/** Reads install-site.php's output: the last line is its JSON result. */
export function installedSite(
  credentials: Omit<InstalledSite, "appPassword">,
  stdout: string,
): InstalledSite {
  let appPassword: unknown;
  try {
    ({ appPassword } = JSON.parse(stdout.trim().split("\n").at(-1) ?? ""));
  } catch {}
  if (typeof appPassword !== "string" || appPassword.length < 16) {
    throw new Error(`install-site.php returned no application password: ${stdout.trim().slice(-1000)}`);
  }
  return { ...credentials, appPassword };
}
