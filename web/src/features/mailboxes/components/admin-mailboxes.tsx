import { MAILBOX_ALLOWANCE } from "@lagon/contracts/mailboxes";
import { planByName } from "@lagon/contracts/plans";
import { useState } from "react";
import { MailboxesBlock } from "./mailboxes-block";

/**
 * An order's mailboxes and aliases on its admin card, read when the admin opens them: the order
 * page's own block, acting with the admin token (create, delete, new password, aliases, replies).
 * A plan without mailboxes (Libre) has no such section (decision 0105) unless addresses were left
 * on it (decision 0110); an unknown plan shows it.
 */
export function AdminMailboxes({
  orderId,
  token,
  planName,
  outsidePlan = false,
}: {
  orderId: string;
  token: string;
  planName: string;
  /** Addresses left on a plan without mail (decision 0110): the section stays, to act on them. */
  outsidePlan?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const plan = planByName(planName);
  if (plan && MAILBOX_ALLOWANCE[plan.id].count === 0 && !outsidePlan) return null;
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
