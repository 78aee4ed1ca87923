/** The public pages: prerendered to HTML by the web build and listed first in the sitemap. */
export const PUBLIC_PAGES = [
  "/",
  "/services",
  "/annuaire",
  "/about",
  "/contact",
  "/articles",
  "/legal",
  "/espace-client",
] as const;
