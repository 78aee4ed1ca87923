import { KozaData } from "@lagon/contracts/koza-schemas";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { decodeQuotedPrintable, startSmtpSink, waitFor } from "../../test/smtp-sink.ts";
import { createTestApp } from "../../test/test-context.ts";
import { ensureBookingPage, KOZA_MENU } from "../booking/booking-site-page.ts";
import { emailLog, kozaSubmissions, orderLogs } from "../db/schema.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { SITE_UPGRADE_NAMES } from "../sites/site-upgrades.ts";
import { getSite, updateSite } from "../sites/sites-table.ts";
import { freePort } from "../wordpress/site-checks.ts";
import { contactForm } from "./blocks.ts";
import { giveContactFormOwnersVoice } from "./contact-form-voice.ts";
import { writeFrenchSite } from "./french-site-writer.ts";
import { generateKozaSiteJob } from "./generate-koza-site-job.ts";
import { ANSWERS, jpegPhoto, kozaSubmission, pngLogo, startFakeOpenAiApi } from "./test-support.ts";
import { WordPressRest } from "./wordpress-rest.ts";

/** The words as a visitor reads them: without the spans that keep some of them on one line. */
const unwrapped = (html: string) => html.replace(/<span class="koza-(?:nowrap|name)">|<\/span>/g, "");

const SUBDOMAIN = "payet-koza";

describe("Koza writes a 5-page site into a real WordPress", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let orderId: string;
  let token: string;

  const order = async () => {
    const o = await findShownOrder(t.ctx.db, orderId);
    if (!o) throw new Error("order missing");
    return o;
  };
  const orderLogsInOrder = () =>
    t.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, orderId)).orderBy(orderLogs.id);
  const latestSubmission = async () => {
    const [latest] = await t.ctx.db
      .select()
      .from(kozaSubmissions)
      .where(eq(kozaSubmissions.orderId, orderId))
      .orderBy(desc(kozaSubmissions.id))
      .limit(1);
    return latest;
  };
  const submit = async (data: unknown, files: [string, Buffer, string][] = []) => {
    const body = await kozaSubmission({ order_id: orderId, token, koza_data: JSON.stringify(data) }, files);
    return t.app.inject({ method: "POST", ...body });
  };
  const kozaDone = () =>
    waitFor(async () => {
      const { kozaStatus } = await getSite(t.ctx.db, orderId);
      if (kozaStatus === "error") throw new Error("Koza failed");
      return kozaStatus === "completed" ? order() : undefined;
    }, 120_000);
  /** What a visitor gets, over HTTP, from the customer's site. */
  const visit = async (path: string) => {
    const res = await t.ctx.wordpress.main.fetch(SUBDOMAIN, path);
    return { status: res.status, html: await res.text() };
  };
  const api = async <T>(path: string) =>
    (await (await t.ctx.wordpress.main.fetch(SUBDOMAIN, `/wp-json${path}`)).json()) as T;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      WP_PORT: String(await freePort()),
      AGENCY_EMAIL: "alertes@lagon.re",
    });
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
    // A real order: paid with Koza, provisioned into a live WordPress by the normal pipeline.
    orderId = await givenPaidOrder(t.ctx, { subdomain: SUBDOMAIN, kozaOption: true });
    const active = await waitFor(
      async () => ((await order()).status === "active" ? order() : undefined),
      90_000,
    );
    token = magicLinkToken(t.ctx, active);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("generates the five pages with the answers, photos, logo, menu and colours", async () => {
    const res = await submit(ANSWERS, [
      ["logo", await pngLogo(), "logo.png"],
      ["photo_0", await jpegPhoto("#f59e0b", { gps: true }), "four.jpg"],
      ["photo_1", await jpegPhoto("#16a34a"), "pains.jpg"],
      ["photo_2", await jpegPhoto("#1d4ed8"), "livraison.jpg"],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const done = await kozaDone();

    // The home page is Koza's: title, tagline, banner photo, colours, logo and menu.
    const home = await visit("/");
    expect(home.status).toBe(200);
    expect(home.html).toContain("<title>Boulangerie Payet");
    expect(home.html).toContain("Boulangerie artisanale à Saint-Paul — savoir-faire et sérieux");
    expect(home.html).toMatch(/wp-block-cover[^>]*>\s*<img[^>]+koza-\d+-photo-1/);
    expect(home.html).toContain("--wp--preset--color--accent-1: #c2410c");
    expect(home.html).toContain("--wp--preset--color--accent-3: #1e3a5f");
    expect(home.html).toContain("Vollkorn");
    expect(home.html).toMatch(/<img[^>]+src="[^"]+koza-\d+-logo\.png"[^>]+class="custom-logo"/);
    const menu = home.html.slice(home.html.indexOf("<header"), home.html.indexOf("</header>"));
    // A Business site books online: its "Réservation" page (made at install) comes before Contact.
    const labels = [...menu.matchAll(/wp-block-navigation-item__label">([^<]+)</g)].map((m) => m[1]);
    expect(labels).toEqual(["Accueil", "À propos", "Services", "Réalisations", "Réservation", "Contact"]);
    expect(menu).toMatch(/href="[^"]+\/reservation\/"/);
    for (const service of ANSWERS.services) expect(unwrapped(home.html)).toContain(service);
    // What sets the bakery apart is said on its home page; a bakery invites to come by.
    expect(home.html).toContain("des farines locales et une cuisson au feu de bois");
    expect(home.html).toContain("Adresse et horaires");
    expect(home.html).not.toContain("rendez-vous");

    const pages: [string, string[]][] = [
      ["/a-propos/", ["Boulangerie Payet", "gourmands de", "Nos valeurs"]],
      ["/services/", ANSWERS.services],
      ["/realisations/", ["wp-block-gallery", "koza-", "photo-2", "photo-3"]],
      [
        "/contact/",
        [
          "0262 00 00 00",
          "contact@payet.re",
          "3 rue des Flamboyants, 97460 Saint-Paul",
          // "6h-19h" kept on one line.
          'du mardi au dimanche, <span class="koza-nowrap">6h-19h</span>',
        ],
      ],
    ];
    for (const [path, texts] of pages) {
      const page = await visit(path);
      expect(page.status, path).toBe(200);
      for (const text of texts)
        expect(text.includes("<span") ? page.html : unwrapped(page.html), `${path}: ${text}`).toContain(text);
    }

    // The photos reached the media library without their EXIF metadata.
    const media = await api<{ slug: string; source_url: string }[]>("/wp/v2/media?per_page=100");
    expect(media.map((m) => m.slug.replace(/^koza-\d+-/, "")).sort()).toEqual([
      "logo",
      "photo-1",
      "photo-2",
      "photo-3",
    ]);
    const photo = media.find((m) => m.slug.endsWith("photo-1")) as { source_url: string };
    const bytes = Buffer.from(
      await (await t.ctx.wordpress.main.fetch(SUBDOMAIN, new URL(photo.source_url).pathname)).arrayBuffer(),
    );
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();

    const mail = await waitFor(() =>
      smtp.received.find(
        (m) => m.to.includes(done.customerEmail) && decodeQuotedPrintable(m.raw).includes("Koza a rédigé"),
      ),
    );
    expect(decodeQuotedPrintable(mail.raw)).toContain(`http://${SUBDOMAIN}.localhost:`);
    // The pages as made: with photos, "Réalisations".
    expect(decodeQuotedPrintable(mail.raw).replaceAll("\u00a0", " ")).toContain(
      "« Réalisations » et « Contact »",
    );
    const logs = await orderLogsInOrder();
    expect(logs.at(-1)?.details).toMatch(
      /^Site Koza généré : 5 pages, 3 photo\(s\) du client, 0 image\(s\) créée\(s\) \(\d+ ms\)\.$/,
    );
  });

  it("links a Réservation page made after the site (a plan change) from Koza's menu, before Contact, once", async () => {
    const o = await order();
    const site = await getSite(t.ctx.db, o.id);
    const wp = new WordPressRest(
      t.ctx.wordpress.hostFor(site),
      SUBDOMAIN,
      site.wpUsername as string,
      t.ctx.secrets.open(site.wpAppPasswordEnc as string),
    );
    // As if Koza had written the site before the plan had booking: no page, no link.
    const [page] = await wp.json<{ id: number }[]>("GET", "/wp/v2/pages?slug=reservation&_fields=id");
    await wp.json("DELETE", `/wp/v2/pages/${page?.id}?force=true`);
    const menus = await wp.json<{ id: number; slug: string; content: { raw: string } }[]>(
      "GET",
      "/wp/v2/navigation?context=edit&per_page=20",
    );
    const koza = menus.find((m) => m.slug === KOZA_MENU) as (typeof menus)[number];
    const without = koza.content.raw.replace(/<!-- wp:navigation-link \{"label":"Réservation"[^\n]*\n?/, "");
    await wp.json("POST", `/wp/v2/navigation/${koza.id}`, { content: without });
    const header = async () => {
      const html = (await visit("/")).html;
      const part = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
      return [...part.matchAll(/wp-block-navigation-item__label">([^<]+)</g)].map((m) => m[1]);
    };
    expect(await header()).toEqual(["Accueil", "À propos", "Services", "Réalisations", "Contact"]);

    expect(await ensureBookingPage(t.ctx, o, site)).toBe("Page Réservation créée.");
    const linked = ["Accueil", "À propos", "Services", "Réalisations", "Réservation", "Contact"];
    expect(await header()).toEqual(linked);
    expect((await visit("/reservation/")).html).toContain("/booking-widget/booking.js");
    expect(await ensureBookingPage(t.ctx, o, site)).toBe("Page Réservation déjà présente.");
    expect(await header()).toEqual(linked);
  });

  it("regenerates in place: same five pages, new words, old photos gone, nothing duplicated", async () => {
    // A generated site is not resubmitted from the questionnaire (409); a run that ended in
    // error after writing its pages is, and must then rewrite them in place.
    const again = await submit(ANSWERS, []);
    expect(again.statusCode, again.body).toBe(409);
    await updateSite(t.ctx.db, orderId, { kozaStatus: "error" });
    const res = await submit(
      {
        ...ANSWERS,
        businessName: "Payet & Fils",
        style: "bold",
        colors: { primary: "#7c3aed", secondary: "#0f172a" },
      },
      [["photo_0", await jpegPhoto("#111827"), "nouvelle.jpg"]],
    );
    expect(res.statusCode, res.body).toBe(200);
    await kozaDone();

    const pages = await api<{ slug: string }[]>("/wp/v2/pages?per_page=100");
    const slugs = pages.map((p) => p.slug).sort();
    for (const slug of ["a-propos", "accueil", "contact", "realisations", "services"]) {
      expect(
        slugs.filter((s) => s === slug),
        slug,
      ).toHaveLength(1);
    }
    const navigations = await t.ctx.wordpress.main
      .fetch(SUBDOMAIN, "/wp-json/wp/v2/navigation?per_page=100&status=publish", {
        headers: {
          Authorization: `Basic ${Buffer.from(`${(await getSite(t.ctx.db, orderId)).wpUsername}:${t.ctx.secrets.open((await getSite(t.ctx.db, orderId)).wpAppPasswordEnc as string)}`).toString("base64")}`,
        },
      })
      .then((r) => r.json() as Promise<{ slug: string }[]>);
    // WordPress's own fallback menu may exist too; Koza's two menus exist once each.
    const kozaMenus = navigations.map((n) => n.slug).filter((s) => s.startsWith("menu-koza"));
    expect(kozaMenus.sort()).toEqual(["menu-koza", "menu-koza-pied-de-page"]);

    const home = await visit("/");
    expect(home.html).toContain("Payet &amp; Fils");
    expect(home.html).toContain("--wp--preset--color--accent-1: #7c3aed");
    expect(home.html).toContain("Roboto Slab");
    expect(home.html).not.toContain("custom-logo");
    const media = await api<{ slug: string }[]>("/wp/v2/media?per_page=100");
    // The first run's logo and photos left the media library; only this run's photo is there.
    const latest = await latestSubmission();
    // The one photo leads; the pictures it does not cover are made.
    expect(media.map((m) => m.slug).sort()).toEqual(
      ["image-about", "image-service-2", "image-service-3", "photo-1"].map((s) => `koza-${latest?.id}-${s}`),
    );
    expect(home.html).toMatch(/wp-block-cover[^>]*>\s*<img[^>]+koza-\d+-photo-1/);
  });

  it("without any upload, puts pictures in the business's colours on every page", async () => {
    await updateSite(t.ctx.db, orderId, { kozaStatus: "error" });
    const res = await submit({
      ...ANSWERS,
      businessType: "Plombier",
      businessName: "Grondin Plomberie",
      businessDescription: "Je répare les fuites et j'installe les chauffe-eau dans l'Est.",
      services: ["Dépannage de fuites", "Pose de chauffe-eau solaire", "Rénovation de salle de bain"],
      colors: { primary: "#0ea5e9", secondary: "#0f172a" },
    });
    expect(res.statusCode, res.body).toBe(200);
    await kozaDone();

    const media =
      await api<{ slug: string; source_url: string; alt_text: string; mime_type: string }[]>(
        "/wp/v2/media?per_page=100",
      );
    expect(media.map((m) => m.slug.replace(/^koza-\d+-/, "")).sort()).toEqual([
      "image-about",
      "image-hero",
      "image-service-1",
      "image-service-2",
      "image-service-3",
    ]);
    expect(media.find((m) => m.slug.endsWith("service-2"))?.alt_text).toBe(
      "Pose de chauffe-eau solaire, par Grondin Plomberie",
    );
    // Each is a real picture on the site, in the customer's colours.
    for (const m of media) {
      expect(m.mime_type).toBe("image/jpeg");
      const bytes = Buffer.from(
        await (await t.ctx.wordpress.main.fetch(SUBDOMAIN, new URL(m.source_url).pathname)).arrayBuffer(),
      );
      expect((await sharp(bytes).metadata()).width, m.slug).toBeGreaterThanOrEqual(1200);
    }

    const images = (html: string) => [...html.matchAll(/<img[^>]+koza-\d+-image-[a-z0-9-]+/g)].length;
    const home = await visit("/");
    expect(home.html).toMatch(/wp-block-cover[^>]*>\s*<img[^>]+koza-\d+-image-hero/);
    expect(images(home.html)).toBeGreaterThanOrEqual(2);
    const services = await visit("/services/");
    for (const n of [1, 2, 3])
      expect(services.html).toMatch(new RegExp(`<img[^>]+koza-\\d+-image-service-${n}`));
    // Réalisations: no made picture passed off as work, the way of working instead, and a word
    // for the owner that the theme hides from visitors.
    const gallery = await visit("/realisations/");
    expect(gallery.html).not.toContain(`class="wp-block-gallery`);
    expect(images(gallery.html)).toBe(0);
    expect(gallery.html).toContain("Comment ça se passe");
    expect(gallery.html).toContain('<p class="koza-admin-only">');
    expect(gallery.html).toContain(".koza-admin-only{display:none}");
    expect(gallery.html).not.toContain("seront bientôt en ligne");
    expect(images((await visit("/a-propos/")).html)).toBeGreaterThanOrEqual(1);
    // The words are this plumber's, not a stock sentence.
    expect(unwrapped(home.html)).toMatch(/Je répare les fuites et j&[a-z0-9#]+;installe les chauffe-eau/);
    expect(services.html).not.toMatch(/règles de l&[a-z0-9#]+;art/);
  });

  it("keeps the words a chat model wrote: a retry after a failure builds the site without asking again", async () => {
    const model = await startFakeOpenAiApi();
    const good = (await getSite(t.ctx.db, orderId)).wpAppPasswordEnc;
    try {
      const submission = await latestSubmission();
      const words = writeFrenchSite(KozaData.parse(submission?.data));
      words.home.headline = "Des mots écrits une seule fois par le modèle";
      model.reply = {
        status: 200,
        body: { choices: [{ message: { role: "assistant", content: JSON.stringify(words) } }] },
      };
      const withModel = { ...t.ctx, config: { ...t.ctx.config, KOZA_LLM_URL: `${model.url}/` } };
      const run = (retryCount: number) =>
        generateKozaSiteJob.handle({ orderId, submissionId: submission?.id as number }, withModel, {
          name: generateKozaSiteJob.name,
          id: "reprise",
          retryCount,
          retryLimit: 3,
        });
      // A first attempt (no words kept yet, as for a new questionnaire) writes the words, keeps
      // them, then fails on WordPress.
      await t.ctx.db
        .update(kozaSubmissions)
        .set({ content: null })
        .where(eq(kozaSubmissions.id, submission?.id as number));
      await updateSite(t.ctx.db, orderId, { kozaStatus: "processing" });
      await updateSite(t.ctx.db, orderId, { wpAppPasswordEnc: t.ctx.secrets.seal("mauvais-mot-de-passe") });
      await expect(run(0)).rejects.toThrow(/WordPress .* 401/);
      expect(model.requests).toHaveLength(1);
      const [kept] = await t.ctx.db
        .select()
        .from(kozaSubmissions)
        .where(eq(kozaSubmissions.id, submission?.id as number));
      expect((kept?.content as { home?: { headline: string } } | undefined)?.home?.headline).toBe(
        words.home.headline,
      );

      // The retry, WordPress back: the site is built from the kept words, the model not asked again.
      await updateSite(t.ctx.db, orderId, { wpAppPasswordEnc: good });
      await run(1);
      expect(model.requests).toHaveLength(1);
      expect((await getSite(t.ctx.db, orderId)).kozaStatus).toBe("completed");
      expect(unwrapped((await visit("/")).html)).toContain("Des mots écrits une seule fois par le modèle");
      const logs = await orderLogsInOrder();
      expect(logs.at(-1)?.details).toMatch(
        /^Site Koza généré : .* ; textes repris d'une tentative précédente, sans les redemander\.$/,
      );
    } finally {
      await updateSite(t.ctx.db, orderId, { wpAppPasswordEnc: good });
      await model.close();
    }
  });

  it("gives a solo owner's site made before decision 0085 the form that says « je », once, and nothing else", async () => {
    const rest = new WordPressRest(
      t.ctx.wordpress.main,
      SUBDOMAIN,
      (await getSite(t.ctx.db, orderId)).wpUsername as string,
      t.ctx.secrets.open((await getSite(t.ctx.db, orderId)).wpAppPasswordEnc as string),
    );
    const page = async () =>
      (
        await rest.json<{ id: number; content: { raw: string } }[]>(
          "GET",
          "/wp/v2/pages?slug=contact&context=edit",
        )
      )[0] as {
        id: number;
        content: { raw: string };
      };
    const upgrade = async () => giveContactFormOwnersVoice(t.ctx, await order());
    const submission = (await latestSubmission()) as NonNullable<
      Awaited<ReturnType<typeof latestSubmission>>
    >;
    const setAnswers = (data: unknown) =>
      t.ctx.db.update(kozaSubmissions).set({ data }).where(eq(kozaSubmissions.id, submission.id));
    // The Contact page as Koza wrote it before decision 0085: the form without its voice.
    const before = (await page()).content.raw.replace(contactForm(true), contactForm(false));
    expect(before.split(contactForm(false))).toHaveLength(2);
    await rest.json("POST", `/wp/v2/pages/${(await page()).id}`, { content: before });
    // A team's form says "nous", and stays so.
    await setAnswers(ANSWERS);
    expect(await upgrade()).toBe("Site d'une équipe : le formulaire de contact dit « nous », inchangé.");
    expect((await page()).content.raw).toBe(before);

    // The answers of someone working alone: the form's block, and nothing else, gets the voice.
    await setAnswers({
      ...ANSWERS,
      businessDescription: "Je pétris tout moi-même, chaque matin à Saint-Paul.",
    });
    expect(await upgrade()).toBe(
      "Formulaire de contact à la première personne : « Je vous répondrai rapidement. »",
    );
    const after = before.replace(contactForm(false), contactForm(true));
    expect((await page()).content.raw).toBe(after);
    // Once: run again, it changes nothing.
    expect(await upgrade()).toBe("Formulaire de contact déjà à la première personne.");
    expect((await page()).content.raw).toBe(after);

    // A page the owner changed in a way it cannot recognise (the form moved into their own text) stays as it is.
    const edited = `${before.replace(contactForm(false), "")}<!-- wp:paragraph --><p>Écrivez-moi : [lagon_formulaire_contact]</p><!-- /wp:paragraph -->`;
    await rest.json("POST", `/wp/v2/pages/${(await page()).id}`, { content: edited });
    expect(await upgrade()).toBe(
      "Page Contact modifiée par le client : formulaire de contact laissé tel quel.",
    );
    expect((await page()).content.raw).toBe(edited);
    // Listed among the site upgrades, after the ones that give the form itself.
    expect(SITE_UPGRADE_NAMES.indexOf("contact-form-voice")).toBe(
      SITE_UPGRADE_NAMES.indexOf("mail-starttls") + 1,
    );
    await setAnswers(submission.data);
  });

  it("after the last failed attempt: Koza in error, an error log line and an alert to the agency", async () => {
    // A retried attempt that fails leaves Koza processing; the last one reports.
    await updateSite(t.ctx.db, orderId, { kozaStatus: "processing" });
    await updateSite(t.ctx.db, orderId, { wpAppPasswordEnc: t.ctx.secrets.seal("mauvais-mot-de-passe") });
    const [submission] = await t.ctx.db
      .select()
      .from(kozaSubmissions)
      .where(eq(kozaSubmissions.orderId, orderId))
      .limit(1);
    const run = (retryCount: number) =>
      generateKozaSiteJob.handle({ orderId, submissionId: submission?.id as number }, t.ctx, {
        name: generateKozaSiteJob.name,
        id: "essai",
        retryCount,
        retryLimit: 3,
      });

    await expect(run(0)).rejects.toThrow(/WordPress .* 401/);
    expect((await getSite(t.ctx.db, orderId)).kozaStatus).toBe("processing");
    await expect(run(3)).rejects.toThrow(/WordPress .* 401/);
    expect((await getSite(t.ctx.db, orderId)).kozaStatus).toBe("error");

    const logs = await orderLogsInOrder();
    expect(logs.at(-2)).toMatchObject({ level: "warning", action: "koza" });
    expect(logs.at(-1)).toMatchObject({ level: "error", action: "koza" });
    expect(logs.at(-1)?.details).toMatch(/^Échec de la génération Koza : WordPress .* 401/);
    expect(JSON.stringify(logs)).not.toContain("mauvais-mot-de-passe");
    const alert = await waitFor(() => smtp.received.find((m) => m.to.includes("alertes@lagon.re")));
    expect(decodeQuotedPrintable(alert.raw)).toContain(`Commande ${orderId}`);
    const emails = await t.ctx.db.select().from(emailLog).where(eq(emailLog.orderId, orderId));
    expect(emails.map((e) => e.template)).toContain("koza_failed_agency");
  });
});
