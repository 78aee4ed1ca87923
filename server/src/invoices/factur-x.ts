import { type Invoice, InvoiceService } from "@e-invoice-eu/core";
import { formatIsoDate } from "@lagon/contracts/french-date";
import type { InvoiceRow } from "../db/schema.ts";
import type { InvoiceContent } from "./invoice-content.ts";

const EUR = "EUR" as const;
/** Euros with two decimals, as EN 16931 writes amounts; credit notes carry positive amounts (type 381). */
const amount = (cents: number) => (Math.abs(cents) / 100).toFixed(2);
const percent = (basisPoints: number) => (basisPoints / 100).toFixed(2);
const ISO_COUNTRY: Record<string, string> = {
  Réunion: "RE",
  Guadeloupe: "GP",
  Martinique: "MQ",
  Guyane: "GF",
  Mayotte: "YT",
  France: "FR",
};

/** A seller address given on one line: "12 rue du Lagon, 97460 Saint-Paul, La Réunion". */
function splitAddress(address: string) {
  const match = address.match(/^(.*?),\s*(\d{5})\s+([^,]+)/);
  return match
    ? { street: match[1] as string, postCode: match[2] as string, city: match[3] as string }
    : { street: address, postCode: undefined, city: undefined };
}

/** The document in e-invoice-eu's internal format (UBL-shaped), from what was printed. */
export function facturXData(row: InvoiceRow): Invoice {
  const c = row.content as InvoiceContent;
  const category = c.taxRule.category;
  const exemption = c.taxRule.mention ? { "cbc:TaxExemptionReason": c.taxRule.mention } : {};
  const taxScheme = { "cac:TaxScheme": { "cbc:ID": "VAT" } };
  const sellerAddress = splitAddress(c.seller.address);
  const data = {
    "ubl:Invoice": {
      "cbc:CustomizationID": "urn:cen.eu:en16931:2017",
      "cbc:ID": row.number,
      "cbc:IssueDate": formatIsoDate(row.issuedAt),
      "cbc:DueDate": formatIsoDate(row.paidAt),
      "cbc:InvoiceTypeCode": row.kind === "credit_note" ? "381" : "380",
      // e-invoice-eu 2.3.4 does not carry BillingReference (BT-25) into CII: the note names the invoice.
      "cbc:Note": [c.mentions.join(" ")],
      "cbc:DocumentCurrencyCode": EUR,
      ...(row.periodStart && row.periodEnd
        ? { "cac:InvoicePeriod": { "cbc:StartDate": row.periodStart, "cbc:EndDate": row.periodEnd } }
        : {}),
      ...(c.credits
        ? {
            "cac:BillingReference": [
              {
                "cac:InvoiceDocumentReference": {
                  "cbc:ID": c.credits.number,
                  "cbc:IssueDate": formatIsoDate(c.credits.issuedAt),
                },
              },
            ],
          }
        : {}),
      "cac:AccountingSupplierParty": {
        "cac:Party": {
          "cbc:EndpointID": c.seller.email,
          "cbc:EndpointID@schemeID": "EM",
          "cac:PostalAddress": {
            "cbc:StreetName": sellerAddress.street,
            ...(sellerAddress.city ? { "cbc:CityName": sellerAddress.city } : {}),
            ...(sellerAddress.postCode ? { "cbc:PostalZone": sellerAddress.postCode } : {}),
            "cac:Country": { "cbc:IdentificationCode": "FR" },
          },
          "cac:PartyTaxScheme": [{ "cbc:CompanyID": c.seller.vatNumber, ...taxScheme }],
          "cac:PartyLegalEntity": {
            "cbc:RegistrationName": c.seller.name,
            "cbc:CompanyID": c.seller.siren,
            "cbc:CompanyID@schemeID": "0002",
            "cbc:CompanyLegalForm": `${c.seller.legalForm} au capital de ${c.seller.capital}, ${c.seller.rcs}`,
          },
        },
      },
      "cac:AccountingCustomerParty": {
        "cac:Party": {
          "cbc:EndpointID": c.buyer.email,
          "cbc:EndpointID@schemeID": "EM",
          "cac:PostalAddress": {
            ...(c.buyer.address ? { "cbc:StreetName": c.buyer.address } : {}),
            ...(c.buyer.city ? { "cbc:CityName": c.buyer.city } : {}),
            ...(c.buyer.postalCode ? { "cbc:PostalZone": c.buyer.postalCode } : {}),
            "cac:Country": { "cbc:IdentificationCode": ISO_COUNTRY[c.buyer.country] ?? "FR" },
          },
          ...(c.buyer.vatNumber
            ? { "cac:PartyTaxScheme": { "cbc:CompanyID": c.buyer.vatNumber, ...taxScheme } }
            : {}),
          "cac:PartyLegalEntity": {
            "cbc:RegistrationName": c.buyer.company || c.buyer.name,
            ...(c.buyer.siren ? { "cbc:CompanyID": c.buyer.siren, "cbc:CompanyID@schemeID": "0002" } : {}),
          },
        },
      },
      // The service date (BT-72); CII requires the delivery block.
      "cac:Delivery": { "cbc:ActualDeliveryDate": formatIsoDate(row.paidAt) },
      // 48: bank card.
      "cac:PaymentMeans": [{ "cbc:PaymentMeansCode": "48" }],
      "cac:TaxTotal": [
        {
          "cbc:TaxAmount": amount(c.totals.vatCents),
          "cbc:TaxAmount@currencyID": EUR,
          "cac:TaxSubtotal": c.totals.vatByRate.map((v) => ({
            "cbc:TaxableAmount": amount(v.baseCents),
            "cbc:TaxableAmount@currencyID": EUR,
            "cbc:TaxAmount": amount(v.vatCents),
            "cbc:TaxAmount@currencyID": EUR,
            "cac:TaxCategory": {
              "cbc:ID": category,
              "cbc:Percent": percent(v.rateBasisPoints),
              ...exemption,
              ...taxScheme,
            },
          })),
        },
      ],
      "cac:LegalMonetaryTotal": {
        "cbc:LineExtensionAmount": amount(c.totals.netCents),
        "cbc:LineExtensionAmount@currencyID": EUR,
        "cbc:TaxExclusiveAmount": amount(c.totals.netCents),
        "cbc:TaxExclusiveAmount@currencyID": EUR,
        "cbc:TaxInclusiveAmount": amount(c.totals.totalCents),
        "cbc:TaxInclusiveAmount@currencyID": EUR,
        // Paid by card at the order: nothing is left to pay.
        "cbc:PrepaidAmount": amount(c.totals.totalCents),
        "cbc:PrepaidAmount@currencyID": EUR,
        "cbc:PayableAmount": "0.00",
        "cbc:PayableAmount@currencyID": EUR,
      },
      "cac:InvoiceLine": c.totals.lines.map((line, i) => ({
        "cbc:ID": String(i + 1),
        "cbc:InvoicedQuantity": String(line.quantity),
        "cbc:InvoicedQuantity@unitCode": "C62",
        "cbc:LineExtensionAmount": amount(line.netCents),
        "cbc:LineExtensionAmount@currencyID": EUR,
        ...(line.discountCents
          ? {
              "cac:AllowanceCharge": [
                {
                  "cbc:ChargeIndicator": "false",
                  "cbc:AllowanceChargeReason": "Remise",
                  "cbc:Amount": amount(line.discountCents),
                  "cbc:Amount@currencyID": EUR,
                },
              ],
            }
          : {}),
        "cac:Item": {
          "cbc:Name": line.label,
          "cac:ClassifiedTaxCategory": {
            "cbc:ID": category,
            "cbc:Percent": percent(line.vatRateBasisPoints),
            ...taxScheme,
          },
        },
        "cac:Price": { "cbc:PriceAmount": amount(line.unitCents), "cbc:PriceAmount@currencyID": EUR },
      })),
    },
  };
  return data as unknown as Invoice;
}

/**
 * Turns the PDF into a Factur-X (EN 16931 profile): PDF/A-3 with the CII XML attached as
 * `factur-x.xml`, made by @e-invoice-eu/core, which also checks the data against EN 16931.
 */
export async function toFacturX(pdf: Buffer, row: InvoiceRow): Promise<Buffer> {
  const service = new InvoiceService(quietLogger);
  const out = await service
    .generate(facturXData(row), {
      format: "Factur-X-EN16931",
      lang: "fr-fr",
      pdf: { buffer: pdf, filename: `${row.number}.pdf`, mimetype: "application/pdf" },
    })
    .catch((err: unknown) => {
      const errors = (err as { errors?: unknown }).errors;
      throw new Error(`Factur-X of ${row.number} refused: ${errors ? JSON.stringify(errors) : String(err)}`);
    });
  return Buffer.from(out as Uint8Array);
}

const quietLogger = { log() {}, warn() {}, error() {} };
