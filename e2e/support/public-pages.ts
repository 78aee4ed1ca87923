/** Every prerendered public page: the journeys that check all of them walk this list. */
export const PUBLIC_PAGES = [
  "/",
  "/services",
  "/annuaire",
  "/about",
  "/contact",
  "/articles",
  "/legal",
  "/espace-client",
];
