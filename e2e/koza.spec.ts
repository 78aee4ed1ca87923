import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { magicLinkIn, orderSite, waitForMail } from "./support/orders";
import { expect, type Page, test } from "./support/test";

const SHOTS = ".test-output/screenshots";
const FIXTURES = ".test-output/koza-fixtures";
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const SERVICES = ["Pain au levain", "Gâteaux péi sur commande", "Livraison aux restaurants"];

/** Real image files, made at test time: two photos (JPEG and PNG) and a logo. */
async function makeImages() {
  mkdirSync(FIXTURES, { recursive: true });
  const photo = (from: string, to: string) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="800" fill="url(#g)"/><circle cx="420" cy="400" r="190" fill="#fff" fill-opacity=".35"/></svg>`,
      ),
    );
  await photo("#d97706", "#7c2d12").jpeg().toFile(`${FIXTURES}/four.jpg`);
  await photo("#15803d", "#14532d").png().toFile(`${FIXTURES}/pains.png`);
  await sharp({ create: { width: 240, height: 240, channels: 4, background: "#7c2d12" } })
    .png()
    .toFile(`${FIXTURES}/logo.png`);
}

async function shoot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  // From the top with nothing focused, so the fixed header and the skip link sit where a visitor sees them.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
  });
  await page.screenshot({ path: `${SHOTS}/koza-${name}-${width}.png`, fullPage: true });
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The title of the questionnaire's current step, e.g. "Étape 2 sur 5 : Vos services". */
const stepTitle = (page: Page, name: string) =>
  page.getByRole("heading", { level: 2, name: new RegExp(`^Étape \\d sur 5 : ${name}$`) });

/**
 * Brings each image of the content into view for a rendered frame, so that a lazy one starts
 * loading, then checks that every one shows.
 */
async function imagesLoaded(page: Page) {
  const images = page.getByRole("main").locator("img");
  await images.evaluateAll(async (all) => {
    for (const image of all) {
      image.scrollIntoView({ block: "center" });
      // Two frames: the browser has rendered one with the image in view and seen it intersect.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    window.scrollTo(0, 0);
  });
  await expect
    .poll(() =>
      images.evaluateAll(
        (all) =>
          all.filter((i) => !(i as HTMLImageElement).complete || (i as HTMLImageElement).naturalWidth === 0)
            .length,
      ),
    )
    .toBe(0);
  return images.count();
}

async function noAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test("a customer fills the Koza questionnaire with real photos and gets a 5-page site in their WordPress", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await makeImages();

  // An order with Koza, through the checkout API and the local test checkout.
  const email = "koza-e2e@example.re";
  await orderSite(request, { subdomain: "fournil-koza", email, koza: true, company: "Le Fournil" });
  const link = new URL(magicLinkIn(await waitForMail(email, /\/dashboard\//)));
  const orderId = link.pathname.split("/").at(-1) as string;
  const token = link.searchParams.get("token") as string;
  await expect
    .poll(async () => (await (await request.get(`/api/order/${orderId}?token=${token}`)).json()).status, {
      timeout: 120_000,
    })
    .toBe("active");

  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole("link", { name: "Remplir le questionnaire Koza" }).click();
  await expect(page).toHaveURL(/\/koza-questionnaire\?orderId=.+&token=/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  // 1 Votre activité (at 375 px)
  await expect(stepTitle(page, "Votre activité")).toBeVisible();
  await expect(page.getByRole("button", { name: "Précédent" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Générer mon site !" })).toHaveCount(0);
  await page.getByRole("textbox", { name: "Type d'activité" }).fill("Boulangerie artisanale");
  await page.getByRole("textbox", { name: "Nom de l'entreprise" }).fill("Le Fournil de Saint-Leu");
  await page
    .getByRole("textbox", { name: "Description courte (2-3 phrases)" })
    .fill("Pains au levain cuits au feu de bois chaque matin. Viennoiseries et gâteaux péi faits maison.");
  await page
    .getByRole("textbox", { name: "Votre clientèle (optionnel)" })
    .fill("les familles et les restaurants de l'Ouest");
  await shoot(page, "step1", 375);
  await noAxeViolations(page);
  await page.getByRole("button", { name: "Suivant" }).click();

  // 2 Vos services
  await expect(stepTitle(page, "Vos services")).toBeVisible();
  for (const [i, service] of SERVICES.entries()) {
    await page.getByRole("textbox", { name: `Service ${i + 1}` }).fill(service);
  }
  await page
    .getByRole("textbox", { name: "Ce qui vous distingue" })
    .fill("Des farines locales et un four à bois");
  await shoot(page, "step2", 375);
  await page.getByRole("button", { name: "Suivant" }).click();

  // 3 Votre identité: colours, style, logo and photos (one removed, then added back)
  await expect(stepTitle(page, "Votre identité")).toBeVisible();
  await page.getByLabel("Couleur principale").fill("#b45309");
  await page.getByLabel("Couleur secondaire").fill("#1e3a5f");
  await page.getByLabel("Style").selectOption({ label: "Classique" });
  await page.getByLabel("Logo (optionnel)").setInputFiles(`${FIXTURES}/logo.png`);
  const photos = page.getByLabel("Photos de vos réalisations (optionnel)");
  await photos.setInputFiles([`${FIXTURES}/four.jpg`, `${FIXTURES}/pains.png`]);
  await expect(page.getByRole("img", { name: /^la photo/ })).toHaveCount(2);
  await page.getByRole("button", { name: "Retirer la photo pains.png" }).click();
  await expect(page.getByRole("img", { name: /^la photo/ })).toHaveCount(1);
  await photos.setInputFiles([`${FIXTURES}/pains.png`]);
  await expect(page.getByRole("img", { name: /^la photo/ })).toHaveCount(2);
  await expect(page.getByRole("img", { name: "le logo logo.png" })).toBeVisible();
  await shoot(page, "step3", 375);
  await shoot(page, "step3", 1280);
  await noAxeViolations(page);
  await page.getByRole("button", { name: "Suivant" }).click();

  // 4 Informations contact (at 1280 px)
  await expect(stepTitle(page, "Informations contact")).toBeVisible();
  await page.getByRole("textbox", { name: "Téléphone" }).fill("0262 11 22 33");
  await page.getByRole("textbox", { name: "E-mail" }).fill("fournil@example.re");
  await page.getByRole("textbox", { name: "Adresse complète" }).fill("5 rue du Port, 97436 Saint-Leu");
  await page
    .getByRole("textbox", { name: "Horaires d'ouverture (optionnel)" })
    .fill("Tous les jours, 6h-13h");
  await shoot(page, "step4", 1280);
  await page.getByRole("button", { name: "Suivant" }).click();

  // 5 Validation: the recap and the 15-minute warning
  await expect(stepTitle(page, "Validation")).toBeVisible();
  await expect(page.getByText("La génération prend environ 15 minutes.")).toBeVisible();
  await expect(page.locator(".koza-recap")).toContainText("Gâteaux péi sur commande");
  await expect(page.locator(".koza-recap")).toContainText("Un logo, 2 photos");
  await shoot(page, "step5", 1280);
  await shoot(page, "step5", 375);
  await noAxeViolations(page);

  let alert = "";
  page.once("dialog", (d) => {
    alert = d.message();
    void d.accept();
  });
  // The alert blocks the page until accepted: the click must not wait for what follows it.
  await page.getByRole("button", { name: "Générer mon site !" }).click({ noWaitAfter: true });
  await expect
    .poll(() => alert)
    .toBe("Koza génère votre site ! Vous recevrez un email dès que c'est prêt (~15min).");
  await expect(page).toHaveURL(new RegExp(`/dashboard/${orderId}\\?token=`));
  await expect
    .poll(
      async () => (await (await request.get(`/api/order/${orderId}?token=${token}`)).json()).koza_status,
      {
        timeout: 120_000,
      },
    )
    .toBe("completed");
  await expect(page.getByText(/Koza a terminé/)).toBeVisible({ timeout: 15_000 });
  await waitForMail(email, /Koza a rédigé/);

  // The customer's WordPress site, as a visitor sees it.
  await page.setViewportSize({ width: 1280, height: 900 });
  const site = (await page
    .getByRole("link", { name: "Voir mon site" })
    .first()
    .getAttribute("href")) as string;
  expect(site).toMatch(/^http:\/\/fournil-koza\.localhost:\d+/);
  await page.goto(site);
  await expect(page).toHaveTitle(/Le Fournil de Saint-Leu/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Le Fournil de Saint-Leu");
  // The title never breaks after "Saint-": WordPress keeps Koza's span, and the theme its style.
  await expect(
    page.getByRole("heading", { level: 1 }).locator(".koza-nowrap", { hasText: "Saint-Leu" }),
  ).toHaveCSS("white-space", "nowrap");
  for (const service of SERVICES) await expect(page.getByRole("heading", { name: service })).toBeVisible();
  const banner = page.locator(".wp-block-cover img").first();
  await expect(banner).toHaveAttribute("src", /koza-\d+-photo-1/);
  expect(await banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.locator("img.custom-logo")).toBeVisible();
  // The chosen colours drive the theme: the call-to-action band is the primary colour.
  const band = page.locator(".has-accent-1-background-color").first();
  await expect(band).toHaveCSS("background-color", "rgb(180, 83, 9)");
  await expect(page.getByRole("heading", { name: "Le Fournil de Saint-Leu" }).first()).toHaveCSS(
    "font-family",
    /Vollkorn/,
  );
  const menu = page.getByRole("banner").getByRole("navigation");
  for (const label of ["Accueil", "À propos", "Services", "Réalisations", "Contact"]) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  expect(await imagesLoaded(page)).toBe(2);
  // What sets the bakery apart, on its home page; a bakery invites to come by, not to book.
  await expect(page.getByText(/des farines locales et un four à bois/i).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Adresse et horaires" }).first()).toBeVisible();
  await expect(page.getByText(/rendez-vous/i)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/koza-site-home-1280.png`, fullPage: true });

  await menu.getByRole("link", { name: "Services", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services");
  for (const service of SERVICES) await expect(page.getByRole("heading", { name: service })).toBeVisible();
  // Two photos for the first two services; the third gets a made picture.
  expect(await imagesLoaded(page)).toBe(3);
  await expect(page.locator("main img").nth(2)).toHaveAttribute("src", /koza-\d+-image-service-3/);
  await page.screenshot({ path: `${SHOTS}/koza-site-services-1280.png`, fullPage: true });

  // The customer's two photos side by side, never completed with made pictures.
  await menu.getByRole("link", { name: "Réalisations", exact: true }).click();
  await expect(page.locator(".wp-block-gallery.columns-2 img")).toHaveCount(2);
  await expect(page.locator(".wp-block-gallery img").first()).toHaveAttribute("src", /koza-\d+-photo-1/);
  expect(await imagesLoaded(page)).toBe(2);
  await page.screenshot({ path: `${SHOTS}/koza-site-realisations-1280.png`, fullPage: true });

  await menu.getByRole("link", { name: "À propos", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Nos valeurs" })).toBeVisible();

  await menu.getByRole("link", { name: "Contact", exact: true }).click();
  const main = page.getByRole("main");
  for (const text of [
    "0262 11 22 33",
    "fournil@example.re",
    "5 rue du Port, 97436 Saint-Leu",
    "Tous les jours, 6h-13h",
  ]) {
    await expect(main.getByText(text).first()).toBeVisible();
  }
  // Body text never breaks "Saint-/Leu" at its hyphen: WordPress keeps Koza's span there too.
  await expect(main.getByRole("listitem").locator(".koza-nowrap", { hasText: "Saint-Leu" })).toHaveCSS(
    "white-space",
    "nowrap",
  );
  // The form's button has the shape of the page's other buttons: rounded, not square.
  const radius = (button: ReturnType<typeof main.locator>) =>
    button.evaluate((b) => getComputedStyle(b).borderTopLeftRadius);
  const shape = await radius(main.getByRole("link", { name: "Appeler" }));
  expect(shape).not.toBe("0px");
  expect(await radius(main.getByRole("button", { name: "Envoyer" }))).toBe(shape);
  await page.screenshot({ path: `${SHOTS}/koza-site-contact-1280.png`, fullPage: true });
});

test("a Koza site bought without any photo shows pictures in its colours on every page", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const email = "koza-sans-photo@example.re";
  await orderSite(request, { subdomain: "grondin-koza", email, koza: true, company: "Grondin Plomberie" });
  const link = new URL(magicLinkIn(await waitForMail(email, /\/dashboard\//)));
  const orderId = link.pathname.split("/").at(-1) as string;
  const token = link.searchParams.get("token") as string;
  const order = async () => (await request.get(`/api/order/${orderId}?token=${token}`)).json();
  await expect.poll(async () => (await order()).status, { timeout: 120_000 }).toBe("active");

  // The questionnaire as the browser posts it, with no logo and no photo.
  const res = await request.post("/api/koza/generate-site", {
    // The order and its token travel in the address: the server checks them before the body.
    params: { order_id: orderId, token },
    multipart: {
      order_id: orderId,
      token,
      koza_data: JSON.stringify({
        businessType: "Plombier",
        businessName: "Grondin Plomberie",
        businessDescription:
          "Je répare les fuites et j'installe les chauffe-eau solaires chez les particuliers de l'Est.",
        targetAudience: "les particuliers et les petits commerces",
        services: ["Dépannage de fuites", "Pose de chauffe-eau solaire", "Rénovation de salle de bain"],
        uniqueValue: "Je me déplace dans l'heure, même le week-end",
        contactInfo: {
          phone: "0692 11 22 33",
          email: "grondin@example.re",
          address: "12 rue des Letchis, 97470 Saint-Benoît",
          hours: "",
        },
        colors: { primary: "#0ea5e9", secondary: "#0f172a" },
        style: "modern",
        additionalPages: [],
      }),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await expect.poll(async () => (await order()).koza_status, { timeout: 120_000 }).toBe("completed");

  await page.setViewportSize({ width: 1280, height: 900 });
  const site = (await order()).site_url as string;
  expect(site).toMatch(/^http:\/\/grondin-koza\.localhost:\d+/);
  await page.goto(site);
  await expect(page).toHaveTitle(/Grondin Plomberie/);
  const banner = page.locator(".wp-block-cover img").first();
  await expect(banner).toHaveAttribute("src", /koza-\d+-image-hero/);
  expect(await imagesLoaded(page)).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: `${SHOTS}/koza-illustrated-home-1280.png`, fullPage: true });

  const menu = page.getByRole("banner").getByRole("navigation");
  await menu.getByRole("link", { name: "Services", exact: true }).click();
  await expect(
    page.getByRole("img", { name: "Pose de chauffe-eau solaire, par Grondin Plomberie" }),
  ).toBeVisible();
  expect(await imagesLoaded(page)).toBe(3);
  await page.screenshot({ path: `${SHOTS}/koza-illustrated-services-1280.png`, fullPage: true });

  // No photo: the Réalisations page is named after what it shows, how the work goes, with no made
  // picture passed off as work; the word asking the owner for photos is hidden from visitors.
  await menu.getByRole("link", { name: "Comment ça se passe", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Comment ça se passe" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "2. Recevez un devis" })).toBeVisible();
  expect(await imagesLoaded(page)).toBe(0);
  await expect(page.getByText("Vous seul voyez ce message")).toBeHidden();
  await expect(page.getByRole("link", { name: "Demander un devis" }).first()).toBeVisible();
  await expect(page.getByText("seront bientôt en ligne")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/koza-illustrated-realisations-1280.png`, fullPage: true });

  // On a phone too, the banner and the services' pictures show, and nothing is wider than the screen.
  await page.goto(site);
  await page.setViewportSize({ width: 375, height: 900 });
  expect(await imagesLoaded(page)).toBeGreaterThanOrEqual(2);
  await shoot(page, "illustrated-home", 375);
});
