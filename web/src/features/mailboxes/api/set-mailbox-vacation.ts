import type { MailboxView, VacationBody } from "@lagon/contracts/mailboxes-schemas";
import { apiPaths, withToken } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";
import type { MailAccess } from "./mail-access";

/** `PUT …/mailboxes/{address}/vacation`: the mailbox's out-of-office reply. */
export const setMailboxVacation = (
  { orderId, token, admin }: MailAccess,
  address: string,
  body: VacationBody,
) =>
  fetchJson<MailboxView>(withToken(apiPaths.mailboxVacation(orderId, address, admin), token), {
    method: "PUT",
    body: JSON.stringify(body),
  });
