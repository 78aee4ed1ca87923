import { describe, expect, it } from "vitest";
import { escapeHtml, htmlToText, truncateText } from "./html-text.ts";
import { markdownToBlocks } from "./markdown-blocks.ts";
import { parseSeedArticle, readSeedArticles } from "./seed-articles.ts";

describe("the seed articles", () => {
  const articles = readSeedArticles();

  it("are at least twelve genuine articles of 400 to 900 words, with unique slugs", () => {
    expect(articles.length).toBeGreaterThanOrEqual(12);
    expect(new Set(articles.map((a) => a.slug)).size).toBe(articles.length);
    for (const a of articles) {
      expect(a.words, a.slug).toBeGreaterThanOrEqual(400);
      expect(a.words, a.slug).toBeLessThanOrEqual(900);
      expect(a.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(a.content.match(/<h2 /g)?.length ?? 0, a.slug).toBeGreaterThanOrEqual(3);
      expect(a.excerpt.length, a.slug).toBeGreaterThan(100);
      expect(Date.parse(a.date)).toBeLessThanOrEqual(Date.now());
    }
  });

  it("link only to articles that exist", () => {
    const slugs = new Set(articles.map((a) => a.slug));
    const links = articles.flatMap((a) =>
      [...a.content.matchAll(/href="\/articles\/([^"]+)"/g)].map((m) => m[1]),
    );
    expect(links.length).toBeGreaterThan(10);
    for (const slug of links) expect(slugs, slug).toContain(slug);
  });

  it("never publish in the future, and refuse a file without its header", () => {
    const future = parseSeedArticle(
      "---\nslug: a\ntitle: L'idée : b\ndate: 2999-01-01\ncategory: C\ntags: x, y\nexcerpt: E\n---\nTexte.",
      "a.md",
    );
    expect(future.title).toBe("L’idée\u00a0: b");
    expect(future.tags).toEqual(["x", "y"]);
    expect(Date.parse(future.date)).toBeLessThanOrEqual(Date.now());
    expect(() => parseSeedArticle("# Titre\n\nTexte.", "b.md")).toThrow(
      "b.md: header between --- lines missing",
    );
  });
});

describe("markdownToBlocks", () => {
  it("writes headings, paragraphs, lists, bold and links as WordPress blocks, escaping the rest", () => {
    const html = markdownToBlocks(
      "## Titre\n\nUn **mot** et un [lien](/articles/x)\nsur deux lignes <b>.\n\n- un\n- deux\n\n1. premier\n2. second\n\n### Sous-titre",
    );
    expect(html).toBe(
      [
        '<!-- wp:heading -->\n<h2 class="wp-block-heading">Titre</h2>\n<!-- /wp:heading -->',
        '<!-- wp:paragraph -->\n<p>Un <strong>mot</strong> et un <a href="/articles/x">lien</a> sur deux lignes &lt;b&gt;.</p>\n<!-- /wp:paragraph -->',
        '<!-- wp:list -->\n<ul class="wp-block-list"><!-- wp:list-item -->\n<li>un</li>\n<!-- /wp:list-item -->\n<!-- wp:list-item -->\n<li>deux</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->',
        '<!-- wp:list {"ordered":true} -->\n<ol class="wp-block-list"><!-- wp:list-item -->\n<li>premier</li>\n<!-- /wp:list-item -->\n<!-- wp:list-item -->\n<li>second</li>\n<!-- /wp:list-item --></ol>\n<!-- /wp:list -->',
        '<!-- wp:heading {"level":3} -->\n<h3 class="wp-block-heading">Sous-titre</h3>\n<!-- /wp:heading -->',
      ].join("\n\n"),
    );
  });
});

describe("html text helpers", () => {
  it("turn WordPress HTML into text", () => {
    expect(
      htmlToText("<p>L&rsquo;e-mail &#8220;pro&#8221; &amp; le &laquo;&nbsp;.re&nbsp;&raquo;&#x2026;</p>\n"),
    ).toBe("L’e-mail “pro” & le «\u00a0.re\u00a0»…");
    expect(htmlToText("&bogus; &#0;")).toBe("&bogus; &#0;");
  });

  it("cut on a word boundary with an ellipsis", () => {
    expect(truncateText("court", 10)).toBe("court");
    expect(truncateText("Un site internet, pour quoi faire ?", 20)).toBe("Un site internet…");
    expect(truncateText("Anticonstitutionnellement", 10)).toBe("Anticonst…");
  });

  it("escape text for HTML", () => {
    expect(escapeHtml(`<a href="x">l'"&</a>`)).toBe(
      "&#60;a href=&#34;x&#34;&#62;l&#39;&#34;&#38;&#60;/a&#62;",
    );
  });
});
