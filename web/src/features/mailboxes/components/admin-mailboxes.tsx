import { formatBytes } from "@lagon/contracts/backups";
import { formatGigabytes } from "@lagon/contracts/mailboxes";
import type { MailboxList } from "@lagon/contracts/mailboxes-schemas";
import { useState } from "react";
import { getAdminMailboxes } from "../api/get-admin-mailboxes";

/** An order's mailboxes and aliases on its admin card, read when the admin opens them. */
export function AdminMailboxes({ orderId, token }: { orderId: string; token: string }) {
  const [list, setList] = useState<MailboxList | null>(null);
  const [failed, setFailed] = useState(false);

  async function load() {
    try {
      setList(await getAdminMailboxes(orderId, token));
      setFailed(false);
    } catch (err) {
      console.error("Adresses e-mail de la commande indisponibles", err);
      setFailed(true);
    }
  }

  return (
    <details
      className="admin-mailboxes"
      onToggle={(event) => {
        if (event.currentTarget.open && list === null) void load();
      }}
    >
      <summary>Adresses e-mail</summary>
      {failed ? (
        <p role="alert">La liste des adresses n'a pas pu être chargée.</p>
      ) : list === null ? (
        <p role="status">Chargement…</p>
      ) : (
        <>
          {list.unavailable_reason ? <p>{list.unavailable_reason}</p> : null}
          <p>
            {list.mailboxes.length} adresse(s) sur {list.allowance}
            {list.domain ? ` (…@${list.domain})` : ""}
          </p>
          {list.mailboxes.length > 0 ? (
            <ul>
              {list.mailboxes.map((mailbox) => (
                <li key={mailbox.address}>
                  {mailbox.address} :{" "}
                  {mailbox.used_bytes === null
                    ? "espace utilisé inconnu"
                    : `${mailbox.used_bytes === 0 ? "0 Ko" : formatBytes(mailbox.used_bytes)} sur ${formatGigabytes(mailbox.quota_bytes)}`}
                </li>
              ))}
            </ul>
          ) : null}
          {list.aliases.length > 0 ? (
            <ul aria-label="Alias et renvois">
              {list.aliases.map((alias) => (
                <li key={alias.address}>
                  {alias.address} → {alias.target} ({alias.kind === "alias" ? "alias" : "renvoi"})
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </details>
  );
}
