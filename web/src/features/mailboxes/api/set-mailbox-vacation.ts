import type { MailboxView, VacationBody } from "@lagon/contracts/mailboxes-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `PUT /api/order/{id}/mailboxes/{address}/vacation`: the mailbox's out-of-office reply. */
export const setMailboxVacation = (orderId: string, token: string, address: string, body: VacationBody) =>
  fetchJson<MailboxView>(withToken(apiPaths.mailboxVacation(orderId, address), token), {
    method: "PUT",
    body: JSON.stringify(body),
  });
