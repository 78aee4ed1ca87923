import { COUNTRIES } from "@lagon/contracts/checkout";
import { DEFAULT_TAX_SETTINGS, taxRuleFor } from "@lagon/contracts/tax";
import { describe, expect, it } from "vitest";
import { businessShop, shopTaxRates, WOOCOMMERCE, WOOCOMMERCE_COUNTRY } from "./business-shop.ts";

/**
 * WooCommerce's option names, as its settings pages declare them (includes/admin/settings/
 * class-wc-settings-general.php, -products.php, -tax.php, -accounts.php, -emails.php,
 * -advanced.php, and the site visibility setting): an option the kit sets must be one of them.
 */
const WOOCOMMERCE_OPTIONS = new Set([
  "woocommerce_store_address",
  "woocommerce_store_address_2",
  "woocommerce_store_city",
  "woocommerce_default_country",
  "woocommerce_store_postcode",
  "woocommerce_allowed_countries",
  "woocommerce_all_except_countries",
  "woocommerce_specific_allowed_countries",
  "woocommerce_ship_to_countries",
  "woocommerce_specific_ship_to_countries",
  "woocommerce_default_customer_address",
  "woocommerce_calc_taxes",
  "woocommerce_enable_coupons",
  "woocommerce_currency",
  "woocommerce_currency_pos",
  "woocommerce_price_thousand_sep",
  "woocommerce_price_decimal_sep",
  "woocommerce_price_num_decimals",
  "woocommerce_shop_page_id",
  "woocommerce_weight_unit",
  "woocommerce_dimension_unit",
  "woocommerce_prices_include_tax",
  "woocommerce_tax_based_on",
  "woocommerce_tax_display_shop",
  "woocommerce_tax_display_cart",
  "woocommerce_tax_total_display",
  "woocommerce_enable_guest_checkout",
  "woocommerce_enable_checkout_login_reminder",
  "woocommerce_enable_signup_and_login_from_checkout",
  "woocommerce_email_from_name",
  "woocommerce_email_from_address",
  "woocommerce_cart_page_id",
  "woocommerce_checkout_page_id",
  "woocommerce_myaccount_page_id",
  "woocommerce_terms_page_id",
  "woocommerce_coming_soon",
]);

const owner = {
  companyName: "Boulangerie Payet",
  customerName: "Marie Payet",
  address: "12 rue de Paris",
  postalCode: "97400",
  city: "Saint-Denis",
  country: "Réunion",
  email: "contact@boulangerie-payet.localhost",
};

describe("the Business shop kit", () => {
  it("pins WooCommerce from the directory", () => {
    expect(WOOCOMMERCE.slug).toBe("woocommerce");
    expect(WOOCOMMERCE.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("sets only WooCommerce's documented options: euros, French formats, the shop's address from the order", () => {
    const kit = businessShop(owner);
    for (const name of [...Object.keys(kit.options), ...kit.pages.map((p) => p.option)]) {
      expect(WOOCOMMERCE_OPTIONS.has(name), name).toBe(true);
    }
    expect(kit.options).toMatchObject({
      woocommerce_default_country: "RE",
      woocommerce_currency: "EUR",
      woocommerce_store_address: "12 rue de Paris",
      woocommerce_store_postcode: "97400",
      woocommerce_store_city: "Saint-Denis",
      woocommerce_price_decimal_sep: ",",
      woocommerce_currency_pos: "right_space",
      woocommerce_calc_taxes: "yes",
      woocommerce_prices_include_tax: "yes",
      woocommerce_email_from_name: "Boulangerie Payet",
      woocommerce_email_from_address: "contact@boulangerie-payet.localhost",
    });
    expect(Object.values(kit.options).every((v) => typeof v === "string")).toBe(true);
  });

  it("places the shop in its territory, mainland for a business elsewhere", () => {
    expect(businessShop({ ...owner, country: "Guyane" }).options.woocommerce_default_country).toBe("GF");
    expect(businessShop({ ...owner, country: "France (mainland)" }).options.woocommerce_default_country).toBe(
      "FR",
    );
    expect(businessShop({ ...owner, country: "Autre" }).options.woocommerce_default_country).toBe("FR");
    for (const { value } of COUNTRIES) expect(WOOCOMMERCE_COUNTRY[value]).toMatch(/^[A-Z]{2}$/);
  });

  it("taxes each territory as our own invoices do: 8,5 % DOM, 20 % mainland, none in Guyane and Mayotte", () => {
    const rates = Object.fromEntries(shopTaxRates().map((r) => [r.country, r.rate]));
    expect(rates).toEqual({
      RE: "8.5000",
      GP: "8.5000",
      MQ: "8.5000",
      FR: "20.0000",
      GF: "0.0000",
      YT: "0.0000",
    });
    // The same figures as the invoices' table for Réunion, Guyane and a mainland rule of 20 %.
    expect(taxRuleFor("Réunion", false, DEFAULT_TAX_SETTINGS).rateBasisPoints / 100).toBe(Number(rates.RE));
    expect(taxRuleFor("Mayotte", false, DEFAULT_TAX_SETTINGS).rateBasisPoints).toBe(0);
    expect(
      taxRuleFor("France (mainland)", false, {
        ...DEFAULT_TAX_SETTINGS,
        TAX_RULE_MAINLAND_PRIVATE: "metropole",
      }).rateBasisPoints / 100,
    ).toBe(Number(rates.FR));
  });

  it("creates the French shop pages, a terms-of-sale page to complete and a first editable product", () => {
    const kit = businessShop({ ...owner, companyName: null });
    expect(kit.pages.map((p) => p.title)).toEqual([
      "Boutique",
      "Panier",
      "Commande",
      "Mon compte",
      "Conditions générales de vente",
    ]);
    expect(new Set(kit.pages.map((p) => p.slug)).size).toBe(kit.pages.length);
    const terms = kit.pages.find((p) => p.option === "woocommerce_terms_page_id");
    expect(terms?.content).toContain("Marie Payet");
    expect(terms?.content).toContain("Droit de rétractation");
    expect(terms?.content).toContain("[À compléter");
    expect(kit.product).toMatchObject({ name: "Mon premier produit", regularPrice: "10", status: "publish" });
  });
});
