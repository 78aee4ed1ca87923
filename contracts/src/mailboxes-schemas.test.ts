import { describe, expect, it } from "vitest";
import { MAILBOX_MESSAGES } from "./mailboxes.ts";
import { MailboxLocalPart } from "./mailboxes-schemas.ts";

const refusal = (input: unknown) => {
  const result = MailboxLocalPart.safeParse(input);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe("MailboxLocalPart", () => {
  it("accepts ordinary names, trimmed and lower-cased", () => {
    expect(MailboxLocalPart.parse("  Contact ")).toBe("contact");
    expect(MailboxLocalPart.parse("jean.dupont")).toBe("jean.dupont");
    expect(MailboxLocalPart.parse("compta_2024-re")).toBe("compta_2024-re");
  });

  it("refuses each broken rule with its own French message", () => {
    expect(refusal("")).toEqual([MAILBOX_MESSAGES.localPartRequired]);
    expect(refusal(undefined)).toEqual([MAILBOX_MESSAGES.localPartRequired]);
    expect(refusal("contact@boulangerie.re")).toContain(MAILBOX_MESSAGES.localPartWithDomain);
    expect(refusal("a".repeat(65))).toEqual([MAILBOX_MESSAGES.localPartTooLong]);
    expect(refusal("hélène")).toEqual([MAILBOX_MESSAGES.localPartCharacters]);
    expect(refusal("jean dupont")).toEqual([MAILBOX_MESSAGES.localPartCharacters]);
    expect(refusal(".contact")).toEqual([MAILBOX_MESSAGES.localPartEnds]);
    expect(refusal("contact-")).toEqual([MAILBOX_MESSAGES.localPartEnds]);
    expect(refusal("jean..dupont")).toEqual([MAILBOX_MESSAGES.localPartDoubleDot]);
  });

  it("keeps the agency's names, however they are written", () => {
    for (const name of ["postmaster", "Abuse", "hostmaster", "webmaster", "post.master", "mailerdaemon"]) {
      expect(refusal(name)?.[0]).toMatch(/est réservé à l'hébergeur/);
    }
    expect(refusal("postmaster")).toEqual([MAILBOX_MESSAGES.reserved("postmaster")]);
  });
});
