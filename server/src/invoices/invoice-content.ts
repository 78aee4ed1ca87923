import { IMMEDIATE_START_CONSENT } from "@lagon/contracts/checkout";
import { formatDate } from "@lagon/contracts/french-date";
import type { Totals } from "@lagon/contracts/money";
import type { TaxRule } from "@lagon/contracts/tax";
import type { Order } from "../db/schema.ts";
import type { Seller } from "./seller.ts";

/** The buyer as printed: a company's name and identifiers when given. */
export interface Buyer {
  name: string;
  company: string | null;
  email: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
  siret: string | null;
  siren: string | null;
  vatNumber: string | null;
  business: boolean;
}

/** Everything an invoice or a credit note prints, frozen at issue (stored in `invoices.content`). */
export interface InvoiceContent {
  title: "Facture" | "Avoir";
  seller: Seller;
  buyer: Buyer;
  /** Décret 2022-1299: the category of the operation. */
  operationCategory: "Prestation de services";
  taxRule: TaxRule;
  totals: Totals;
  /** For a credit note: the invoice it credits. */
  credits: { number: string; issuedAt: string } | null;
  /** The legal mentions printed under the totals, in order. */
  mentions: string[];
}

export const LATE_PAYMENT_MENTION =
  "Pénalités de retard : trois fois le taux d'intérêt légal, exigibles dès le lendemain de l'échéance. Indemnité forfaitaire pour frais de recouvrement : 40 € (art. L441-10 et D441-5 du Code de commerce). Pas d'escompte pour paiement anticipé.";
export const VAT_ON_DEBITS_MENTION = "Option pour le paiement de la taxe d'après les débits.";

export function buyerOf(order: Order, business: boolean): Buyer {
  return {
    name: order.customerName,
    company: order.companyName,
    email: order.customerEmail,
    address: order.address,
    postalCode: order.postalCode,
    city: order.city,
    country: order.country === "France (mainland)" ? "France" : order.country,
    siret: order.siret,
    siren: order.siret ? order.siret.slice(0, 9) : null,
    vatNumber: order.vatNumber,
    business,
  };
}

/** The mentions French law asks of this document (CGI art. 242 nonies A, Code de commerce L441-9). */
export function legalMentions(input: {
  kind: "invoice" | "credit_note";
  seller: Seller;
  buyer: Buyer;
  taxRule: TaxRule;
  paidAt: Date;
  paymentMethod: string;
  immediateStartAt: Date | null;
  credits?: { number: string; issuedAt: string } | null;
}): string[] {
  const mentions: string[] = [];
  if (input.credits) {
    mentions.push(
      `Avoir sur la facture n° ${input.credits.number} du ${formatDate(input.credits.issuedAt)}.`,
    );
  }
  if (input.taxRule.mention) mentions.push(`${input.taxRule.mention}.`);
  mentions.push("Catégorie de l'opération : prestation de services.");
  mentions.push(
    input.kind === "invoice"
      ? `Facture acquittée : payée le ${formatDate(input.paidAt)} par ${input.paymentMethod}. Échéance : à la commande.`
      : `Remboursement effectué le ${formatDate(input.paidAt)} par ${input.paymentMethod}.`,
  );
  if (input.buyer.business) mentions.push(LATE_PAYMENT_MENTION);
  if (input.seller.vatOnDebits) mentions.push(VAT_ON_DEBITS_MENTION);
  if (input.kind === "invoice" && input.immediateStartAt) {
    mentions.push(
      `Exécution immédiate demandée par le client le ${formatDate(input.immediateStartAt)} : « ${IMMEDIATE_START_CONSENT} » (art. L221-28 du Code de la consommation).`,
    );
  }
  return mentions;
}
