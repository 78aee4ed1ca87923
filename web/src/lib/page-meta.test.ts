import { describe, expect, it } from "vitest";
import { pageMeta } from "./page-meta";

describe("pageMeta", () => {
  it("gives a public page its title, description, canonical URL and sharing tags", () => {
    const meta = pageMeta({ title: "Nos services", description: "Le détail.", path: "/services" });
    expect(meta).toContainEqual({ title: "Nos services | Lagon Digital" });
    expect(meta).toContainEqual({ name: "description", content: "Le détail." });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "http://localhost:3000/services",
    });
    expect(meta).toContainEqual({ property: "og:url", content: "http://localhost:3000/services" });
    expect(meta).toContainEqual({ property: "og:title", content: "Nos services | Lagon Digital" });
    expect(meta).toContainEqual({ property: "og:locale", content: "fr_FR" });
    expect(meta.some((m) => "name" in m && m.name === "robots")).toBe(false);
  });

  it("keeps private pages out of search engines, without canonical URL", () => {
    const meta = pageMeta({ title: "Votre commande", description: "Suivi.", noIndex: true });
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
    expect(meta.some((m) => "tagName" in m)).toBe(false);
  });

  it("adds each structured data block as a JSON-LD script", () => {
    const data = { "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [] };
    expect(pageMeta({ title: "Accueil", description: "x", path: "/", jsonLd: [data] })).toContainEqual({
      "script:ld+json": data,
    });
  });
});
