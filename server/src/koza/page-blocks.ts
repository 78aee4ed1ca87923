import type { KozaData } from "@lagon/contracts/koza";
import type { SiteContent } from "./site-content.ts";

export interface Media {
  id: number;
  source_url: string;
}

const esc = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
const heading = (text: string, level = 2) =>
  `<!-- wp:heading${level === 2 ? "" : ` {"level":${level}}`} -->\n<h${level} class="wp-block-heading">${esc(text)}</h${level}>\n<!-- /wp:heading -->`;
const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${esc(text)}</p>\n<!-- /wp:paragraph -->`;
const image = (m: Media) =>
  `<!-- wp:image {"id":${m.id},"sizeSlug":"large","linkDestination":"none"} -->\n<figure class="wp-block-image size-large"><img src="${esc(m.source_url)}" alt="" class="wp-image-${m.id}"/></figure>\n<!-- /wp:image -->`;
const list = (items: string[]) =>
  `<!-- wp:list -->\n<ul class="wp-block-list">${items.map((i) => `<!-- wp:list-item -->\n<li>${esc(i)}</li>\n<!-- /wp:list-item -->`).join("\n")}</ul>\n<!-- /wp:list -->`;
const button = (label: string, url: string) =>
  `<!-- wp:buttons -->\n<div class="wp-block-buttons"><!-- wp:button -->\n<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="${esc(url)}">${esc(label)}</a></div>\n<!-- /wp:button --></div>\n<!-- /wp:buttons -->`;

export interface KozaPage {
  slug: string;
  title: string;
  content: string;
  order: number;
}

/** The five pages, as Gutenberg blocks. Slugs identify Koza's pages, so a new run replaces them. */
export function kozaPages(data: KozaData, text: SiteContent, photos: Media[]): KozaPage[] {
  const [first, ...rest] = photos;
  const c = data.contactInfo;
  return [
    {
      slug: "accueil",
      title: "Accueil",
      order: 1,
      content: [
        heading(text.home.headline),
        paragraph(text.home.intro),
        ...(first ? [image(first)] : []),
        heading("Nos points forts", 3),
        list(text.home.highlights),
        button("Contactez-nous", "/contact/"),
      ].join("\n\n"),
    },
    {
      slug: "a-propos",
      title: "À propos",
      order: 2,
      content: [heading(`À propos de ${data.businessName}`), ...text.about.paragraphs.map(paragraph)].join(
        "\n\n",
      ),
    },
    {
      slug: "services",
      title: "Services",
      order: 3,
      content: [
        heading("Nos services"),
        ...text.services.flatMap((s) => [heading(s.title, 3), paragraph(s.description)]),
        button("Demander un devis", "/contact/"),
      ].join("\n\n"),
    },
    {
      slug: "realisations",
      title: "Réalisations",
      order: 4,
      content: [
        heading("Nos réalisations"),
        paragraph(text.gallery.intro),
        ...[first, ...rest].filter(Boolean).map((m) => image(m as Media)),
      ].join("\n\n"),
    },
    {
      slug: "contact",
      title: "Contact",
      order: 5,
      content: [
        heading("Contactez-nous"),
        paragraph(text.contact.intro),
        list([
          `Téléphone : ${c.phone}`,
          `E-mail : ${c.email}`,
          `Adresse : ${c.address}`,
          ...(c.hours ? [`Horaires : ${c.hours}`] : []),
        ]),
      ].join("\n\n"),
    },
  ];
}
