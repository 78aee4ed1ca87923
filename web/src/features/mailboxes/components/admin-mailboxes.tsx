import { useState } from "react";
import { MailboxesBlock } from "./mailboxes-block";

/**
 * An order's mailboxes and aliases on its admin card, read when the admin opens them: the order
 * page's own block, acting with the admin token (create, delete, new password, aliases, replies).
 */
export function AdminMailboxes({ orderId, token }: { orderId: string; token: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="admin-mailboxes"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>Adresses e-mail</summary>
      {opened ? <MailboxesBlock orderId={orderId} token={token} admin /> : null}
    </details>
  );
}
