import { describe, expect, it } from "vitest";
import { MAILBOX_MESSAGES } from "./mailboxes.ts";
import { MailboxLocalPart, VacationBody } from "./mailboxes-schemas.ts";

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

describe("VacationBody", () => {
  const base = { enabled: true, subject: "Absent", message: "Je suis en congés." };
  const messages = (input: unknown) => {
    const result = VacationBody.safeParse(input);
    return result.success ? null : result.error.issues.map((issue) => issue.message);
  };

  it("accepts a reply with or without dates, trimmed, empty dates as none", () => {
    expect(VacationBody.parse({ ...base, subject: " Absent ", start: "", end: null })).toEqual({
      ...base,
      start: null,
      end: null,
    });
    expect(VacationBody.parse({ ...base, start: "2099-12-24", end: "2099-12-31" })).toMatchObject({
      start: "2099-12-24",
      end: "2099-12-31",
    });
  });

  it("refuses each broken rule with a French message", () => {
    expect(messages({ ...base, subject: "  " })).toEqual([MAILBOX_MESSAGES.vacationSubjectRequired]);
    expect(messages({ ...base, subject: "a\nBcc: x@y.z" })).toEqual([
      MAILBOX_MESSAGES.vacationSubjectOneLine,
    ]);
    expect(messages({ ...base, message: "x".repeat(5001) })).toEqual([
      MAILBOX_MESSAGES.vacationMessageTooLong,
    ]);
    expect(messages({ ...base, start: "2099-02-30" })).toEqual([MAILBOX_MESSAGES.vacationDateInvalid]);
    expect(messages({ ...base, start: "24/12/2099" })).toEqual([MAILBOX_MESSAGES.vacationDateInvalid]);
    expect(messages({ ...base, start: "2099-12-31", end: "2099-12-24" })).toEqual([
      MAILBOX_MESSAGES.vacationEndBeforeStart,
    ]);
    expect(messages({ ...base, end: "2020-01-01" })).toEqual([MAILBOX_MESSAGES.vacationEndPassed]);
    // Turned off, a past end is only kept.
    expect(messages({ ...base, enabled: false, end: "2020-01-01" })).toBeNull();
    expect(messages({ subject: "x", message: "y" })?.length).toBe(1);
  });
});
