import { describe, expect, it } from "vitest";
import { SITE_MAIL_MESSAGES } from "./site-mail.ts";
import { SetContactEmailBody } from "./site-mail-schemas.ts";

describe("the contact form's address", () => {
  it("is trimmed and lower-cased", () => {
    expect(SetContactEmailBody.parse({ contact_email: "  Accueil@Fleurs.RE " })).toEqual({
      contact_email: "accueil@fleurs.re",
    });
  });

  it("is refused in French when missing, empty or of no e-mail shape", () => {
    const refusal = (body: unknown) => SetContactEmailBody.safeParse(body).error?.issues[0]?.message;
    expect(refusal({})).toBe(SITE_MAIL_MESSAGES.contactRequired);
    expect(refusal({ contact_email: "  " })).toBe(SITE_MAIL_MESSAGES.contactRequired);
    for (const bad of ["accueil", "a@b", "a b@c.re", "a@b.re\nBcc: x@y.re", `${"a".repeat(250)}@b.re`]) {
      expect(refusal({ contact_email: bad })).toBe(SITE_MAIL_MESSAGES.contactInvalid);
    }
  });
});
