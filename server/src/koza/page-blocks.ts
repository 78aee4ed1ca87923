import type { KozaData } from "@lagon/contracts/koza-schemas";
import {
  buttons,
  columns,
  cover,
  esc,
  gallery,
  heading,
  image,
  link,
  list,
  type Media,
  mediaText,
  paragraph,
  section,
} from "./blocks.ts";
import { isDark, textOn } from "./colors.ts";
import type { SiteContent } from "./site-content.ts";
import type { PageImages } from "./site-images.ts";

export interface KozaPage {
  /** Koza's pages are found again by slug, so a new run updates them instead of adding more. */
  slug: string;
  title: string;
  content: string;
  menuOrder: number;
  /** A Twenty Twenty-Five page template; the home page shows no title above its banner. */
  template: string;
  featured?: Media;
}

export const KOZA_PAGE_SLUGS = ["accueil", "a-propos", "services", "realisations", "contact"] as const;

/** The five pages as Gutenberg blocks: words from the writer, the customer's photos first, then made pictures. */
export function kozaPages(data: KozaData, text: SiteContent, images: PageImages): KozaPage[] {
  const c = data.contactInfo;
  // The call-to-action band is the primary colour: its text must stay readable on it.
  const onPrimary = textOn(data.colors.primary) === "#ffffff" ? "base" : "contrast";
  const overPrimary = onPrimary === "base" ? "contrast" : "base";
  const callToAction = (title: string, body: string) =>
    section(
      [
        heading(title, { align: "center", color: onPrimary }),
        paragraph(body, { align: "center" }),
        buttons(
          [{ label: "Nous contacter", href: "/contact/", background: onPrimary, text: overPrimary }],
          "center",
        ),
      ],
      { background: "accent-1", text: onPrimary },
    );
  const tel = `tel:${c.phone.replace(/[^\d+]/g, "")}`;

  const home = [
    cover(
      [
        heading(text.home.headline, { level: 1, align: "center" }),
        paragraph(text.home.lead, { align: "center", size: "large" }),
        buttons(
          [
            { label: "Nous contacter", href: "/contact/" },
            { label: "Nos services", href: "/services/", outline: true },
          ],
          "center",
        ),
      ],
      { media: images.hero, overlay: "accent-3", dark: isDark(data.colors.secondary) },
    ),
    section([paragraph(text.home.intro, { size: "large" })]),
    section(
      [
        heading(text.home.servicesTitle, { align: "center" }),
        columns(
          text.services.items.map((item, i) => [
            heading(item.title, { level: 3 }),
            paragraph(text.home.serviceTeasers[i] ?? ""),
          ]),
          true,
        ),
        buttons([{ label: "Découvrir nos services", href: "/services/", outline: true }], "center"),
      ],
      { background: "accent-5" },
    ),
    section([mediaText(images.about, [heading(text.home.whyTitle), paragraph(text.home.why)])]),
    callToAction(text.home.callToAction.title, text.home.callToAction.text),
  ];

  const about = [
    heading(text.about.title),
    ...text.about.paragraphs.map((p) => paragraph(p)),
    heading("Nos valeurs"),
    columns(text.about.values.map((v) => [heading(v.title, { level: 3 }), paragraph(v.text)])),
    buttons([{ label: "Voir nos réalisations", href: "/realisations/" }]),
  ];

  const services = [
    paragraph(text.services.intro, { size: "large" }),
    ...text.services.items.map((item, i) => {
      const picture = images.services[i];
      const words = [heading(item.title), paragraph(item.text)];
      return picture ? mediaText(picture, words, i % 2 === 1) : words.join("\n\n");
    }),
    heading(text.services.callToAction.title),
    paragraph(text.services.callToAction.text),
    buttons([{ label: "Demander un renseignement", href: "/contact/" }]),
  ];

  const realisations = [
    paragraph(text.gallery.intro, { size: "large" }),
    images.gallery.length > 1 ? gallery(images.gallery) : image(images.hero),
    buttons([{ label: "Parlons de votre projet", href: "/contact/" }]),
  ];

  const contact = [
    paragraph(text.contact.intro, { size: "large" }),
    heading(text.contact.title),
    list([
      `Téléphone : ${link(c.phone, tel)}`,
      `E-mail : ${link(c.email, `mailto:${c.email}`)}`,
      `Adresse : ${esc(c.address)}`,
      ...(c.hours ? [`Horaires : ${esc(c.hours)}`] : []),
    ]),
    buttons([
      { label: "Appeler", href: tel },
      { label: "Écrire un e-mail", href: `mailto:${c.email}`, outline: true },
    ]),
    paragraph(text.contact.closing),
  ];

  const page = (
    slug: (typeof KOZA_PAGE_SLUGS)[number],
    title: string,
    blocks: string[],
    extra: Partial<KozaPage> = {},
  ): KozaPage => ({
    slug,
    title,
    content: blocks.join("\n\n"),
    menuOrder: KOZA_PAGE_SLUGS.indexOf(slug) + 1,
    template: "",
    ...extra,
  });
  return [
    page("accueil", "Accueil", home, { template: "page-no-title" }),
    page("a-propos", "À propos", about, { featured: images.about }),
    page("services", "Services", services),
    page("realisations", "Réalisations", realisations),
    page("contact", "Contact", contact),
  ];
}
