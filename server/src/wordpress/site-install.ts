import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { InstalledSite, SiteIdentity } from "./wordpress-host.ts";

/** The PHP script both implementations run to install a site (see its header for the input). */
export const INSTALL_SCRIPT_PATH = fileURLToPath(new URL("./install-site.php", import.meta.url));

/** A fresh install's input for install-site.php and the credentials it will create. */
export function prepareInstall(site: SiteIdentity, url: string, siteDir: string) {
  const credentials = {
    url,
    adminUrl: `${url}/wp-admin/`,
    // WordPress user names are at most 60 characters.
    adminUser: `admin-${site.subdomain}`.slice(0, 60),
    adminPassword: randomBytes(24).toString("base64url"),
  };
  const stdin = JSON.stringify({
    siteDir,
    url,
    title: site.title,
    adminUser: credentials.adminUser,
    adminEmail: site.adminEmail,
    adminPassword: credentials.adminPassword,
    legal: site.legal,
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

/** A name for a temporary sibling of a site folder: hidden, so the router never serves it. */
export function scratchName(subdomain: string, purpose: "new" | "old"): string {
  return `.${subdomain}.${purpose}-${randomBytes(6).toString("hex")}`;
}
