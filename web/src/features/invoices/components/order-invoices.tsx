import { formatDate } from "@lagon/contracts/french-date";
import { INVOICE_KIND_LABEL } from "@lagon/contracts/invoices";
import type { OrderInvoice } from "@lagon/contracts/invoices-schemas";
import { formatEuros } from "@lagon/contracts/pricing";
import { useEffect, useState } from "react";
import { getOrderInvoices } from "../api/get-order-invoices";

/**
 * "Vos factures" on the order page: every invoice and credit note of the order, oldest first,
 * each PDF downloaded with the page's token. The page mounts it again (its `key`) when a payment
 * may have brought a new one: a renewal or a plan change seen by its polling, Koza bought.
 */
export function OrderInvoicesBlock({ orderId, token }: { orderId: string; token: string }) {
  const [invoices, setInvoices] = useState<OrderInvoice[] | null>(null);
  const [loadError, setLoadError] = useState(false);

  useEffect(() => {
    let live = true;
    getOrderInvoices(orderId, token)
      .then((list) => {
        if (!live) return;
        setInvoices(list.invoices);
        setLoadError(false);
      })
      .catch((err: unknown) => {
        console.error("Liste des factures indisponible", err);
        if (live) setLoadError(true);
      });
    return () => {
      live = false;
    };
  }, [orderId, token]);

  return (
    <section className="dashboard-card" aria-labelledby="invoices-title">
      <h2 id="invoices-title">Vos factures</h2>
      {loadError ? (
        <p role="alert">
          La liste de vos factures n'a pas pu être chargée. Rechargez la page pour réessayer.
        </p>
      ) : invoices === null ? (
        <p role="status">Chargement de vos factures…</p>
      ) : invoices.length === 0 ? (
        <p>Aucune facture pour l'instant : elle apparaît ici dès que votre paiement est enregistré.</p>
      ) : (
        <ul className="row-list">
          {invoices.map((invoice) => {
            const kind = INVOICE_KIND_LABEL[invoice.kind];
            return (
              <li key={invoice.number}>
                <span>
                  <strong>
                    {kind} n° {invoice.number}
                  </strong>
                  <br />
                  <span className="dashboard-help">
                    {formatDate(invoice.issued_at)} · {formatEuros(invoice.total_ttc_cents)} TTC
                  </span>
                </span>
                <a
                  className="button dashboard-small-button"
                  href={invoice.pdf_url}
                  download={`${invoice.kind === "credit_note" ? "avoir" : "facture"}-${invoice.number}.pdf`}
                  aria-label={`Télécharger ${kind === "Avoir" ? "l'avoir" : "la facture"} n° ${invoice.number} (PDF)`}
                >
                  Télécharger
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
