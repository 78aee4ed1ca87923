import type { Config } from "../config.ts";

/** Who issues the invoices, as printed on each (CGI art. 242 nonies A). */
export interface Seller {
  name: string;
  legalForm: string;
  capital: string;
  address: string;
  siret: string;
  siren: string;
  rcs: string;
  vatNumber: string;
  email: string;
  vatOnDebits: boolean;
}

/** The French intra-EU VAT number of a SIREN: FR, a two-digit key, the SIREN. */
export function frenchVatNumber(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${key.toString().padStart(2, "0")}${siren}`;
}

/** The seller from the configuration; its defaults are those of the legal notices page. */
export function sellerFrom(config: Config): Seller {
  const siren = config.COMPANY_SIRET.slice(0, 9);
  return {
    name: config.COMPANY_NAME,
    legalForm: config.COMPANY_LEGAL_FORM,
    capital: config.COMPANY_CAPITAL,
    address: config.COMPANY_ADDRESS,
    siret: config.COMPANY_SIRET,
    siren,
    rcs: `${config.COMPANY_RCS} ${siren}`,
    vatNumber: config.COMPANY_VAT_NUMBER ?? frenchVatNumber(siren),
    email: config.CONTACT_EMAIL,
    vatOnDebits: config.COMPANY_VAT_ON_DEBITS,
  };
}
