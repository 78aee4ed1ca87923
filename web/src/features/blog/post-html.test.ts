import { featuredImage } from "@lagon/contracts/blog-post";
import { describe, expect, it } from "vitest";
import { safePostHtml, safeTitleHtml } from "./post-html";
import { cardExcerpt, htmlToText } from "./post-text";

describe("cardExcerpt", () => {
  it("strips the tags, decodes the entities and cuts at 150 characters on a word boundary", () => {
    const html =
      "<p>Bouche-à-oreille, page Facebook, annuaire papier&#8230; Beaucoup d&rsquo;entreprises réunionnaises se demandent si un site internet vaut encore la peine. Voici pourquoi la réponse est oui.</p>\n";
    const excerpt = cardExcerpt(html);
    expect(excerpt).toBe(
      "Bouche-à-oreille, page Facebook, annuaire papier… Beaucoup d’entreprises réunionnaises se demandent si un site internet vaut encore la peine. Voici…",
    );
    expect(excerpt.length - 1).toBeLessThanOrEqual(150);
  });

  it("keeps a short excerpt whole and a word that ends exactly at the limit", () => {
    expect(cardExcerpt("<p>Court &amp; clair.</p>")).toBe("Court & clair.");
    expect(cardExcerpt("abc def ghi", 7)).toBe("abc def…");
  });
});

describe("sanitizing the blog's HTML", () => {
  it("removes scripts and event handlers from the content, keeps the article's markup", () => {
    const html = safePostHtml(
      '<h2>Titre</h2><p onclick="alert(1)">Texte <a href="/articles/x">lien</a></p><script>alert(1)</script><img src="x" onerror="alert(1)"><iframe src="https://evil"></iframe>',
    );
    expect(html).toBe('<h2>Titre</h2><p>Texte <a href="/articles/x">lien</a></p><img src="x">');
  });

  it("keeps a title to its text and inline emphasis", () => {
    expect(safeTitleHtml('L&rsquo;e-mail <em>pro</em><img src=x onerror="alert(1)">')).toBe(
      "L’e-mail <em>pro</em>",
    );
    expect(htmlToText("Le &laquo;&nbsp;.re&nbsp;&raquo;\n  suivant")).toBe("Le «\u00a0.re\u00a0» suivant");
  });
});

describe("featuredImage", () => {
  it("gives the image, its size and the sizes of the same shape for srcset", () => {
    const sizes = {
      thumbnail: { source_url: "/u/a-150x150.webp", width: 150, height: 150 },
      medium: { source_url: "/u/a-300x158.webp", width: 300, height: 158 },
      full: { source_url: "/u/a.webp", width: 1200, height: 630 },
    };
    const image = featuredImage({
      id: 1,
      slug: "a",
      date: "2026-01-01T09:00:00",
      title: { rendered: "A" },
      excerpt: { rendered: "" },
      content: { rendered: "" },
      _embedded: {
        "wp:featuredmedia": [
          { source_url: "/u/a.webp", alt_text: "Alt", media_details: { width: 1200, height: 630, sizes } },
        ],
      },
    });
    expect(image).toEqual({
      src: "/u/a.webp",
      srcSet: "/u/a-300x158.webp 300w, /u/a.webp 1200w",
      width: 1200,
      height: 630,
      alt: "Alt",
    });
  });
});
