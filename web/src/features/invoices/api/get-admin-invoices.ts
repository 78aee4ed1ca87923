import type { AdminInvoices } from "@lagon/contracts/invoices-schemas";
import { apiPaths } from "../../../api/paths";
import { adminFetch } from "../../admin/admin-api";

/** `GET /api/admin/invoices?q=&page=`: one page of every invoice, newest first. */
export const getAdminInvoices = (query: URLSearchParams, token: string) =>
  adminFetch<AdminInvoices>(apiPaths.adminInvoices(query), token);
