import { describe, expect, it } from "vitest";
import { mailPlanChangeNotice, mailPlanChangeRefusal, mailPlanChangeWeighsUse } from "./mailboxes.ts";

const GO = 1024 ** 3;
const box = (address: string, usedBytes: number | null) => ({ address, usedBytes });

describe("what a plan change does to the site's mailboxes (decision 0105)", () => {
  it("refuses a move to smaller mailboxes while one stores more, naming it with what it stores", () => {
    const boxes = [
      box("contact@payet.fr", 6.2 * GO),
      box("devis@payet.fr", 1 * GO),
      box("rh@payet.fr", null),
    ];
    expect(mailPlanChangeRefusal("starter", boxes, [])).toBe(
      "Avec la formule Starter, chaque adresse e-mail a 5 Go : cette adresse en stocke davantage, videz-la d'abord (supprimez ou déplacez des messages) : contact@payet.fr (6,2 Go).",
    );
    expect(mailPlanChangeRefusal("starter", [box("contact@payet.fr", 5 * GO)], [])).toBeNull();
    // Business's mailboxes hold what any Starter one does; its aliases never block a plan with mail.
    expect(mailPlanChangeRefusal("business", boxes, ["info@payet.fr"])).toBeNull();
  });

  it("weighs what the mailboxes store only when the new plan has room for them but less storage", () => {
    // Business to Starter: 10 Go mailboxes into 5 Go ones.
    expect(mailPlanChangeWeighsUse("starter", [10 * GO, 10 * GO])).toBe(true);
    // Libre to Starter with the 10 Go mailboxes a Stripe switch left (decision 0110): the same.
    expect(mailPlanChangeWeighsUse("starter", [10 * GO])).toBe(true);
    // Too many for Starter: the count refuses first, the mail host is not asked.
    expect(mailPlanChangeWeighsUse("starter", Array(6).fill(10 * GO))).toBe(false);
    expect(mailPlanChangeWeighsUse("starter", [5 * GO])).toBe(false);
    expect(mailPlanChangeWeighsUse("business", [5 * GO])).toBe(false);
    expect(mailPlanChangeWeighsUse("libre", [10 * GO])).toBe(false);
    expect(mailPlanChangeWeighsUse("starter", [])).toBe(false);
  });

  it("says a single mailbox in the singular, and a plan without any change as nothing", () => {
    expect(mailPlanChangeNotice("business", "starter", 1, "le 22 décembre 2026")).toBe(
      "La formule Starter comprend 5 adresses e-mail de 5 Go (au lieu de 10 de 10 Go) : votre adresse e-mail est gardée, avec ses messages, et passe à 5 Go le 22 décembre 2026.",
    );
    expect(mailPlanChangeNotice("libre", "business", 0, "tout de suite")).toBe(
      "La formule Business comprend 10 adresses e-mail de 10 Go.",
    );
    expect(mailPlanChangeNotice("starter", "libre", 0, "le 22 décembre 2026")).toBe(
      "La formule Libre ne comprend pas d'adresse e-mail : vous ne pourrez plus en créer.",
    );
    expect(mailPlanChangeNotice("starter", "starter", 3, "tout de suite")).toBeNull();
  });
});
