import type { COUNTRIES } from "./checkout.ts";

/**
 * VAT by the buyer's territory, as data (decision 0029). A rule says which rate applies and what
 * the invoice must say; the table says which rule applies to whom. France métropolitaine and
 * "Autre" are settings (TAX_RULE_*), to be confirmed by the agency's accountant.
 */
export const TAX_RULES = {
  /** Réunion, Guadeloupe, Martinique: the DOM standard rate (art. 296 du CGI). */
  dom: { rateBasisPoints: 850, mention: null, category: "S" },
  /** The mainland standard rate, should the accountant decide it applies. */
  metropole: { rateBasisPoints: 2000, mention: null, category: "S" },
  /** Guyane and Mayotte: VAT "provisoirement pas applicable". */
  "art-294": { rateBasisPoints: 0, mention: "TVA non applicable, art. 294 du CGI", category: "E" },
  /** A business buyer liable for the tax itself. */
  autoliquidation: { rateBasisPoints: 0, mention: "Autoliquidation", category: "AE" },
  /** A service whose place of supply is outside the French VAT territory. */
  "hors-champ": { rateBasisPoints: 0, mention: "TVA non applicable, art. 259-1 du CGI", category: "E" },
} as const satisfies Record<string, TaxRuleData>;

interface TaxRuleData {
  /** The rate in hundredths of a percent: 850 is 8,5 %. */
  rateBasisPoints: number;
  /** The legal mention an invoice at this rule must carry, if any. */
  mention: string | null;
  /** The EN 16931 VAT category code (UNTDID 5305) for the e-invoice. */
  category: "S" | "E" | "AE";
}

export type TaxRuleId = keyof typeof TAX_RULES;
export const TAX_RULE_IDS = Object.keys(TAX_RULES) as [TaxRuleId, ...TaxRuleId[]];
export type TaxRule = TaxRuleData & { id: TaxRuleId };

export type Territory = (typeof COUNTRIES)[number]["value"];

/** The four configurable cells of the table (settings TAX_RULE_MAINLAND_PRIVATE, …). */
export interface TaxSettings {
  TAX_RULE_MAINLAND_PRIVATE: TaxRuleId;
  TAX_RULE_MAINLAND_BUSINESS: TaxRuleId;
  TAX_RULE_OTHER_PRIVATE: TaxRuleId;
  TAX_RULE_OTHER_BUSINESS: TaxRuleId;
}

/** Defaults of the configurable cells, until the accountant says otherwise (decision 0029). */
export const DEFAULT_TAX_SETTINGS: TaxSettings = {
  TAX_RULE_MAINLAND_PRIVATE: "dom",
  TAX_RULE_MAINLAND_BUSINESS: "dom",
  TAX_RULE_OTHER_PRIVATE: "dom",
  TAX_RULE_OTHER_BUSINESS: "hors-champ",
};

/** The table: territory and kind of buyer to the rule (a setting's name where configurable). */
const TABLE: Record<
  Territory,
  { private: TaxRuleId | keyof TaxSettings; business: TaxRuleId | keyof TaxSettings }
> = {
  Réunion: { private: "dom", business: "dom" },
  Guadeloupe: { private: "dom", business: "dom" },
  Martinique: { private: "dom", business: "dom" },
  Guyane: { private: "art-294", business: "art-294" },
  Mayotte: { private: "art-294", business: "art-294" },
  "France (mainland)": { private: "TAX_RULE_MAINLAND_PRIVATE", business: "TAX_RULE_MAINLAND_BUSINESS" },
  Autre: { private: "TAX_RULE_OTHER_PRIVATE", business: "TAX_RULE_OTHER_BUSINESS" },
};

/** A buyer is a business when it gave a SIRET or a VAT number. */
export function isBusinessBuyer(buyer: { siret?: string | null; vat_number?: string | null }): boolean {
  return Boolean(buyer.siret?.trim() || buyer.vat_number?.trim());
}

/** The rule that applies to a buyer of this territory (an unknown territory is "Autre"). */
export function taxRuleFor(territory: string, business: boolean, settings: TaxSettings): TaxRule {
  const row = TABLE[territory as Territory] ?? TABLE.Autre;
  const cell = business ? row.business : row.private;
  return taxRuleById(cell in TAX_RULES ? (cell as TaxRuleId) : settings[cell as keyof TaxSettings]);
}

/** "8,5 %" */
export function formatRate(rateBasisPoints: number): string {
  return `${(rateBasisPoints / 100).toString().replace(".", ",")} %`;
}

/** How a summary or an invoice names the tax line: "TVA 8,5 %" or the rule's mention. */
export function taxLabel(rule: TaxRule): string {
  return rule.rateBasisPoints > 0 ? `TVA ${formatRate(rule.rateBasisPoints)}` : (rule.mention ?? "TVA 0 %");
}

/** A rule by its id (as stored with a checkout or an invoice). */
export function taxRuleById(id: TaxRuleId): TaxRule {
  return { id, ...TAX_RULES[id] };
}
