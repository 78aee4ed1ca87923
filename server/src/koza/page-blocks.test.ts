import { KOZA_STYLES } from "@lagon/contracts/koza";
import { describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES } from "../mail/default-templates.ts";
import { renderTemplate } from "../mail/render-template.ts";
import { heading, link, type Media, NAME, NO_WRAP, paragraph } from "./blocks.ts";
import { writeFrenchSite } from "./french-site-writer.ts";
import { ADMIN_ONLY, kozaPages, pageList, photoGallery, WAY_OF_WORKING } from "./page-blocks.ts";
import { imageRequests, pageImages } from "./site-images.ts";
import { answers, TRADES } from "./test-support.ts";
import { tradeOf } from "./trade.ts";

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

/** What a visitor reads: the blocks' text, without markup nor comments. */
const visible = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replaceAll("\u00a0", " ")
    .replace(/<\/?span[^>]*>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#039;", "'");

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
      expect(visible(home)).toContain(service);
      expect(visible(services)).toContain(service);
    }
    expect(about).toContain("Nos valeurs");
    expect(pages[1]?.featured?.id).toBe(42);
    expect(gallery).toContain("wp-block-gallery");
    expect(gallery.match(/wp-image-\d+/g)).toEqual(["wp-image-41", "wp-image-42", "wp-image-43"]);
    expect(contact).toContain('<a href="tel:0262000000">0262 00 00 00</a>');
    expect(contact).toContain('<a href="mailto:contact@payet.re">contact@payet.re</a>');
    expect(contact).toContain(`Horaires\u00a0: du mardi au dimanche, <span class="${NO_WRAP}">6h-19h</span>`);
    // The product's contact form (mu-plugin lagon-courriel.php) ends the page.
    expect(contact).toMatch(/\[lagon_formulaire_contact\]\n<!-- \/wp:shortcode -->$/);
  });

  it("without any photo, show made pictures on every page but Réalisations and Contact", () => {
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
    // Réalisations shows the customer's work or nothing pretending to be it, and no "coming soon" notice.
    expect(gallery).not.toContain("<img");
    expect(gallery).not.toContain("wp-block-gallery");
    expect(gallery).not.toContain("bientôt");
    expect(contact).not.toContain("<img");
    expect(contact).not.toContain("Horaires");
  });

  it("put the customer's photos first and make only the missing pictures", () => {
    const data = answers();
    expect(imageRequests(data, 0).map((r) => r.slot)).toEqual([
      "hero",
      "about",
      "service-1",
      "service-2",
      "service-3",
    ]);
    expect(imageRequests(data, 1).map((r) => r.slot)).toEqual(["about", "service-2", "service-3"]);
    expect(imageRequests(data, 3)).toEqual([]);
    const pages = kozaPages(data, writeFrenchSite(data), images(data, [photo(1)]));
    expect(pages[0]?.content).toContain('"id":41');
    // One photo: shown wide on Réalisations, never completed with made pictures.
    const gallery = pages[3]?.content as string;
    expect(gallery.match(/<img [^>]+>/g)).toEqual([expect.stringContaining("koza-1-photo-1.jpg")]);
    expect(gallery).not.toContain("wp-block-gallery");
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

  it.each([
    ["bakery", "Adresse et horaires"],
    ["hairdresser", "Prendre rendez-vous"],
    ["garage", "Prendre rendez-vous"],
    ["electrician", "Demander un devis"],
    ["restaurant", "Réserver une table"],
    ["accountant", "Prendre contact"],
  ] as const)("invite to the %s with a button that fits the trade: %s", (trade, action) => {
    const data = TRADES[trade];
    const pages = kozaPages(data, writeFrenchSite(data), images(data, []));
    const labels = pages.flatMap((p) =>
      [...p.content.matchAll(/wp-block-button__link[^>]*href="\/contact\/">([^<]+)</g)].map((m) => m[1]),
    );
    // The banner, the home page's last band, the services page and Réalisations.
    expect(labels).toEqual([action, action, action, action]);
    expect(pages.map((p) => p.content).join("\n")).not.toMatch(
      /Parlons de votre projet|Demander un renseignement/,
    );
  });

  it.each(Object.keys(TRADES) as (keyof typeof TRADES)[])(
    "without photos, make the %s's Réalisations page the way of working, with a word for the owner only",
    (trade) => {
      const data = TRADES[trade];
      const realisations = kozaPages(data, writeFrenchSite(data), images(data, []))[3]?.content as string;
      expect(realisations).not.toMatch(/<img|wp-block-gallery|wp:image|koza-1-image/);
      // Named after what it shows, in the menu too, and the "about" page's button says the same.
      const pages = kozaPages(data, writeFrenchSite(data), images(data, []));
      expect(pages[3]?.title).toBe(WAY_OF_WORKING);
      expect(pages[1]?.content).toContain(`href="/realisations/">${WAY_OF_WORKING}</a>`);
      expect(pages[1]?.content).not.toContain("Voir nos réalisations");
      expect(realisations).not.toMatch(/ [:;!?»]|« /);
      expect(realisations.match(/<h3 class="wp-block-heading">[123]\. /g)).toHaveLength(3);
      expect(realisations).toContain(`<!-- wp:paragraph {"className":"${ADMIN_ONLY}"} -->`);
      expect(realisations).toContain(`<p class="${ADMIN_ONLY}">Vous seul voyez ce message`);
      expect(realisations).toContain('href="/wp-admin/edit.php?post_type=page"');
      // With photos, the word for the owner is gone.
      const withPhoto = kozaPages(data, writeFrenchSite(data), images(data, [photo(1)]))[3]?.content;
      expect(withPhoto).not.toContain(ADMIN_ONLY);
    },
  );

  it.each([
    [1, [], 1],
    [2, [2], 0],
    [3, [3], 0],
    [4, [2], 0],
    [5, [2], 1],
    [6, [3], 0],
  ])("lay %i photos out in even rows", (count, galleryColumns, wideImages) => {
    const photos = Array.from({ length: count }, (_, i) => photo(i + 1));
    const blocks = photoGallery(photos).join("\n");
    expect([...blocks.matchAll(/columns-(\d)/g)].map((m) => Number(m[1]))).toEqual(galleryColumns);
    expect([...blocks.matchAll(/<!-- wp:gallery \{"columns":(\d)/g)].map((m) => Number(m[1]))).toEqual(
      galleryColumns,
    );
    // Wide photos stand on their own, as wide as the gallery; every photo is shown once, in order.
    expect(
      blocks.split("<!-- wp:gallery")[0]?.match(/wp-block-image alignwide size-large"><img /g) ?? [],
    ).toHaveLength(wideImages);
    expect(blocks.split("<!-- wp:gallery")[1] ?? "").not.toContain("wp-block-image alignwide");
    expect([...blocks.matchAll(/koza-1-photo-(\d)/g)].map((m) => Number(m[1]))).toEqual(
      photos.map((_, i) => i + 1),
    );
  });

  it("lay four photos out two by two on the Réalisations page", () => {
    const data = answers();
    const four = [1, 2, 3, 4].map(photo);
    const realisations = kozaPages(data, writeFrenchSite(data), images(data, four))[3]?.content as string;
    expect(realisations).toContain("wp-block-gallery alignwide has-nested-images columns-2 is-cropped");
    expect(realisations.match(/<img /g)).toHaveLength(4);
  });

  it("keep the title Réalisations when there are photos", () => {
    const data = answers();
    const pages = kozaPages(data, writeFrenchSite(data), images(data, [photo(1), photo(2)]));
    expect(pages[3]?.title).toBe("Réalisations");
    expect(pages[1]?.content).toContain('href="/realisations/">Voir nos réalisations</a>');
  });

  it("with online booking, send a trade that works by appointment to the Réservation page", () => {
    const targets = (data: ReturnType<typeof answers>, booking: boolean) =>
      kozaPages(data, writeFrenchSite(data), images(data, []), { booking })
        .flatMap((p) => [...p.content.matchAll(/wp-block-button__link[^>]*href="([^"]+)">([^<]+)</g)])
        .filter((m) => m[2] === tradeOf(data).action)
        .map((m) => m[1]);
    // Four invitations, and the contact page's first button.
    expect(targets(TRADES.hairdresser, true)).toEqual(Array(5).fill("/reservation/"));
    expect(targets(TRADES.hairdresser, false)).toEqual(Array(4).fill("/contact/"));
    // The invitations say it is booked online, not by calling for a slot.
    const booked = kozaPages(
      TRADES.hairdresser,
      writeFrenchSite(TRADES.hairdresser),
      images(TRADES.hairdresser, []),
      {
        booking: true,
      },
    );
    for (const i of [0, 2, 3]) {
      expect(booked[i]?.content).toContain("Choisissez en ligne un créneau libre\u00a0:");
      expect(booked[i]?.content).not.toContain("nous convenons ensemble");
    }
    // A bakery or a plumber is not booked by the slot: their button keeps its page.
    expect(targets(TRADES.bakery, true)).toEqual(Array(4).fill("/contact/"));
    expect(targets(TRADES.electrician, true)).toEqual(Array(4).fill("/contact/"));
    // The way of working says it too: the first step is the online booking, not a phone call.
    const way = booked[3]?.content
      .replace(/<[^>]+>/g, "")
      .split("1. Prenez rendez-vous")[1]
      ?.split("2. ")[0];
    expect(way).toContain("Choisissez en ligne un créneau libre");
    // The contact page sends to the booking page, not to a call for a slot.
    const contact = booked[4]?.content as string;
    expect(contact).toContain('sur la page <a href="/reservation/">Réservation</a>\u00a0:');
    expect(visible(contact)).not.toMatch(/vous propose un créneau/);
  });

  it("with online booking, never promise a restaurant's table: its button says where it leads", () => {
    const data = TRADES.restaurant;
    const buttonsOf = (booking: boolean) =>
      kozaPages(data, writeFrenchSite(data), images(data, []), { booking }).flatMap((p) =>
        [
          ...p.content.matchAll(/wp-block-button__link[^>]*href="(\/contact\/|\/reservation\/)">([^<]+)</g),
        ].map((m) => `${m[2]} → ${m[1]}`),
      );
    // The Réservation page books appointments: beside it, the button leads to the contact page, as it says.
    expect(buttonsOf(true)).toEqual(Array(4).fill("Nous contacter → /contact/"));
    expect(buttonsOf(true).join()).not.toMatch(/table/);
    // Without it, a table is booked by phone from the contact page.
    expect(buttonsOf(false)).toEqual(Array(4).fill("Réserver une table → /contact/"));
  });

  it.each(Object.keys(TRADES) as (keyof typeof TRADES)[])(
    "make the %s's site speak as « je » when its owner works alone, on every page and in every style",
    (trade) => {
      for (const style of KOZA_STYLES) {
        const data = answers({
          ...TRADES[trade],
          style,
          businessDescription: "Je travaille seule et je m'occupe de tout, de l'accueil au travail fini.",
          uniqueValue: "Je prends le temps d'écouter chaque client",
          targetAudience: "les familles",
        });
        for (const booking of [false, true]) {
          for (const photos of [[], [photo(1)]]) {
            const pages = kozaPages(data, writeFrenchSite(data), images(data, photos), { booking });
            const text = visible(pages.map((p) => `${p.title}\n${p.content}`).join("\n"));
            expect(text.match(/\b(nous|notre|nos)\b/gi), `${trade}, ${style}`).toBeNull();
            // Nor is the one person spoken of as someone else: "Mayotte Clim vous répond", "appelez Mayotte Clim".
            const name = data.businessName.replace(/^(le|la|les|l')\s*/i, "");
            expect(
              text.match(
                new RegExp(
                  `${name}\\s+(?:le |l'|vous |s'en )?(?:propose|répond|indique|occupe|fait|reçoit|attend|intervient|travaille|est à)|appelez (?:le |la |l')?${name}`,
                  "i",
                ),
              )?.[0],
              `${trade}, ${style}`,
            ).toBeUndefined();
            expect(text).toMatch(/\b(Je|je|Mes|mes|Ma|ma|Mon|mon)\b/);
          }
        }
      }
    },
  );

  it("say « Mes services » and « Mes valeurs » for one person, « Nos » for a team", () => {
    const alone = TRADES.aircon;
    const made = kozaPages(alone, writeFrenchSite(alone), images(alone, [photo(1)]));
    const [home, about] = made.map((p) => visible(p.content));
    // The contact form's own words (mu-plugin lagon-courriel.php) say "je" too.
    expect(made[4]?.content).toMatch(/\[lagon_formulaire_contact voix="je"\]\n<!-- \/wp:shortcode -->$/);
    expect(home).toContain("Mes services");
    expect(home).toContain("Découvrir mes services");
    expect(about).toContain("Mes valeurs");
    expect(about).toContain("Voir mes réalisations");
    const team = TRADES.garage;
    const [teamHome, teamAbout] = kozaPages(team, writeFrenchSite(team), images(team, [photo(1)])).map((p) =>
      visible(p.content),
    );
    expect(teamHome).toContain("Découvrir nos services");
    expect(teamAbout).toContain("Nos valeurs");
  });

  it("book a garage for work on the car, not for time in a salon chair", () => {
    for (const style of KOZA_STYLES) {
      const garage = answers({ ...TRADES.garage, style });
      const text = visible(
        kozaPages(garage, writeFrenchSite(garage), images(garage, []))
          .map((p) => p.content)
          .join("\n"),
      );
      expect(text).toContain("2. Déposez votre véhicule");
      expect(text).toContain("3. Récupérez-le");
      expect(text).not.toMatch(/précipitation|Prenez le temps|Dites-nous ce que vous souhaitez/);
    }
    // A hair salon keeps its own steps.
    const salon = TRADES.hairdresser;
    const realisations = kozaPages(salon, writeFrenchSite(salon), images(salon, []))[3]?.content as string;
    expect(visible(realisations)).toContain("3. Prenez le temps");
  });

  it("set the services apart from the intro and the invitation on their page, not glued to them", () => {
    const data = TRADES.restaurant;
    const services = kozaPages(data, writeFrenchSite(data), images(data, []))[2]?.content as string;
    const band = services.indexOf("<!-- wp:group");
    expect(band).toBeGreaterThan(0);
    expect(services.slice(0, band)).not.toContain("wp:media-text");
    const inside = services.slice(band, services.lastIndexOf("<!-- /wp:group -->"));
    expect(inside).toContain("var(--wp--preset--spacing--60)");
    expect(inside.match(/<!-- wp:media-text /g)).toHaveLength(3);
    expect(visible(services.slice(services.lastIndexOf("<!-- /wp:group -->")))).toContain(
      "Une table, un groupe",
    );
  });

  it("keep opening hours such as « 7h-17h » whole on the contact page, in lower case after the colon", () => {
    const contact = kozaPages(TRADES.aircon, writeFrenchSite(TRADES.aircon), images(TRADES.aircon, []))[4]
      ?.content as string;
    expect(contact).toContain(`Horaires\u00a0: du lundi au samedi, <span class="${NO_WRAP}">7h-17h</span>`);
  });

  it("call a restaurant's offer its « formules » everywhere, never « services » beside them", () => {
    const data = TRADES.restaurant;
    const pages = kozaPages(data, writeFrenchSite(data), images(data, []));
    expect(pages[2]?.title).toBe("Formules");
    const text = visible(pages.map((p) => p.content).join("\n"));
    expect(text).toContain("Nos formules");
    expect(text).toContain("Découvrir nos formules");
    expect(text).not.toMatch(/services/i);
  });

  it.each([
    [0, "bakery"],
    [4, "bakery"],
    [0, "hairdresser"],
    [3, "restaurant"],
  ] as const)("with %i photos, say the %s's hours and phone once on the Réalisations page", (n, trade) => {
    const data = TRADES[trade];
    const photos = Array.from({ length: n }, (_, i) => photo(i + 1));
    const page = kozaPages(data, writeFrenchSite(data), images(data, photos))[3]?.content as string;
    const text = visible(page).toLowerCase();
    const count = (needle: string) => text.split(needle.toLowerCase()).length - 1;
    expect(count(data.contactInfo.hours), data.contactInfo.hours).toBeLessThanOrEqual(1);
    expect(count(data.contactInfo.phone)).toBe(1);
    // The invitation band still closes the page, with its title and its button.
    expect(page.replace(/<[^>]+>/g, "")).toContain(writeFrenchSite(data).home.callToAction.title);
    expect(page.match(/wp-block-button__link[^>]*href="\/(contact|reservation)\/"/g)).toHaveLength(1);
  });

  it("never break a title after « Saint- »: a hyphenated place name stays whole on one line", () => {
    const data = answers({ businessName: "Le Fournil de Saint-Leu" });
    const home = kozaPages(data, writeFrenchSite(data), images(data, []))[0]?.content as string;
    const h1 = /<h1[^>]*>(.*?)<\/h1>/.exec(home)?.[1] ?? "";
    expect(h1).toContain(`<span class="${NO_WRAP}">de Saint-Leu</span>`);
    // The words stay as typed: "Saint-Leu", with its hyphen, for search and copy.
    expect(h1.replace(/<[^>]+>/g, "")).toContain("Le Fournil de Saint-Leu");
    expect(heading("Qui sommes-nous ?")).toContain(`<span class="${NO_WRAP}">sommes-nous</span> ?`);
  });

  it("never leave a short word at the end of a title's line: « à » goes down with « Saint-Paul »", () => {
    const data = answers({ style: "classic" });
    const home = kozaPages(data, writeFrenchSite(data), images(data, []))[0]?.content as string;
    const h1 = /<h1[^>]*>(.*?)<\/h1>/.exec(home)?.[1] ?? "";
    expect(h1).toBe(
      `<span class="${NAME}">Boulangerie Payet</span> <span class="${NO_WRAP}">à Saint-Paul</span>`,
    );
    expect(heading("Bienvenue chez Mayotte Clim")).toContain(
      `<span class="${NO_WRAP}">chez Mayotte</span> Clim`,
    );
    expect(heading("Pourquoi nous ?")).not.toContain(NO_WRAP);
    // Nor before a title's last word: "Avec / du caractère.", never "Avec du / caractère.".
    expect(heading("Avec du caractère, toujours")).toContain(
      `Avec <span class="${NO_WRAP}">du caractère</span>,`,
    );
    // A title's short last sentence stays whole: "Garage Hoarau. / Avec du caractère.".
    expect(heading("Garage Hoarau. Avec du caractère.")).toContain(
      `Garage Hoarau. <span class="${NO_WRAP}">Avec du caractère.</span>`,
    );
    expect(heading("Pain au levain")).toContain(`>Pain <span class="${NO_WRAP}">au levain</span></h2>`);
    expect(heading("Ce que nous faisons de mieux")).toContain(
      `faisons <span class="${NO_WRAP}">de mieux</span>`,
    );
    expect(heading("Réservez votre créneau\u00a0!")).toContain(
      `<span class="${NO_WRAP}">votre créneau</span>\u00a0!`,
    );
    // Every short word goes down with the word after it, in the middle of a title too.
    expect(heading("Le pain de chaque jour, pour vous")).toContain(
      `<span class="${NO_WRAP}">Le pain</span> <span class="${NO_WRAP}">de chaque</span> jour, <span class="${NO_WRAP}">pour vous</span>`,
    );
  });

  it("never break a word at its hyphen in body text: « e-/mail », « écrivez-/moi », « Saint-/Denis »", () => {
    const p = paragraph("Appelez-moi ou écrivez-moi par e-mail : je viens à Saint-Denis.");
    for (const word of ["Appelez-moi", "écrivez-moi", "e-mail", "Saint-Denis"]) {
      expect(p).toContain(`<span class="${NO_WRAP}">${word}</span>`);
    }
    // The text stays as typed (search, copy), and a link's target and an address are left alone.
    expect(visible(p)).toContain("Appelez-moi ou écrivez-moi par e-mail : je viens à Saint-Denis.");
    const linked = paragraph(
      `Écrivez à ${link("contact@mayotte-clim.yt", "mailto:contact@mayotte-clim.yt")} ou voyez ${link("la page", "/prendre-rendez-vous/")}.`,
      { html: true },
    );
    expect(linked).toContain('href="mailto:contact@mayotte-clim.yt">contact@mayotte-clim.yt</a>');
    expect(linked).toContain('href="/prendre-rendez-vous/"');
    // Every body text of every page: the hyphenated words of what a visitor reads are kept whole.
    for (const data of Object.values(TRADES)) {
      for (const page of kozaPages(data, writeFrenchSite(data), images(data, []))) {
        const body = page.content.match(/<(p|li)\b[^>]*>.*?<\/\1>/g) ?? [];
        for (const text of body) {
          const free = text
            .replace(new RegExp(`<span class="${NO_WRAP}">[^<]*</span>`, "g"), "")
            .replace(/<[^>]+>/g, " ")
            .replace(/\S*[@/.]\S*-\S*/g, "");
          expect(free.match(/[\p{L}\p{N}]-[\p{L}\p{N}]/u)?.[0], `${page.slug}: ${text}`).toBeUndefined();
        }
      }
    }
  });

  it("keep the banner's line like a title: no short word at the end of its lines", () => {
    const home = kozaPages(
      TRADES.restaurant,
      writeFrenchSite(TRADES.restaurant),
      images(TRADES.restaurant, []),
    )[0]?.content as string;
    const lead = /<p class="has-text-align-center has-large-font-size">(.*?)<\/p>/.exec(home)?.[1] ?? "";
    expect(lead).toContain(`<span class="${NO_WRAP}">le sourire</span>.`);
    expect(lead).toContain(`<span class="${NO_WRAP}">à Saint-Leu</span>`);
  });

  it("keep a short business name whole on a wide screen, and let a long one wrap", () => {
    for (const data of [TRADES.aircon, TRADES.restaurant]) {
      for (const style of KOZA_STYLES) {
        const site = { ...data, style };
        const [home, about] = kozaPages(site, writeFrenchSite(site), images(site, []));
        for (const title of [home, about].flatMap(
          (p) => p?.content.match(/<h[12][^>]*>.*?<\/h[12]>/g) ?? [],
        )) {
          if (!visible(title).includes(data.businessName)) continue;
          const kept = new RegExp(`<span class="${NAME}">((?:<span[^>]*>[^<]*</span>|[^<])*)</span>`).exec(
            title,
          );
          expect(visible(kept?.[1] ?? ""), title).toMatch(new RegExp(`${data.businessName}$`));
        }
      }
    }
    expect(heading("Bienvenue chez Mayotte Clim", { name: "Mayotte Clim" })).toContain(
      `Bienvenue <span class="${NAME}"><span class="${NO_WRAP}">chez Mayotte</span> Clim</span>`,
    );
    expect(heading("Bienvenue au Fournil", { name: "Le Fournil" })).toContain(
      `<span class="${NAME}"><span class="${NO_WRAP}">au Fournil</span></span>`,
    );
    // Longer than a phone's line in a title: free to wrap, even on a wide screen.
    const long = "Boulangerie Pâtisserie des Hauts";
    expect(heading(`Bienvenue à la ${long}`, { name: long })).not.toContain(NAME);
  });

  it.each(KOZA_STYLES)("name the offer with one word on the home page in the %s style", (style) => {
    for (const data of Object.values(TRADES)) {
      const site = { ...data, style };
      const home = kozaPages(site, writeFrenchSite(site), images(site, []))[0]?.content as string;
      const named = [...home.matchAll(/<(?:h2|a)[^>]*>(.*?)<\/(?:h2|a)>/g)]
        .map((m) => visible(m[1] ?? "").toLowerCase())
        .flatMap((label) => label.match(/\b(services|prestations|formules|offres)\b/) ?? [])
        .filter((word, i, all) => all.indexOf(word) === i);
      expect(named, `${data.businessName}, ${style}`).toHaveLength(1);
    }
  });

  it("are listed in the « site ready » e-mail as made: « Comment ça se passe » without photos", () => {
    const template = DEFAULT_TEMPLATES.find((t) => t.name === "koza_ready");
    if (!template) throw new Error("koza_ready missing");
    const mail = (photos: Media[]) => {
      const data = answers();
      const titles = kozaPages(data, writeFrenchSite(data), images(data, photos)).map((p) => p.title);
      return renderTemplate(template, { business_name: data.businessName, pages: pageList(titles) }).html;
    };
    const nbsp = (s: string) => s.replaceAll("\u00a0", " ");
    expect(nbsp(mail([]))).toContain(
      "« Accueil », « À propos », « Services », « Comment ça se passe » et « Contact »",
    );
    expect(mail([])).not.toContain("Réalisations");
    expect(nbsp(mail([photo(1)]))).toContain("« Services », « Réalisations » et « Contact »");
    expect(template.variables).toContain("pages");
  });
});
