/**
 * The Business plan's shop as data (issue 25, decision 0058): WooCommerce at a pinned version
 * and what a French business in La Réunion or elsewhere needs on day one, in WooCommerce's own
 * option names. The kit step applies it; nothing here talks to a site.
 */
import type { Territory } from "@lagon/contracts/tax";
import { TAX_RULES } from "@lagon/contracts/tax";
import type { PluginPin } from "../wordpress-plugins/plugin-source.ts";

/** The WooCommerce release the kit installs; raised with a check on a host with internet (docs/operations/plugins.md). */
export const WOOCOMMERCE: PluginPin = { slug: "woocommerce", version: "9.8.5" };

/** WooCommerce's country code of each territory the checkout offers (WooCommerce lists the DROM apart). */
export const WOOCOMMERCE_COUNTRY: Record<Territory, string> = {
  Réunion: "RE",
  Guadeloupe: "GP",
  Martinique: "MQ",
  Guyane: "GF",
  Mayotte: "YT",
  "France (mainland)": "FR",
  // A business elsewhere still sells under French law from its French address: the mainland.
  Autre: "FR",
};

/** What the order says of the business: the shop's address and sender. */
export interface ShopOwner {
  companyName: string | null;
  customerName: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
  /** The address the shop's order e-mails come from (the site's own mail). */
  email: string;
}

/** A row of WooCommerce's tax table (woocommerce_tax_rates), for buyers shipped to `country`. */
export interface ShopTaxRate {
  country: string;
  /** Percent as WooCommerce stores it, "8.5000". */
  rate: string;
  name: string;
}

export interface ShopPage {
  /** The WooCommerce option holding the page's id. */
  option:
    | "woocommerce_shop_page_id"
    | "woocommerce_cart_page_id"
    | "woocommerce_checkout_page_id"
    | "woocommerce_myaccount_page_id"
    | "woocommerce_terms_page_id";
  title: string;
  slug: string;
  /** Block markup of the page as created; the customer's edits are kept on a later run. */
  content: string;
}

export interface ShopKit {
  plugin: PluginPin;
  /** WooCommerce options (wp_options), as WooCommerce's settings pages name them. */
  options: Record<string, string>;
  taxRates: ShopTaxRate[];
  pages: ShopPage[];
  product: { name: string; regularPrice: string; description: string; status: "draft" | "publish" };
}

/** VAT of WooCommerce's tax table, from the same rates as our invoices (decision 0029). */
export function shopTaxRates(): ShopTaxRate[] {
  const percent = (basisPoints: number) => (basisPoints / 100).toFixed(4);
  const dom = percent(TAX_RULES.dom.rateBasisPoints);
  const none = percent(TAX_RULES["art-294"].rateBasisPoints);
  return [
    { country: "RE", rate: dom, name: "TVA 8,5 %" },
    { country: "GP", rate: dom, name: "TVA 8,5 %" },
    { country: "MQ", rate: dom, name: "TVA 8,5 %" },
    { country: "FR", rate: percent(TAX_RULES.metropole.rateBasisPoints), name: "TVA 20 %" },
    { country: "GF", rate: none, name: "TVA non applicable, art. 294 du CGI" },
    { country: "YT", rate: none, name: "TVA non applicable, art. 294 du CGI" },
  ];
}

export function businessShop(owner: ShopOwner): ShopKit {
  const country = WOOCOMMERCE_COUNTRY[owner.country as Territory] ?? "FR";
  const name = owner.companyName?.trim() || owner.customerName;
  return {
    plugin: WOOCOMMERCE,
    options: {
      woocommerce_store_address: owner.address?.trim() ?? "",
      woocommerce_store_address_2: "",
      woocommerce_store_city: owner.city?.trim() ?? "",
      woocommerce_store_postcode: owner.postalCode?.trim() ?? "",
      woocommerce_default_country: country,
      woocommerce_allowed_countries: "all",
      woocommerce_ship_to_countries: "",
      woocommerce_default_customer_address: "base",
      woocommerce_currency: "EUR",
      woocommerce_currency_pos: "right_space",
      woocommerce_price_thousand_sep: " ",
      woocommerce_price_decimal_sep: ",",
      woocommerce_price_num_decimals: "2",
      woocommerce_weight_unit: "kg",
      woocommerce_dimension_unit: "cm",
      // Prices shown to private buyers include VAT, as French law wants them displayed.
      woocommerce_calc_taxes: "yes",
      woocommerce_prices_include_tax: "yes",
      woocommerce_tax_based_on: "shipping",
      woocommerce_tax_display_shop: "incl",
      woocommerce_tax_display_cart: "incl",
      woocommerce_tax_total_display: "itemized",
      woocommerce_enable_guest_checkout: "yes",
      woocommerce_enable_checkout_login_reminder: "yes",
      woocommerce_enable_signup_and_login_from_checkout: "yes",
      woocommerce_email_from_name: name,
      woocommerce_email_from_address: owner.email,
      woocommerce_coming_soon: "no",
    },
    taxRates: shopTaxRates(),
    pages: [
      { option: "woocommerce_shop_page_id", title: "Boutique", slug: "boutique", content: "" },
      {
        option: "woocommerce_cart_page_id",
        title: "Panier",
        slug: "panier",
        content: "<!-- wp:woocommerce/cart /-->",
      },
      {
        option: "woocommerce_checkout_page_id",
        title: "Commande",
        slug: "commande",
        content: "<!-- wp:woocommerce/checkout /-->",
      },
      {
        option: "woocommerce_myaccount_page_id",
        title: "Mon compte",
        slug: "mon-compte",
        content: "<!-- wp:shortcode -->[woocommerce_my_account]<!-- /wp:shortcode -->",
      },
      {
        option: "woocommerce_terms_page_id",
        title: "Conditions générales de vente",
        slug: "conditions-generales-de-vente",
        content: termsOfSale(name),
      },
    ],
    product: {
      name: "Mon premier produit",
      regularPrice: "10",
      description:
        "Décrivez ici votre produit : ce qu'il est, pour qui, comment il est livré. Changez la photo, le prix et ce texte dans Produits > Tous les produits.",
      status: "publish",
    },
  };
}

/** A French terms-of-sale page to complete: the headings a consumer sale needs, the blanks marked. */
function termsOfSale(name: string): string {
  const sections = [
    ["Vendeur", `${name} — [à compléter : forme juridique, SIRET, adresse, e-mail, téléphone].`],
    [
      "Produits et prix",
      "Les prix sont indiqués en euros, toutes taxes comprises. [À compléter : frais de livraison.]",
    ],
    [
      "Commande et paiement",
      "La commande est ferme après le paiement en ligne. [À compléter : moyens de paiement acceptés.]",
    ],
    ["Livraison", "[À compléter : zones livrées (La Réunion, métropole…), délais, retrait sur place.]"],
    [
      "Droit de rétractation",
      "Vous disposez de 14 jours à compter de la réception pour vous rétracter, sans motif (articles L221-18 et suivants du Code de la consommation). [À compléter : adresse de retour, frais de retour.]",
    ],
    [
      "Garanties",
      "Garantie légale de conformité (articles L217-3 et suivants du Code de la consommation) et garantie des vices cachés (articles 1641 et suivants du Code civil).",
    ],
    ["Médiation", "[À compléter : le médiateur de la consommation dont relève votre activité.]"],
  ];
  return sections
    .map(
      ([heading, text]) =>
        `<!-- wp:heading -->\n<h2 class="wp-block-heading">${heading}</h2>\n<!-- /wp:heading -->\n<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`,
    )
    .join("\n");
}
