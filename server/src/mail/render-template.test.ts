import { describe, expect, it } from "vitest";
import { renderTemplate, usedVariables } from "./render-template.ts";

describe("renderTemplate", () => {
  it("substitutes variables and escapes them in the HTML body", () => {
    const out = renderTemplate(
      { subject: "Bonjour {{customer_name}}", content: "<p>{{ customer_name }} — {{site_url}}</p>" },
      { customer_name: "<script>Zoé</script>", site_url: "http://a.localhost" },
    );
    expect(out.subject).toBe("Bonjour <script>Zoé</script>");
    expect(out.html).toBe("<p>&lt;script&gt;Zoé&lt;/script&gt; — http://a.localhost</p>");
  });

  it("keeps the subject on one line", () => {
    expect(renderTemplate({ subject: "{{a}}", content: "" }, { a: "x\r\nBcc: y" }).subject).toBe("x Bcc: y");
  });

  it("lists the variables a text uses", () => {
    expect(usedVariables("{{a}} {{ b }} {{a}}")).toEqual(["a", "b"]);
  });
});
