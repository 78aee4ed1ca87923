import { describe, expect, it } from "vitest";
import type { Media } from "./blocks.ts";
import { writeFrenchSite } from "./french-site-writer.ts";
import { kozaPages } from "./page-blocks.ts";
import { answers } from "./test-support.ts";

const photo = (n: number): Media => ({
  id: 40 + n,
  url: `http://payet.localhost:8080/wp-content/uploads/koza-1-photo-${n}.jpg`,
  alt: `Boulangerie Payet : réalisation ${n}`,
});

describe("the five pages as blocks", () => {
  it("are Accueil, À propos, Services, Réalisations and Contact, with the photos where they belong", () => {
    const data = answers();
    const pages = kozaPages(data, writeFrenchSite(data), [photo(1), photo(2), photo(3)]);
    expect(pages.map((p) => [p.slug, p.title, p.menuOrder])).toEqual([
      ["accueil", "Accueil", 1],
      ["a-propos", "À propos", 2],
      ["services", "Services", 3],
      ["realisations", "Réalisations", 4],
      ["contact", "Contact", 5],
    ]);
    const [home, about, services, gallery, contact] = pages.map((p) => p.content) as [
      string,
      string,
      string,
      string,
      string,
    ];
    expect(pages[0]?.template).toBe("page-no-title");
    expect(home).toContain(
      '<!-- wp:cover {"url":"http://payet.localhost:8080/wp-content/uploads/koza-1-photo-1.jpg","id":41',
    );
    for (const service of data.services) {
      expect(home).toContain(service);
      expect(services).toContain(service);
    }
    expect(about).toContain("Nos valeurs");
    expect(pages[1]?.featured?.id).toBe(42);
    expect(gallery).toContain("wp-block-gallery");
    expect(gallery.match(/wp-image-4[123]/g)).toHaveLength(3);
    expect(contact).toContain('<a href="tel:0262000000">0262 00 00 00</a>');
    expect(contact).toContain('<a href="mailto:contact@payet.re">contact@payet.re</a>');
    expect(contact).toContain("Horaires : Du mardi au dimanche, 6h-19h");
  });

  it("still make a whole site without any photo", () => {
    const data = answers({ contactInfo: { phone: "0262 00 00 00", email: "a@b.re", address: "Saint-Paul" } });
    const pages = kozaPages(data, writeFrenchSite(data), []);
    expect(pages[0]?.content).toContain("wp-block-cover");
    expect(pages[0]?.content).not.toContain("<img");
    expect(pages[3]?.content).toContain("Les photos de nos réalisations seront bientôt en ligne.");
    expect(pages[4]?.content).not.toContain("Horaires");
  });

  it("escape what the customer typed: no markup, no early end of a block comment", () => {
    const hostile = '<script>alert("x")</script> --> & Co';
    const data = answers({ businessName: hostile, services: [hostile, "B", "C"] });
    const content = kozaPages(data, writeFrenchSite(data), [{ ...photo(1), alt: hostile }])
      .map((p) => p.content)
      .join("\n");
    expect(content).not.toContain("<script>");
    expect(content).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; --&gt; &amp; Co");
    // Every "-->" closes a block comment: none comes from the customer's words.
    for (const comment of content.match(/<!--[\s\S]*?-->/g) ?? []) {
      expect(comment).toMatch(/^<!-- \/?wp:[a-z/-]+( \{.*\})?( \/)? -->$/);
    }
  });
});
