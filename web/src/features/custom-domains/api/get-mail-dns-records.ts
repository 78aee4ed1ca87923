import type { MailDnsCheck } from "@lagon/contracts/custom-domain-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `GET /api/order/{id}/domain/mail-records`: the live domain's mail records, each checked now. */
export const getMailDnsRecords = (orderId: string, token: string) =>
  fetchJson<MailDnsCheck>(withToken(apiPaths.mailDnsRecords(orderId), token));
