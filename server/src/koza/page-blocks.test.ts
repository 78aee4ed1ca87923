import { describe, expect, it } from "vitest";
import type { Media } from "./blocks.ts";
import { writeFrenchSite } from "./french-site-writer.ts";
import { kozaPages } from "./page-blocks.ts";
import { imageRequests, pageImages } from "./site-images.ts";
import { answers } from "./test-support.ts";

const photo = (n: number): Media => ({
  id: 40 + n,
  url: `http://payet.localhost:8080/wp-content/uploads/koza-1-photo-${n}.jpg`,
  alt: `Boulangerie Payet : réalisation ${n}`,
});
/** The pictures of a site with these uploaded photos, the missing ones made (ids from 100). */
const images = (data: ReturnType<typeof answers>, photos: Media[]) =>
  pageImages(
    photos,
    new Map(
      imageRequests(data, photos.length).map((r, i) => [
        r.slot,
        {
          id: 100 + i,
          url: `http://payet.localhost:8080/wp-content/uploads/koza-1-image-${r.slot}.jpg`,
          alt: r.alt,
        },
      ]),
    ),
  );

describe("the five pages as blocks", () => {
  it("are Accueil, À propos, Services, Réalisations and Contact, with the photos where they belong", () => {
    const data = answers();
    const pages = kozaPages(data, writeFrenchSite(data), images(data, [photo(1), photo(2), photo(3)]));
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

  it("without any photo, show made pictures on every page but the contact page", () => {
    const data = answers({ contactInfo: { phone: "0262 00 00 00", email: "a@b.re", address: "Saint-Paul" } });
    const pages = kozaPages(data, writeFrenchSite(data), images(data, []));
    const [home, about, services, gallery, contact] = pages.map((p) => p.content) as [
      string,
      string,
      string,
      string,
      string,
    ];
    expect(home).toMatch(/wp-block-cover[^>]*><img[^>]+koza-1-image-hero\.jpg/);
    expect(home).toContain("koza-1-image-about.jpg");
    expect(pages[1]?.featured?.alt).toBe("L'univers de Boulangerie Payet");
    expect(about).toContain("Nos valeurs");
    for (const [i, service] of data.services.entries()) {
      expect(services).toContain(`koza-1-image-service-${i + 1}.jpg`);
      expect(services).toContain(`alt="${service}, par Boulangerie Payet"`);
    }
    // The gallery: the three services' pictures and three more, never a "coming soon" notice.
    expect(gallery).toContain("wp-block-gallery");
    expect(gallery.match(/<img /g)).toHaveLength(6);
    expect(gallery).not.toContain("bientôt");
    expect(contact).not.toContain("<img");
    expect(contact).not.toContain("Horaires");
  });

  it("put the customer's photos first and make only the missing pictures", () => {
    const data = answers();
    expect(imageRequests(data, 1).map((r) => r.slot)).toEqual([
      "about",
      "service-2",
      "service-3",
      "gallery-1",
      "gallery-2",
    ]);
    expect(imageRequests(data, 5)).toEqual([]);
    const pages = kozaPages(data, writeFrenchSite(data), images(data, [photo(1)]));
    expect(pages[0]?.content).toContain('"id":41');
    const gallery = pages[3]?.content as string;
    expect(gallery.indexOf("koza-1-photo-1.jpg")).toBeLessThan(gallery.indexOf("koza-1-image-gallery-1.jpg"));
    expect(gallery.match(/<img /g)).toHaveLength(3);
  });

  it("escape what the customer typed: no markup, no early end of a block comment", () => {
    const hostile = '<script>alert("x")</script> --> & Co';
    const data = answers({ businessName: hostile, services: [hostile, "B", "C"] });
    const content = kozaPages(data, writeFrenchSite(data), images(data, [{ ...photo(1), alt: hostile }]))
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
