import { formatDate, formatIsoDate } from "@lagon/contracts/french-date";
import { INVOICE_KIND_LABEL } from "@lagon/contracts/invoices";
import type { AdminInvoices } from "@lagon/contracts/invoices-schemas";
import { formatEuros } from "@lagon/contracts/pricing";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { apiPaths, withToken } from "../../../api/paths";
import { ApiError } from "../../../lib/fetch-json";
import { countOf } from "../../../lib/plural";
import { AdminNav, AdminRefusal } from "../../admin/admin-gate";
import { AdminPager } from "../../admin/admin-pager";
import { getAdminInvoices } from "../api/get-admin-invoices";
import "./admin-invoices-page.css";

interface Search {
  q: string;
  from: string;
  to: string;
}

const ORIGIN_LABEL: Record<string, string> = {
  checkout: "Commande",
  renewal: "Renouvellement",
  koza: "Koza",
  proration: "Changement de formule",
  refund: "Remboursement",
};

/** "2026-11-01" and "2026-11-24": this month so far, on La Réunion's calendar. */
function thisMonth(): { from: string; to: string } {
  const today = formatIsoDate(new Date());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

const query = (s: Search, page: number) => {
  const params = new URLSearchParams({ page: String(page) });
  if (s.q.trim()) params.set("q", s.q.trim());
  if (s.from) params.set("from", s.from);
  if (s.to) params.set("to", s.to);
  return params;
};

/**
 * Every invoice and credit note: searched by number, buyer or e-mail and by issue days, with
 * each PDF; and the sales journal of any days as CSV, for the accountant.
 */
export function AdminInvoicesPage({ token }: { token: string }) {
  const [form, setForm] = useState<Search>({ q: "", from: "", to: "" });
  const [search, setSearch] = useState<Search>(form);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AdminInvoices | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [denied, setDenied] = useState(false);
  const [journal, setJournal] = useState(thisMonth);
  const latest = useRef(0);

  const load = useCallback(async () => {
    // Only the answer to the latest search is shown: the first page's list may come after it.
    const request = ++latest.current;
    try {
      const result = await getAdminInvoices(query(search, page), token);
      if (request !== latest.current) return;
      setData(result);
      setError(null);
    } catch (err) {
      if (request !== latest.current) return;
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return setDenied(true);
      if (!(err instanceof ApiError && err.detail)) console.error("Liste des factures indisponible", err);
      setError(
        err instanceof ApiError && err.detail ? err.detail : "La liste des factures n'a pas pu être chargée.",
      );
    }
  }, [search, page, token]);

  useEffect(() => {
    void load();
  }, [load]);

  if (denied) return <AdminRefusal title="Accès refusé" />;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(form);
    setPage(1);
  }

  const journalReady = journal.from !== "" && journal.to !== "" && journal.from <= journal.to;
  const journalUrl = apiPaths.adminInvoicesJournal(new URLSearchParams({ ...journal, token }));
  const filtered = search.q.trim() !== "" || search.from !== "" || search.to !== "";

  return (
    <>
      <header className="admin-header">
        <h1>Factures</h1>
        <AdminNav token={token} current="invoices" />
      </header>

      <section className="admin-panel" aria-labelledby="journal-title">
        <h2 id="journal-title">Journal des ventes</h2>
        <p className="admin-match">
          Une ligne par facture et par avoir : numéro, date, acheteur, HT, TVA par taux, TTC et paiement (CSV
          pour tableur, séparateur « ; »).
        </p>
        <div className="admin-toolbar">
          <label>
            Du{" "}
            <input
              type="date"
              value={journal.from}
              onChange={(e) => setJournal({ ...journal, from: e.target.value })}
            />
          </label>
          <label>
            Au{" "}
            <input
              type="date"
              value={journal.to}
              onChange={(e) => setJournal({ ...journal, to: e.target.value })}
            />
          </label>
          {journalReady ? (
            <a className="button button-primary admin-journal-export" href={journalUrl} download>
              Exporter le journal des ventes (CSV)
            </a>
          ) : (
            <span role="status">Choisissez une date de début qui précède la date de fin.</span>
          )}
        </div>
      </section>

      <search className="admin-invoice-search">
        <form className="admin-toolbar" onSubmit={submit}>
          <label className="admin-search">
            <span className="visually-hidden">Rechercher une facture</span>
            <input
              type="search"
              placeholder="Numéro, acheteur, e-mail ou sous-domaine"
              value={form.q}
              onChange={(e) => setForm({ ...form, q: e.target.value })}
            />
          </label>
          <label>
            Émises du{" "}
            <input
              type="date"
              value={form.from}
              onChange={(e) => setForm({ ...form, from: e.target.value })}
            />
          </label>
          <label>
            au{" "}
            <input type="date" value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} />
          </label>
          <button type="submit" className="button button-primary">
            Rechercher
          </button>
        </form>
      </search>

      <div aria-live="polite" className="admin-results">
        {error ? (
          <p role="alert" className="status-message is-error">
            {error}
          </p>
        ) : data === null ? (
          <p>Chargement…</p>
        ) : data.total === 0 ? (
          <p>
            {filtered ? "Aucune facture ne correspond à cette recherche." : "Aucune facture pour l'instant."}
          </p>
        ) : (
          <p className="admin-match">
            {countOf(data.total, "document", "documents")} · total HT {formatEuros(data.sums.net_cents)} · TVA{" "}
            {formatEuros(data.sums.vat_cents)} · TTC {formatEuros(data.sums.total_ttc_cents)}
          </p>
        )}
      </div>

      {data && data.invoices.length > 0 && !error ? (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Numéro</th>
                <th scope="col">Date</th>
                <th scope="col">Type</th>
                <th scope="col">Acheteur</th>
                <th scope="col">HT</th>
                <th scope="col">TVA</th>
                <th scope="col">TTC</th>
                <th scope="col">Paiement</th>
                <th scope="col">PDF</th>
              </tr>
            </thead>
            <tbody>
              {data.invoices.map((invoice) => (
                <tr key={invoice.number}>
                  <td>{invoice.number}</td>
                  <td>{formatDate(invoice.issued_at)}</td>
                  <td>
                    {INVOICE_KIND_LABEL[invoice.kind]}
                    {invoice.credits_number
                      ? ` de ${invoice.credits_number}`
                      : ` · ${ORIGIN_LABEL[invoice.origin] ?? invoice.origin}`}
                  </td>
                  <td className="admin-wrap">
                    {invoice.buyer}
                    <br />
                    <small>
                      {invoice.buyer_email} · {invoice.subdomain}
                    </small>
                  </td>
                  <td>{formatEuros(invoice.net_cents)}</td>
                  <td>{formatEuros(invoice.vat_cents)}</td>
                  <td>{formatEuros(invoice.total_ttc_cents)}</td>
                  <td className="admin-wrap">{invoice.payment_method}</td>
                  <td>
                    <a
                      href={withToken(apiPaths.adminInvoicePdf(invoice.number), token)}
                      download={`${invoice.kind === "credit_note" ? "avoir" : "facture"}-${invoice.number}.pdf`}
                      aria-label={`Télécharger ${invoice.kind === "credit_note" ? "l'avoir" : "la facture"} n° ${invoice.number}`}
                    >
                      Télécharger
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data ? (
        <AdminPager
          page={data.page}
          pageCount={data.pages}
          onPage={(p) => {
            setPage(p);
            window.scrollTo({ top: 0 });
          }}
        />
      ) : null}
    </>
  );
}
