// What each plan adds to its site beyond the common one, in French (decisions 0058, 0072, 0076): the
// kit's features are shown when the kit waits or is applied; all of a plan's extras are listed in
// the warning before a downgrade turns them off, and in the order's notice once they are off.

/** Business's shop, the part its kit installs in the site (kits/plan-kits.ts). */
export const SHOP_FEATURE = "Boutique en ligne WooCommerce (catalogue, panier, paiement, commandes)";

export const PLAN_EXTRAS: Record<string, string[]> = {
  starter: [],
  business: [
    SHOP_FEATURE,
    "Réservation en ligne (la page Réservation du site, l'agenda, les e-mails et le flux de calendrier)",
    "Statistiques de visite (le comptage des visites et ses graphiques)",
  ],
  libre: [
    "Accès SFTP aux fichiers du site (la connexion est refusée ; mot de passe et clés gardés)",
    "Site libre (fichiers statiques ou PHP) : l'adresse du site sert de nouveau WordPress",
  ],
};

/** What a plan's customer keeps when leaving it, said before the change (plan form). */
export const PLAN_DATA_KEPT: Record<string, string> = {
  starter: "",
  business: "produits, commandes et pages de la boutique, rendez-vous déjà pris, chiffres de visite",
  libre: "vos fichiers, dont le site libre de /wp-content/www, votre mot de passe et vos clés SFTP",
};

/** The extras a move from plan `from` to plan `to` stops; the customer's data stays. */
export function featuresLost(from: string, to: string): string[] {
  const kept = new Set(PLAN_EXTRAS[to] ?? []);
  return (PLAN_EXTRAS[from] ?? []).filter((feature) => !kept.has(feature));
}
