import type { MailboxVacation } from "@lagon/contracts/mailboxes";

/** La Réunion's offset from UTC (no daylight saving): the dates of a reply are its days. */
const REUNION_ZONE = "+0400";

/** A Sieve quoted string (RFC 5228 2.4.2): backslash and double quote escaped, lines kept. */
function quoted(text: string): string {
  return `"${text.replace(/\r\n?/g, "\n").replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * The Sieve script of one mailbox's out-of-office reply, written by the product from what the
 * customer typed (never Sieve from the customer): one answer per sender per day, only between the
 * dates given (La Réunion's days), from the mailbox's own address.
 */
export function vacationSieve(address: string, vacation: MailboxVacation): string {
  const tests: string[] = [];
  if (vacation.start)
    tests.push(`currentdate :zone "${REUNION_ZONE}" :value "ge" "date" ${quoted(vacation.start)}`);
  if (vacation.end)
    tests.push(`currentdate :zone "${REUNION_ZONE}" :value "le" "date" ${quoted(vacation.end)}`);
  const reply = `vacation :days 1 :from ${quoted(address)} :addresses [${quoted(address)}] :subject ${quoted(vacation.subject)} ${quoted(vacation.message)};`;
  const body = tests.length > 0 ? `if allof (${tests.join(", ")}) {\n  ${reply}\n}` : reply;
  return `# Written by the product (server/src/mail-host/vacation-sieve.ts): the out-of-office reply.
require ["vacation", "date", "relational"];
${body}
`;
}
