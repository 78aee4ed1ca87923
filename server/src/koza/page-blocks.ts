import type { KozaData } from "@lagon/contracts/koza-schemas";
import { BOOKING_PATH } from "../booking/booking-site-page.ts";
import {
  buttons,
  columns,
  contactForm,
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
import { typeset } from "./french-typography.ts";
import type { SiteContent } from "./site-content.ts";
import type { PageImages } from "./site-images.ts";
import { lower, tradeOf } from "./trade.ts";

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

/** Shown only to a logged-in user (the owner) by the theme's styles: see `themeStyles`. */
export const ADMIN_ONLY = "koza-admin-only";

export const KOZA_PAGE_SLUGS = ["accueil", "a-propos", "services", "realisations", "contact"] as const;

/** Without any photo, the Réalisations page is titled after what it shows: the way of working. */
export const WAY_OF_WORKING = "Comment ça se passe";

/**
 * The five pages as Gutenberg blocks: words from the writer, the customer's photos first, then
 * made pictures. With online booking (`booking`), a trade that works by appointment sends its
 * main button to the "Réservation" page instead of the contact page.
 */
export function kozaPages(
  data: KozaData,
  text: SiteContent,
  images: PageImages,
  opts: { booking?: boolean } = {},
): KozaPage[] {
  const c = data.contactInfo;
  const trade = tradeOf(data);
  const online = opts.booking && trade.kind === "appointment";
  const action = online ? BOOKING_PATH : "/contact/";
  // The site's booking page takes appointments, not tables: beside it, a restaurant's button says
  // where it really leads (the contact page, where a table is booked by phone).
  const our = trade.solo ? "mes" : "nos";
  const label =
    opts.booking && trade.kind === "restaurant"
      ? trade.solo
        ? "Me contacter"
        : "Nous contacter"
      : trade.action;
  // Booked online, the invitations say so instead of asking to call for a slot.
  const bookOnline = typeset(
    `Choisissez en ligne un créneau libre : la confirmation arrive aussitôt par e-mail. Une question ? Appelez le ${c.phone.trim()}.`,
  );
  const invitation = online ? bookOnline : text.home.callToAction.text;
  const photos = images.gallery.length > 0;
  // The call-to-action band is the primary colour: its text must stay readable on it.
  const onPrimary = textOn(data.colors.primary) === "#ffffff" ? "base" : "contrast";
  const overPrimary = onPrimary === "base" ? "contrast" : "base";
  // Without `body`, the band only invites: the page above already said how (the way of working).
  const callToAction = (title: string, body?: string) =>
    section(
      [
        heading(title, { align: "center", color: onPrimary }),
        ...(body ? [paragraph(body, { align: "center" })] : []),
        buttons([{ label, href: action, background: onPrimary, text: overPrimary }], "center"),
      ],
      { background: "accent-1", text: onPrimary },
    );
  const tel = `tel:${c.phone.replace(/[^\d+]/g, "")}`;

  const home = [
    cover(
      [
        heading(text.home.headline, { level: 1, align: "center", name: data.businessName }),
        // The banner's line, kept like its title: no short word at the end of a line.
        paragraph(text.home.lead, { align: "center", size: "large", title: true }),
        buttons(
          [
            { label, href: action },
            { label: capitalize(`${our} ${trade.offer}`), href: "/services/", outline: true },
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
        buttons([{ label: `Découvrir ${our} ${trade.offer}`, href: "/services/", outline: true }], "center"),
      ],
      { background: "accent-5" },
    ),
    section([mediaText(images.about, [heading(text.home.whyTitle), paragraph(text.home.why)])]),
    callToAction(text.home.callToAction.title, invitation),
  ];

  const about = [
    heading(text.about.title, { name: data.businessName }),
    ...text.about.paragraphs.map((p) => paragraph(p)),
    heading(capitalize(`${our} valeurs`)),
    columns(text.about.values.map((v) => [heading(v.title, { level: 3 }), paragraph(v.text)])),
    buttons([{ label: photos ? `Voir ${our} réalisations` : WAY_OF_WORKING, href: "/realisations/" }]),
  ];

  const services = [
    paragraph(text.services.intro, { size: "large" }),
    // In a band of their own: the intro above and the invitation below keep their distance.
    section(
      text.services.items.map((item, i) => {
        const picture = images.services[i];
        const words = [heading(item.title), paragraph(item.text)];
        return picture ? mediaText(picture, words, i % 2 === 1) : words.join("\n\n");
      }),
    ),
    heading(text.services.callToAction.title),
    paragraph(online ? bookOnline : text.services.callToAction.text),
    buttons([{ label, href: action }]),
  ];

  // The customer's own photos above the way of working; without any, the page is the way of
  // working (and a word to the owner): never made pictures passed off as work.
  // Booked online, the first step says so too, like the buttons.
  const way = online
    ? [{ title: trade.steps[0]?.title ?? "", text: bookOnline }, ...trade.steps.slice(1)]
    : trade.steps;
  const steps = columns(
    way.map((step, i) => [heading(`${i + 1}. ${step.title}`, { level: 3 }), paragraph(step.text)]),
    true,
  );
  const realisations = [
    ...(photos
      ? [
          paragraph(text.gallery.intro, { size: "large" }),
          ...photoGallery(images.gallery),
          section([heading(WAY_OF_WORKING, { align: "center" }), steps], { background: "accent-5" }),
        ]
      : [
          // On the page's own background: the invitation's coloured band follows it.
          section([steps]),
          paragraph(
            `Vous seul voyez ce message, parce que vous êtes connecté à WordPress\u00a0: ajoutez ici les photos de votre travail. Dans ${link("Pages", "/wp-admin/edit.php?post_type=page")}, ouvrez «\u00a0${WAY_OF_WORKING}\u00a0» et ajoutez un bloc Galerie.`,
            { html: true, className: ADMIN_ONLY },
          ),
        ]),
    // The steps gave the hours and the phone: the band does not say them again.
    callToAction(text.home.callToAction.title),
  ];

  // Booked online, the contact page sends there too, not to a call for a slot.
  const contactIntro = online
    ? paragraph(
        typeset(
          `Pour prendre rendez-vous, choisissez un créneau libre sur la page ${link("Réservation", BOOKING_PATH)} : la confirmation arrive aussitôt par e-mail. Pour une question, appelez ou écrivez.`,
        ),
        { size: "large", html: true },
      )
    : paragraph(text.contact.intro, { size: "large" });
  const contact = [
    contactIntro,
    heading(text.contact.title),
    list([
      `Téléphone\u00a0: ${link(c.phone, tel)}`,
      `E-mail\u00a0: ${link(c.email, `mailto:${c.email}`)}`,
      `Adresse\u00a0: ${esc(c.address)}`,
      // "7h-17h" stays on one line (the list's `keepHyphens`); after the colon, "du mardi…" in lower case.
      ...(c.hours.trim() ? [`Horaires\u00a0: ${esc(lower(c.hours.trim()))}`] : []),
    ]),
    buttons([
      ...(online ? [{ label, href: action }] : []),
      { label: "Appeler", href: tel, outline: online },
      { label: "Écrire un e-mail", href: `mailto:${c.email}`, outline: true },
    ]),
    paragraph(text.contact.closing),
    contactForm(trade.solo),
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
    page("services", capitalize(trade.offer), services),
    page("realisations", photos ? "Réalisations" : WAY_OF_WORKING, realisations),
    page("contact", "Contact", contact),
  ];
}

/**
 * The customer's photos, in rows that stay even: one wide photo, two or three side by side,
 * four as two by two, five as one wide photo above two by two, six as two rows of three.
 */
export function photoGallery(photos: Media[]): string[] {
  const [first, ...others] = photos;
  if (!first) return [];
  if (photos.length === 1) return [image(first, true)];
  if (photos.length % 3 === 0) return [gallery(photos, 3)];
  return photos.length % 2 === 1 ? [image(first, true), gallery(others, 2)] : [gallery(photos, 2)];
}

/** The pages as made, for the e-mail that says the site is ready: "« Accueil », « À propos »… et « Contact »". */
export function pageList(titles: string[]): string {
  const quoted = titles.map((t) => `«\u00a0${t}\u00a0»`);
  return quoted.length < 2 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} et ${quoted.at(-1)}`;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
