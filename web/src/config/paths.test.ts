import { describe, expect, it } from "vitest";
import { paths } from "./paths";

describe("paths", () => {
  it("builds the private pages with their token in the query string", () => {
    expect(paths.dashboard("ord_1", "t0k")).toBe("/dashboard/ord_1?token=t0k");
    expect(paths.kozaQuestionnaire("ord_1", "t0k")).toBe("/koza-questionnaire?orderId=ord_1&token=t0k");
    expect(paths.adminOrders("a b")).toBe("/admin?token=a+b");
    expect(paths.adminAnalytics("x")).toBe("/admin/analytics?token=x");
    expect(paths.adminEmailTemplates("x")).toBe("/admin/email-templates?token=x");
    expect(paths.adminChat("x")).toBe("/admin/chat?token=x");
  });

  it("encodes path segments", () => {
    expect(paths.dashboard("a/b", "t")).toBe("/dashboard/a%2Fb?token=t");
    expect(paths.article("été à la plage")).toBe("/articles/%C3%A9t%C3%A9%20%C3%A0%20la%20plage");
  });

  it("builds anchors and contact links", () => {
    expect(paths.service("support-details")).toBe("/services#support-details");
    expect(paths.mailto("contact@lagon-digital.re")).toBe("mailto:contact@lagon-digital.re");
    expect(paths.tel("+262 262 00 00 00")).toBe("tel:+262262000000");
  });
});
